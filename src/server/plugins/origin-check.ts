import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A provider's webhook: it reads the raw bytes, whatever their type, and trusts only their
     * signature, so the content-type rule below does not apply to it.
     */
    signedWebhook?: boolean;
  }
}

/** The media type of a Content-Type header, without its parameters ("multipart/form-data"). */
function mediaType(header: string | undefined): string | null {
  if (header === undefined) return null;
  return header.split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * Cross-site request forgery guard for every mutating request, whatever its path (ADR 0032): the
 * decision never reads the URL, so no spelling of a path (percent-encoded, doubled slashes) slips
 * past it. A browser always sends Origin on a POST/PUT/PATCH/DELETE; it must be this site's.
 * Server-to-server callers (provider webhooks, scripts) send none and are judged by their own
 * signatures. Better Auth trusts the same two origins, so its endpoints lose nothing by it.
 *
 * Second, a body must be JSON (or what its route declares in `schema.consumes`, the uploads'
 * multipart): the three types an HTML form can send cross-site without a CORS preflight
 * (text/plain, application/x-www-form-urlencoded, multipart/form-data) are refused with 415 even on
 * a route that reads no body. The session cookie is also SameSite=Lax.
 */
export const originCheckPlugin = fp(async (app: FastifyInstance, options: { baseUrl: string }) => {
  const configured = new URL(options.baseUrl).origin;
  // A callback hook: every request passes it, and a safe method leaves at once without a promise.
  app.addHook('onRequest', (req, reply, done) => {
    if (SAFE_METHODS.has(req.method)) return done();
    const origin = req.headers.origin;
    const own = `${req.protocol}://${req.host}`;
    if (origin !== undefined && origin !== configured && origin !== own) {
      return reply.code(403).send(errorBody('CROSS_SITE_REQUEST', { requestId: req.id }));
    }
    const type = mediaType(req.headers['content-type']);
    if (type === null || type === 'application/json' || req.routeOptions.config?.signedWebhook) return done();
    const consumes = (req.routeOptions.schema as { consumes?: readonly string[] } | undefined)?.consumes ?? [];
    if (consumes.includes(type)) return done();
    return reply.code(415).send(errorBody('UNSUPPORTED_MEDIA_TYPE', { requestId: req.id }));
  });
});
