import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { FastifyStaticOptions } from '@fastify/static';

/**
 * The built web app on the wire (decision 0017): pre-compressed copies, so no CPU goes on compressing; hashed
 * /assets immutable for a year; anything else revalidated, so a new release is seen at once.
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
