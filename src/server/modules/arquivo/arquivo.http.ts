import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Headers of every file this server hands out (documents, receipts): shown in the browser, never cached, never
 * sniffed as another type, and a policy that lets the browser's PDF viewer and image view work and nothing else.
 */
export function enviarArquivo(
  reply: FastifyReply,
  arquivo: { bytes: Buffer; mime: string; nomeArquivo: string },
  contentDisposition = contentDispositionInline(arquivo.nomeArquivo),
) {
  return reply
    .header('content-type', arquivo.mime)
    .header('content-disposition', contentDisposition)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'")
    .send(arquivo.bytes);
}

/** `inline; filename="ascii"; filename*=UTF-8''…` (RFC 6266): the name a browser offers when saving. */
export function contentDispositionInline(nome: string): string {
  const ascii = nome.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(nome)}`;
}

/**
 * For the addresses a browser opens in a new tab (no headers): the `jwt` query parameter stands for the bearer
 * token. Runs before `app.autorizar`, which then authenticates it as any bearer token. A header, when present, wins.
 */
export async function jwtDaQuery(req: FastifyRequest): Promise<void> {
  const jwt = (req.query as { jwt?: unknown } | undefined)?.jwt;
  if (typeof jwt === 'string' && jwt && !req.headers.authorization) req.headers.authorization = `Bearer ${jwt}`;
}
