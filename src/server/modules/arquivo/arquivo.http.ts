import type { FastifyRequest } from 'fastify';

/**
 * For the addresses a browser opens in a new tab (no headers): the `jwt` query parameter stands for the bearer
 * token. Runs before `app.autorizar`, which then authenticates it as any bearer token. A header, when present, wins.
 */
export async function jwtDaQuery(req: FastifyRequest): Promise<void> {
  const jwt = (req.query as { jwt?: unknown } | undefined)?.jwt;
  if (typeof jwt === 'string' && jwt && !req.headers.authorization) req.headers.authorization = `Bearer ${jwt}`;
}
