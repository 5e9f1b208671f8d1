import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies (issue 21, section 3; decision 0046). A client that sends `Content-Type: application/json` on every
 * call (spec point 7: "JSON headers") sends it on a DELETE, or a POST that carries nothing, without a body;
 * Fastify's own parser answers such an empty body 400 before the route's authorisation runs, so a caller who may
 * not act read "Dados inválidos" instead of 401/403, and one who may could not act at all. Here an empty (or
 * blank) JSON body is no body (`undefined`): authorisation runs first, then the route's schema says what is
 * missing, if anything. A body that is there is parsed by Fastify's default parser, unchanged: malformed JSON
 * is 400, and `__proto__` and `constructor.prototype` keys are refused.
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
