import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '#server/realtime/test/sockets.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { httpClient } from '#server/test/http-client.ts';
import { type ServerProcess, startServerProcess, stopServerProcesses } from '#server/test/server-process.ts';
import { signUpVerified } from '#server/test/users.ts';

// Tracing (ADR 0063) in a real server process, exporting to a stand-in collector that speaks
// OTLP/HTTP with JSON bodies: spans named for their route, the database's own spans under them on
// PostgreSQL (and Redis's with REDIS_URL), and log lines carrying the trace id. Off by default.

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}
interface OtlpExport {
  resourceSpans: { resource: { attributes: OtlpSpan['attributes'] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
}

/** The database a client span talks to, under the old or the stable semantic conventions' name. */
const dbSystem = (span: OtlpSpan) => attribute(span, 'db.system.name') ?? attribute(span, 'db.system');

const attribute = (span: OtlpSpan, key: string): string | number | undefined => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};

let collector: Server;
let collectorUrl: string;
const exports: OtlpExport[] = [];
const paths: string[] = [];
const spans = () => exports.flatMap((e) => e.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));

beforeAll(async () => {
  collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      paths.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
      exports.push(JSON.parse(Buffer.concat(chunks).toString()) as OtlpExport);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await stopServerProcesses();
  await new Promise((resolve) => collector.close(resolve));
});

const logLines = (node: ServerProcess) =>
  node.logs.flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });

describe('tracing', () => {
  it('exports each request as a span named for its route, with the database and Redis under it, and logs its trace id', async () => {
    const database = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
    try {
      const node = await startServerProcess({
        OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
        OTEL_SERVICE_NAME: 'tagalong-test',
        OTEL_BSP_SCHEDULE_DELAY: '100',
        ...(database?.url ? { DATABASE_URL: database.url, AUTH_SECRET: randomBytes(32).toString('hex') } : {}),
        ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      });
      const res = await fetch(`${node.url}/api/browse/packages`);
      expect(res.status).toBe(200);
      await fetch(`${node.url}/api/health`); // a probe: not traced

      await eventually(() => spans().some((s) => s.name === 'GET /api/browse/packages'), 10_000, 'the request span');
      const request = spans().find((s) => s.name === 'GET /api/browse/packages') as OtlpSpan;
      expect(attribute(request, 'http.route')).toBe('/api/browse/packages');
      expect(paths[0]).toBe('POST /v1/traces application/json');
      const resource = exports[0]?.resourceSpans[0]?.resource.attributes.find((a) => a.key === 'service.name');
      expect(resource?.value.stringValue).toBe('tagalong-test');
      expect(spans().some((s) => s.name.includes('/api/health'))).toBe(false);

      if (database) {
        // The queries that read the listings, in the request's trace.
        await eventually(
          () =>
            spans().some(
              (s) => s.traceId === request.traceId && s.name.startsWith('pg.query') && dbSystem(s) === 'postgresql',
            ),
          10_000,
          `a PostgreSQL span in the request trace (spans: ${spans()
            .map((s) => s.name)
            .join(', ')})`,
        );
      }
      if (database && process.env.REDIS_URL) {
        // Signing out tells the other nodes through Redis, within the request: its trace shows it.
        const member = await signUpVerified(httpClient(node.url, database), 'traced@example.test');
        const out = await fetch(`${node.url}/api/auth/sign-out`, {
          method: 'POST',
          headers: { cookie: member.cookie, origin: node.url, 'content-type': 'application/json' },
          body: '{}',
        });
        expect(out.status).toBe(200);
        await eventually(
          () =>
            spans().some(
              (s) =>
                dbSystem(s) === 'redis' && spans().some((r) => r.traceId === s.traceId && r.name.includes('sign-out')),
            ),
          10_000,
          `a Redis span in the sign-out's trace (spans: ${[...new Set(spans().map((s) => s.name))].join(', ')})`,
        );
      }

      // The request's own log lines carry its trace.
      await eventually(
        () => logLines(node).some((l) => l.trace_id === request.traceId && l.msg === 'request completed'),
        5000,
        'the trace id on the request log line',
      );
      await node.stop();
    } finally {
      await database?.close();
    }
  });

  it('is off without OTEL_EXPORTER_OTLP_ENDPOINT: no export, no trace ids in the log', async () => {
    const before = exports.length;
    const node = await startServerProcess({});
    expect((await fetch(`${node.url}/api/browse/packages`)).status).toBe(200);
    await eventually(() => logLines(node).some((l) => l.msg === 'request completed'), 5000, 'the request log line');
    await new Promise((r) => setTimeout(r, 500));
    expect(exports.length).toBe(before);
    expect(logLines(node).some((l) => 'trace_id' in l)).toBe(false);
    await node.stop();
  });
});
