import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for the API's own mutating routes (Better Auth checks its own
 * under /api/auth). A browser always sends Origin on a POST/PUT/PATCH/DELETE; it must be this
 * site's. Server-to-server callers (provider webhooks, scripts) send none and are judged by their
 * own signatures. The session cookie is also SameSite=Lax.
 */
export const originCheckPlugin = fp(async (app: FastifyInstance, options: { baseUrl: string }) => {
  const configured = new URL(options.baseUrl).origin;
  app.addHook('onRequest', async (req, reply) => {
    if (SAFE_METHODS.has(req.method) || !req.url.startsWith('/api/') || req.url.startsWith('/api/auth/')) return;
    const origin = req.headers.origin;
    if (origin === undefined) return;
    const own = `${req.protocol}://${req.host}`;
    if (origin === configured || origin === own) return;
    return reply.code(403).send(errorBody('FORBIDDEN', 'This request came from another site.', { requestId: req.id }));
  });
});
