import { createHash, timingSafeEqual } from 'node:crypto';
import { trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isLoopbackAddress } from '#server/lib/loopback.ts';
import type { Metrics } from '#server/metrics/metrics.ts';
import { errorBody } from './errors.ts';

export interface MetricsPluginOptions {
  metrics: Metrics;
  /** Off: no /metrics at all (404 like any unknown path); the counting goes on regardless. */
  enabled: boolean;
  /** With it, a scraper anywhere may read /metrics by sending it as a bearer token. */
  token: string | undefined;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read /metrics: a client on this machine talking to the node directly (the socket's own
 * address, and no proxy header: a proxy on the same machine would make everyone look local), or
 * anyone sending the configured token. The figures name routes and volumes, not people, but they
 * are still nobody else's business (docs/security.md).
 */
export function scrapeAccess(req: FastifyRequest, token: string | undefined): 'allowed' | 'token' | 'hidden' {
  const auth = req.headers.authorization;
  if (token && auth?.startsWith('Bearer ')) {
    return timingSafeEqual(digest(auth.slice('Bearer '.length)), digest(token)) ? 'allowed' : 'token';
  }
  const proxied = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  if (isLoopbackAddress(req.socket.remoteAddress) && !proxied) return 'allowed';
  return token ? 'token' : 'hidden';
}

/** Times every HTTP answer (and names its trace span), and serves GET /metrics in the Prometheus text format (ADR 0060). */
export const metricsPlugin = fp(async (app: FastifyInstance, { metrics, enabled, token }: MetricsPluginOptions) => {
  // With tracing on (ADR 0063), the request's span is named for its route, as the histogram is.
  app.addHook('onRequest', (req, _reply, done) => {
    const route = req.routeOptions.url;
    if (route) trace.getActiveSpan()?.setAttribute('http.route', route).updateName(`${req.method} ${route}`);
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    metrics.httpDuration.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  if (!enabled) return;

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const access = scrapeAccess(req, token);
    if (access === 'hidden') {
      return reply.code(404).send(errorBody('NOT_FOUND', { message: 'No such endpoint: GET /metrics' }));
    }
    if (access === 'token') {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send(errorBody('UNAUTHENTICATED', { message: 'Send the metrics token as a bearer token.' }));
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.scrape());
  });
});
