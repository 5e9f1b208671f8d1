import type { FastifyInstance } from 'fastify';

/**
 * An empty JSON body is no body (decision 0046): clients send `Content-Type: application/json` on a DELETE too, and
 * Fastify's 400 would come before the route's authorisation. A body that is there is parsed by Fastify's default
 * parser, which refuses `__proto__` keys.
 */
export function aceitarCorpoJsonVazio(app: FastifyInstance): void {
  const padrao = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, corpo, done) => {
    const texto = typeof corpo === 'string' ? corpo : corpo.toString('utf8');
    if (texto.trim() === '') {
      done(null, undefined);
      return;
    }
    padrao(req, texto, done);
  });
}
