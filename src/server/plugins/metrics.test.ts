import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatUrl, openMemberConversation, send } from '#server/modules/chat/test/helpers.ts';
import { createDraft } from '#server/modules/packages/test/helpers.ts';
import { WEBHOOK_URL } from '#server/modules/payments/routes.ts';
import { payOnSandbox, startPayment, verifiedSender } from '#server/modules/payments/test/helpers.ts';
import { listen, openSocket } from '#server/realtime/test/sockets.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import type { StartPaymentResponse } from '#shared/payments.ts';

// GET /metrics (ADR 0060): the Prometheus text format, the series an operator watches, moving as
// traffic goes through, and served only to this machine or to the holder of the token.

/**
 * One sample line of the text exposition format: name, optional labels, value, optional timestamp.
 * Prometheus reads the value as Go's ParseFloat does, so "Nan" (prom-client's spelling) is NaN too.
 */
const SAMPLE =
  /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\"n])*",?)*\})? (-?\d+(?:\.\d+)?(?:e[+-]?\d+)?|[Nn]a[Nn]|\+Inf|-Inf)( -?\d+)?$/;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses the exposition, failing on any line that is neither a sample nor a HELP/TYPE comment. */
function parseExposition(text: string): Sample[] {
  const typed = new Set<string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') {
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped']).toContain(comment[3]);
        expect(typed.has(comment[2] as string), `TYPE of ${comment[2]} given twice`).toBe(false);
        typed.add(comment[2] as string);
      }
      continue;
    }
    const match = SAMPLE.exec(line);
    expect(match, `not a sample line: ${line}`).not.toBeNull();
    const [, name = '', labelText = '', value = ''] = match ?? [];
    const family = name.replace(/_(bucket|sum|count|total)$/, '');
    expect(typed.has(name) || typed.has(family), `${name} has no TYPE line before it`).toBe(true);
    const labels = Object.fromEntries(
      [...labelText.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    samples.push({ name, labels: labels as Record<string, string>, value: Number(value) });
  }
  return samples;
}

let app: FastifyInstance;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await createTestApp();
  url = await listen(app);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app.close();
});

async function scrape(): Promise<Sample[]> {
  const res = await app.inject({ url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(res.body);
}

/** The sum of the samples named so whose labels include `labels`. */
function seriesSum(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

describe('GET /metrics', () => {
  it('is the Prometheus text format with the process and app series', async () => {
    await app.inject({ url: '/api/health' });
    const names = new Set((await scrape()).map((s) => s.name));
    for (const name of [
      'http_request_duration_seconds_bucket',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'process_cpu_seconds_total',
      'tagalong_socket_connections',
    ]) {
      expect(names, name).toContain(name);
    }
    if (app.database.kind === 'postgres') {
      const samples = await scrape();
      expect(
        samples
          .filter((s) => s.name === 'tagalong_db_pool_connections')
          .map((s) => s.labels.state)
          .sort(),
      ).toEqual(['idle', 'in_use', 'waiting']);
    }
  });

  it('counts requests by route pattern and status, sockets, chat messages, jobs and webhooks as they happen', async () => {
    const before = await scrape();
    const health = { method: 'GET', route: '/api/health', status_code: '200' };
    const missing = { route: '/api/packages/:id', status_code: '404' };

    for (let i = 0; i < 5; i++) await app.inject({ url: '/api/health' });
    const member = await signUpVerified(app, 'metrics-member@example.test');
    const other = await signUpVerified(app, 'metrics-other@example.test');
    await app.inject({ url: '/api/packages/00000000-0000-4000-8000-000000000000', headers: { cookie: member.cookie } });

    const socket = await openSocket(url, member.cookie);
    sockets.push(socket);
    const conversation = await openMemberConversation(app, member.id, other.id);
    expect((await send(app, member.cookie, conversation, 'Counted once')).statusCode).toBe(201);
    expect((await app.inject({ url: chatUrl('/conversations'), headers: { cookie: member.cookie } })).statusCode).toBe(
      200,
    );

    await app.scheduler.tick();
    const forged = await app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      payload: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect(forged.statusCode).toBe(400);
    const sender = await verifiedSender(app, 'metrics-sender@example.test');
    const draft = await createDraft(app, sender.cookie);
    const { url: checkout } = (await startPayment(app, sender.cookie, draft.id)).json() as StartPaymentResponse;
    const paid = await payOnSandbox(app, sender.cookie, checkout);
    expect(paid.statusCode).toBe(200);

    const after = await scrape();
    const grew = (name: string, labels?: Record<string, string>) =>
      seriesSum(after, name, labels) - seriesSum(before, name, labels);
    expect(grew('http_request_duration_seconds_count', health)).toBe(5);
    expect(grew('http_request_duration_seconds_count', missing)).toBe(1);
    // Pattern, never the raw path: no label holds the id asked for.
    expect(after.some((s) => Object.values(s.labels).some((v) => v.includes('00000000-0000')))).toBe(false);
    expect(seriesSum(after, 'tagalong_socket_connections')).toBe(1);
    expect(grew('tagalong_chat_messages_delivered_total')).toBe(1);
    expect(grew('tagalong_job_runs_total', { outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(grew('tagalong_job_runs_total', { outcome: 'failed' })).toBe(0);
    expect(grew('tagalong_payment_webhooks_total', { outcome: 'rejected' })).toBe(1);
    expect(grew('tagalong_payment_webhooks_total', { outcome: 'applied' })).toBe(1);

    socket.close();
    await expect.poll(async () => seriesSum(await scrape(), 'tagalong_socket_connections')).toBe(0);
  });
});

describe('who may read /metrics', () => {
  const outside = { remoteAddress: '203.0.113.9' };

  it('answers this machine directly, not through a proxy, and nobody else without a token', async () => {
    expect((await app.inject({ url: '/metrics', ...outside })).statusCode).toBe(404);
    // A proxy on this machine forwards everyone: its requests are not "this machine".
    expect((await app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404);
    expect((await app.inject({ url: '/metrics', headers: { forwarded: 'for=203.0.113.9' } })).statusCode).toBe(404);
  });

  it('answers anyone with the token, and asks for it otherwise', async () => {
    const token = 'metrics-token-0123456789';
    const guarded = await createTestApp({ metrics: { enabled: true, token } });
    try {
      const right = await guarded.inject({
        url: '/metrics',
        ...outside,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('http_request_duration_seconds');
      const wrong = await guarded.inject({ url: '/metrics', ...outside, headers: { authorization: 'Bearer nope' } });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect((await guarded.inject({ url: '/metrics', ...outside })).statusCode).toBe(401);
    } finally {
      await guarded.close();
    }
  });

  it('is not there at all when turned off', async () => {
    const off = await createTestApp({ metrics: { enabled: false, token: undefined } });
    try {
      expect((await off.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
