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

/**
 * API answers of `limiar` bytes or more go compressed when accepted (decision 0017): brotli 4 or gzip 6, a fraction of
 * a millisecond for a page of JSON. The web app's files are compressed at build time and never pass here twice.
 */
export function comprimirRespostas(app: FastifyInstance, { limiar = 1024 }: { limiar?: number } = {}) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || req.method === 'HEAD') return payload;
    if (!COMPRIMIVEL.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const tamanho = Buffer.byteLength(payload);
    if (tamanho < limiar) return payload;
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/\baccept-encoding\b/i.test(vary)) reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    const codificacao = codificacaoAceita(req.headers['accept-encoding']);
    if (!codificacao) return payload;
    const corpo = codificacao === 'br'
      ? await brotli(payload, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: tamanho } })
      : await gzip(payload, { level: 6 });
    reply.header('content-encoding', codificacao);
    reply.removeHeader('content-length');
    return corpo;
  });
}
