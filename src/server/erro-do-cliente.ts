import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { codigoErroDoStatus } from './lib/errors';

/**
 * Every request gets an answer (issue 33, point 4; decision 0070). Two ways one did not:
 *
 * - **An early answer closed the connection with the body still coming.** Fastify answers a body over the limit
 *   (413), or one its parser refuses mid-stream, with `Connection: close` before reading the rest; the kernel then
 *   resets the connection on the bytes still arriving, and a client that sends its whole body before reading (most
 *   do) got EPIPE instead of the answer. Here such an answer keeps the connection and the rest of the body is read
 *   and discarded, bounded by the bytes actually read from the socket after the answer (`limiteDeDrenagem`:
 *   twice the route's body limit, at most 2 MB; a chunked body, which declares no length, alike) and by
 *   `PRAZO_DRENAGEM_MS`: past either, or a body declared over the bound, the connection is dropped as before.
 *   Bounded only by a declared 32 MB (and a chunked body not at all, for 10 s), an anonymous caller could make the
 *   server read 32 MB and more per connection.
 * - **A request Node's parser refuses** (a body cut short by a half-close, bad chunk framing, headers too large,
 *   a timeout) was answered by Fastify's default handler in English, outside the envelope. Here it gets the envelope,
 *   then the connection is ended (our side first, so the answer is not lost) and dropped shortly after.
 */

/**
 * Most read of a body after an early answer, whatever the route's limit; below it, twice the route's limit (a body
 * somewhat over the limit, the EPIPE case, still gets its answer). Counted in bytes read from the socket.
 */
export const LIMITE_DRENAGEM_BYTES = 2 * 1024 * 1024;
/** Longest the rest of a body is read after an early answer (and a broken connection kept after its answer). */
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

/**
 * Fastify's `clientErrorHandler`: the envelope, once per connection, unless the request in flight already has its
 * answer on the wire (a second one would be read as the answer to a request never sent) or the peer is gone.
 */
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
  // Our side ends after the answer; what the client still sends is read and discarded (a close with unread bytes
  // would reset the connection and lose the answer), until it closes or the deadline drops it.
  s.end();
  s.resume();
  setTimeout(() => s.destroy(), PRAZO_DRENAGEM_MS).unref();
  s.once('close', () => s.removeAllListeners('data'));
}

/** The most of a body read and discarded after an early answer on a route whose body limit is `limiteDaRota`. */
export function limiteDeDrenagem(limiteDaRota: number): number {
  return Math.min(2 * limiteDaRota, LIMITE_DRENAGEM_BYTES);
}

/**
 * Keeps the connection of an answer sent before its request's body was read, so that the body is drained rather
 * than reset under the client (see above), and bounds the drain by the bytes read from the socket after the answer
 * and by time. The body is read here, not by Node's own drain of an unread body, which reads it unseen to its end.
 */
export function drenarCorpoAposRespostaAntecipada(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    const raw = req.raw;
    // Read whole, or made with app.inject (the development identity provider calls its own server so): an injected
    // request's socket is a stand-in without destroy() nor bytesRead, and a timer calling it stopped the process.
    if (raw.complete !== false || raw.destroyed || typeof (raw.socket as Partial<typeof raw.socket> | null)?.destroy !== 'function') return payload;
    const limite = limiteDeDrenagem(req.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? LIMITE_DRENAGEM_BYTES);
    const declarado = Number(req.headers['content-length']);
    if (Number.isFinite(declarado) && declarado > limite) {
      reply.header('connection', 'close');
      return payload;
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
    return payload;
  });
}
