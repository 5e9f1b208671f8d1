import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { FastifyStaticOptions } from '@fastify/static';

/**
 * How the built web app (dist/web) goes on the wire (decision 0017). The build writes a brotli (`.br`) and a
 * gzip (`.gz`) copy beside every text file (vite.config.ts); @fastify/static picks one by the request's
 * Accept-Encoding (`preCompressed`), so the server spends no CPU compressing, and answers `Vary:
 * accept-encoding`. Files under /assets carry a hash of their content in the name: a year, immutable. Every
 * other file (index.html, the favicon) is revalidated on each use (`no-cache`, with its ETag), so a new
 * release is seen at once.
 */
export const CACHE_IMUTAVEL = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDAR = 'no-cache';

export function cacheDoArquivo(root: string, arquivo: string): string {
  const relativo = path.relative(root, arquivo).split(path.sep);
  return relativo[0] === 'assets' && relativo.length > 1 ? CACHE_IMUTAVEL : CACHE_REVALIDAR;
}

export function opcoesDaWeb(root: string): FastifyStaticOptions {
  return {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The header is written by setHeaders, per file.
    cacheControl: false,
    setHeaders: (reply: FastifyReply, arquivo: string) => {
      reply.header('cache-control', cacheDoArquivo(root, arquivo));
    },
  };
}
