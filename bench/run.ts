// `npm run bench`: figures for the server as it is, on this machine. Not a test: it prints numbers
// and exits; compare runs on the same machine. Everything stays on 127.0.0.1 and stops by itself.
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { pino } from 'pino';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { seedDemo } from '#server/modules/demo/service.ts';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import { echoEventName } from '#shared/realtime.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 200);

const config = {
  ...loadConfig({ ...process.env, LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1' }),
  // The demo accounts give the bench a real member to sign in as.
  demoMode: true,
};
const database = await openDatabase(
  config.databaseUrl
    ? { databaseUrl: config.databaseUrl }
    : { dataDir: mkdtempSync(path.join(tmpdir(), 'tagalong-bench-')) },
);
await database.migrate();
await seedDemo(config, database.db, pino({ level: 'silent' }));
const app = await buildApp(config, { database });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
console.log(
  `Tagalong bench on ${base} (${database.kind}${config.redisUrl ? ' + Redis' : ''}), ${DURATION_S}s per endpoint\n`,
);

async function http(
  title: string,
  url: string,
  options: { connections?: number; headers?: Record<string, string> } = {},
) {
  const { connections = 20, headers } = options;
  // From a worker thread: the load it makes does not share the event loop of the server it measures.
  const result = await autocannon({
    url: url.startsWith('http') ? url : base + url,
    connections,
    headers,
    duration: DURATION_S,
    workers: 1,
  });
  console.log(
    `${title.padEnd(36)} ${String(Math.round(result.requests.average)).padStart(7)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   errors ${result.errors + result.non2xx}`,
  );
  return result;
}

/** A signed-in demo member's cookies, as a browser would send them. */
async function signedInCookie(): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: config.baseUrl },
    body: JSON.stringify({ email: 'sender@tagalong.test', password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`demo sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

// The ceiling on this machine: a bare Fastify answering a constant, measured in the same run.
const hello = Fastify();
hello.get('/', async () => ({ hello: 'world' }));
const helloUrl = await hello.listen({ host: '127.0.0.1', port: 0 });
const cookie = await signedInCookie();

// Both warmed up first, unreported: a measure starting cold counts the compiler's first seconds in
// its p99. Then rounds of one after the other, so a noisy moment on the machine hits both of a round,
// and the median round is the figure.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const meUrl = `${base}/api/auth/me`;
for (const [url, headers] of [
  [helloUrl, undefined],
  [meUrl, { cookie }],
] as const) {
  await autocannon({ url, connections: 50, headers, duration: 2, workers: 1 });
}
const rounds: { ratio: number; p99: number }[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  const bare = await http(`bare Fastify hello-world (50 conn.) #${round}`, helloUrl, { connections: 50 });
  const me = await http(`GET /api/auth/me signed in (50 conn.) #${round}`, meUrl, {
    connections: 50,
    headers: { cookie },
  });
  rounds.push({ ratio: (100 * me.requests.average) / bare.requests.average, p99: me.latency.p99 });
}
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
console.log(
  `  → /api/auth/me serves ${median(rounds.map((r) => r.ratio)).toFixed(0)} % of the hello-world's req/s (median of ${ROUNDS} rounds: ${rounds.map((r) => r.ratio.toFixed(0)).join(', ')} %), p99 ${median(rounds.map((r) => r.p99))} ms (${rounds.map((r) => r.p99).join(', ')})\n`,
);
await hello.close();

await http('GET /api/health', '/api/health');
await http('GET /api/ready (database)', '/api/ready');
await http('GET /api/auth/session', '/api/auth/session');
await http('GET /about (page)', '/about');

// Realtime: how long SOCKETS visitors take to connect, and the echo round trip once they are in.
const started = performance.now();
const sockets: Socket[] = await Promise.all(
  Array.from(
    { length: SOCKETS },
    () =>
      new Promise<Socket>((resolve, reject) => {
        const s = connect(base, { transports: ['websocket'], reconnection: false });
        s.on('connect', () => resolve(s));
        s.on('connect_error', reject);
      }),
  ),
);
const connectMs = performance.now() - started;
const rtts: number[] = [];
for (const s of sockets) {
  const t = performance.now();
  await s.timeout(5000).emitWithAck(echoEventName, { text: 'ping' });
  rtts.push(performance.now() - t);
}
rtts.sort((a, b) => a - b);
const pct = (p: number) => (rtts[Math.min(rtts.length - 1, Math.floor(rtts.length * p))] ?? 0).toFixed(2);
console.log(
  `\n${SOCKETS} sockets connected in ${connectMs.toFixed(0)} ms; echo round trip p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms`,
);

for (const s of sockets) s.close();
await app.close();
