import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What an /api answer without a cache policy of its own gets. */
export const CACHE_API_PADRAO = 'private, no-store';

/**
 * Issue 33, point 3 (decision 0067): an /api answer is kept by no browser or proxy unless its route says otherwise
 * (reference lists, statistics and the like set their own header). Answers with personal data had none
 * (GET /api/solicitacao/{id}), and a shared cache or the browser's back button could serve them again.
 */
export const cacheApiPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (req, reply, payload) => {
    if (!reply.hasHeader('cache-control') && (req.url === '/api' || req.url.startsWith('/api/') || req.url.startsWith('/api?'))) {
      reply.header('cache-control', CACHE_API_PADRAO);
    }
    return payload;
  });
});
