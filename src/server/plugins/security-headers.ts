import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * What an API answer (JSON, an image, a file) carries instead of a page's headers: it is never a
 * document a browser renders, so it may load nothing and be framed by no one, and the page-level
 * headers (a page's policy, DNS prefetch, download options…) would only be bytes on every call
 * (docs/decisions/0042-api-answers-carry-api-security-headers.md).
 */
export const API_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
} as const;

const apiHeaderEntries = Object.entries(API_SECURITY_HEADERS);

/** The API's own paths; its documentation UI under /api/docs is a page and gets a page's headers. */
function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/**
 * Helmet's headers on every page. Its middleware is built once: @fastify/helmet built a new one,
 * re-reading the content security policy, on every request, which cost a third of a cheap route's
 * throughput (docs/benchmarks.md).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (req, reply, done) => {
    if (isApiAnswer(req.url)) {
      for (const [name, value] of apiHeaderEntries) reply.raw.setHeader(name, value);
      return done();
    }
    setHeaders(req.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
});
