import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { codigoErroDoStatus } from './lib/errors';

/**
 * Every request gets an answer (decision 0070):
 *
 * - An answer sent before the body was read (413, a parser refusal) keeps the connection, and the rest of the body is
 *   read and discarded, within bounds: closed at once, the kernel reset it and the client got EPIPE, not the answer.
 * - A request Node's parser refuses gets the envelope, then the connection is ended.
 */

/** Below it, twice the route's limit. Counted in bytes read from the socket, which a caller cannot lie about. */
export const LIMITE_DRENAGEM_BYTES = 2 * 1024 * 1024;
export const PRAZO_DRENAGEM_MS = 10_000;

const MENSAGENS: Record<number, string> = {
  400: 'A requisição está malformada ou foi interrompida. Tente novamente.',
  408: 'A requisição demorou demais para chegar. Tente novamente.',
  413: 'O conteúdo enviado excede o tamanho permitido.',
  431: 'Os cabeçalhos da requisição são grandes demais.',
};

/** The status Node's parser error stands for. */
function statusDoErro(err: NodeJS.ErrnoException): number {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (err.code === 'HPE_HEADER_OVERFLOW') return 431;
  if (err.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return 413;
  return 400;
}

const ATENDIDO = Symbol('rgp.erro-do-cliente.atendido');
type SocketMarcado = Socket & { [ATENDIDO]?: boolean; _httpMessage?: { headersSent?: boolean } | null };

/** Not when the request in flight already has its answer on the wire: a second would answer a request never sent. */
export function erroDoCliente(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  const s = socket as SocketMarcado;
  if (s[ATENDIDO]) return;
  s[ATENDIDO] = true;
  if (err.code === 'ECONNRESET' || s.destroyed) {
    s.destroy();
    return;
  }
  this.log.debug({ err: { code: err.code, message: err.message } }, 'client error');
  if (s.writable && !s._httpMessage?.headersSent) {
    const status = statusDoErro(err);
    const mensagem = MENSAGENS[status]!;
    const corpo = JSON.stringify({ codigo: status, mensagem, erros: [mensagem], codigoErro: codigoErroDoStatus(status) });
    s.write(`HTTP/1.1 ${status} ${status === 400 ? 'Bad Request' : status === 408 ? 'Request Timeout' : status === 413 ? 'Payload Too Large' : 'Request Header Fields Too Large'}\r\n`
      + `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(corpo)}\r\nConnection: close\r\n\r\n${corpo}`);
  }
  // A close with unread bytes would reset the connection and lose the answer.
  s.end();
  s.resume();
  setTimeout(() => s.destroy(), PRAZO_DRENAGEM_MS).unref();
  s.once('close', () => s.removeAllListeners('data'));
}

export function limiteDeDrenagem(limiteDaRota: number): number {
  return Math.min(2 * limiteDaRota, LIMITE_DRENAGEM_BYTES);
}

/** Read here, not by Node's own drain of an unread body, which reads it unseen to its end. */
export function drenarCorpoAposRespostaAntecipada(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    const raw = req.raw;
    // An injected request's socket (app.inject) has neither destroy() nor bytesRead.
    if (raw.complete !== false || raw.destroyed || typeof (raw.socket as Partial<typeof raw.socket> | null)?.destroy !== 'function') return done(null, payload);
    const limite = limiteDeDrenagem(req.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? LIMITE_DRENAGEM_BYTES);
    const declarado = Number(req.headers['content-length']);
    if (Number.isFinite(declarado) && declarado > limite) {
      reply.header('connection', 'close');
      return done(null, payload);
    }
    if (String(reply.getHeader('connection') ?? '').toLowerCase() === 'close') reply.removeHeader('connection');
    const socket = raw.socket;
    const base = socket.bytesRead;
    const resposta = reply.raw;
    // Past the bound (a chunked body declares no length), reading stops and the connection goes once the answer
    // has gone out.
    const conferir = () => {
      if (socket.bytesRead - base <= limite) return;
      fim();
      raw.pause();
      if (resposta.writableFinished) socket.destroy();
      else resposta.once('finish', () => socket.destroy());
    };
    const prazo = setTimeout(() => socket.destroy(), PRAZO_DRENAGEM_MS);
    prazo.unref();
    const fim = () => {
      clearTimeout(prazo);
      raw.off('data', conferir);
    };
    raw.on('data', conferir);
    raw.once('end', fim);
    raw.once('close', fim);
    raw.resume();
    done(null, payload);
  });
}
