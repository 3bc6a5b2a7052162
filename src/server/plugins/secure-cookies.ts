import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Cookies are Secure whenever the request came over https: BASE_URL being https already makes Better
 * Auth's own cookies Secure, and behind a trusted proxy (TRUST_PROXY) that says it terminated TLS
 * (X-Forwarded-Proto: https), req.protocol is https too, so no cookie then goes out without the flag
 * (ADR 0031). Without TRUST_PROXY the header is not believed and req.protocol is the socket's.
 */
export const secureCookiesPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.protocol !== 'https') return done(null, payload);
    const cookies = reply.getHeader('set-cookie');
    if (cookies === undefined) return done(null, payload);
    const list = (Array.isArray(cookies) ? cookies : [String(cookies)]).map((cookie) =>
      /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`,
    );
    // reply.header() adds to Set-Cookie rather than replacing it.
    reply.removeHeader('set-cookie');
    reply.header('set-cookie', list);
    done(null, payload);
  });
});
