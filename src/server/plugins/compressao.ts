import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** JSON (the API's envelope) and text; files, PDFs and streams go as they are. */
const COMPRIMIVEL = /^(application\/(json|problem\+json)|text\/(plain|html|csv))\b/;

export function codificacaoAceita(cabecalho: string | undefined): 'br' | 'gzip' | null {
  if (!cabecalho) return null;
  const aceitas = new Map<string, number>();
  for (const parte of cabecalho.toLowerCase().split(',')) {
    const [nome = '', ...params] = parte.trim().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    aceitas.set(nome.trim(), q === undefined ? 1 : Number(q));
  }
  const peso = (nome: string) => aceitas.get(nome) ?? aceitas.get('*') ?? 0;
  if (peso('br') > 0) return 'br';
  if (peso('gzip') > 0) return 'gzip';
  return null;
}

/** Below this an answer fits the first TCP segment as it is: compressing it saves no packet, only CPU. */
export const LIMIAR_COMPRESSAO = 1400;
/** Up to this an answer is compressed at a cheap level, synchronously (decision 0160: brotli 4 on small answers was 8–13 % of the CPU). */
export const LIMIAR_NIVEL_BARATO = 16 * 1024;

function comprimirBarato(codificacao: 'br' | 'gzip', payload: string | Buffer, tamanho: number): Buffer {
  // Quality 1 with a window no larger than the answer: about a third of quality 4's time on a few KB of JSON,
  // 10–15 % larger; done in line, as a thread-pool hop costs more than the work at this size.
  return codificacao === 'br'
    ? zlib.brotliCompressSync(payload, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: tamanho,
        [zlib.constants.BROTLI_PARAM_LGWIN]: Math.max(zlib.constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(tamanho + 16))),
      },
    })
    : zlib.gzipSync(payload, { level: 1 });
}

/**
 * API answers of `limiar` bytes or more go compressed when accepted (decisions 0017 and 0160): up to
 * `LIMIAR_NIVEL_BARATO` at a cheap level (brotli 1, gzip 1), above it brotli 4 or gzip 6 off the event loop. The web
 * app's files are compressed at build time and never pass here twice.
 */
export function comprimirRespostas(app: FastifyInstance, { limiar = LIMIAR_COMPRESSAO }: { limiar?: number } = {}) {
  // Callback style: most answers (every small one) leave at once, without a promise of their own.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (reply.hasHeader('content-encoding') || req.method === 'HEAD') return done(null, payload);
    if (!COMPRIMIVEL.test(String(reply.getHeader('content-type') ?? ''))) return done(null, payload);
    const tamanho = Buffer.byteLength(payload);
    if (tamanho < limiar) return done(null, payload);
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/\baccept-encoding\b/i.test(vary)) reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    const codificacao = codificacaoAceita(req.headers['accept-encoding']);
    if (!codificacao) return done(null, payload);
    const comprimido = (corpo: Buffer) => {
      reply.header('content-encoding', codificacao);
      reply.removeHeader('content-length');
      done(null, corpo);
    };
    if (tamanho <= LIMIAR_NIVEL_BARATO) {
      let corpo: Buffer;
      try {
        corpo = comprimirBarato(codificacao, payload, tamanho);
      } catch (err) {
        return done(err as Error);
      }
      return comprimido(corpo);
    }
    const emSegundoPlano = codificacao === 'br'
      ? brotli(payload, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: tamanho } })
      : gzip(payload, { level: 6 });
    emSegundoPlano.then(comprimido, (err: Error) => done(err));
  });
}
