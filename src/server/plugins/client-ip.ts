import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '#server/config.ts';

/** The header Better Auth reads the client's address from; only this server writes it. */
export const CLIENT_IP_HEADER = 'x-tagalong-client-ip';

/**
 * Puts the address Fastify resolved (the socket's, or the one a trusted proxy forwarded: TRUST_PROXY)
 * in CLIENT_IP_HEADER on every request, overwriting whatever the client sent there. Better Auth keys
 * its rate limits and session records on that header alone, so a client choosing its own
 * X-Forwarded-For never picks the address it is counted under (ADR 0031).
 */
export const clientIpPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one: it runs on every request and has nothing to wait for.
  app.addHook('onRequest', (req, _reply, done) => {
    req.headers[CLIENT_IP_HEADER] = req.ip;
    done();
  });
});

/**
 * TRUST_PROXY as Fastify's trustProxy. A list of addresses is passed as is. Fastify takes a bare hop
 * count to mean "trust nobody" (it cannot check that the nearest hop is a proxy), so a count becomes
 * the equivalent function: the socket's peer and the next `hops - 1` addresses are proxies. A count is
 * only safe when nothing but the proxy can reach the server; the list is the safer setting (ADR 0031).
 */
export function fastifyTrustProxy(trustProxy: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address: string, hop: number) => hop < trustProxy;
}
