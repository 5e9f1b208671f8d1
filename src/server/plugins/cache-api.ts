import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What an /api answer without a cache policy of its own gets. */
export const CACHE_API_PADRAO = 'private, no-store';

/**
 * An /api answer is kept by no browser or proxy unless its route sets its own header (decision 0067): personal data
 * must not be served again by a shared cache or the back button.
 */
export const cacheApiPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && (req.url === '/api' || req.url.startsWith('/api/') || req.url.startsWith('/api?'))) {
      reply.header('cache-control', CACHE_API_PADRAO);
    }
    done(null, payload);
  });
});
