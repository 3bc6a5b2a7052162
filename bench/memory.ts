// `npm run bench:memory`: does the server's memory level off under steady mixed load? One server
// process (demo data, rate limits on, as a first start gives it) takes ROUNDS rounds of SECONDS of
// signed-in reads, listings, writes and sign-ins at once; after each round the bench asks it for its
// memory after a full garbage collection. Not a test: it prints a table; compare the rounds
// of one run with each other, and runs on the same machine only.
//
//   npm run bench:memory                                    # PGlite, 4 rounds of 30 s
//   npm run bench:memory -- --rounds 8 --seconds 30
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:memory
//   npm run bench:memory -- --snapshots /tmp/heaps          # a heap snapshot after each round
//   BENCH_NODE_FLAGS=--liftoff-only npm run bench:memory    # V8 flags for the server process only
//
// With DATABASE_URL the bench makes a database of its own next to that one and drops it at the end.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { DEMO_PASSWORD, demoAccounts } from '#shared/demo.ts';
import { scratchDatabase } from './scratch-database.ts';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '30' },
    snapshots: { type: 'string' },
  },
});
const ROUNDS = Number(args.rounds);
const SECONDS = Number(args.seconds);
const databaseUrl = process.env.DATABASE_URL;
const here = path.dirname(fileURLToPath(import.meta.url));

const { benchDbUrl, dataDir, drop: dropDatabase } = await scratchDatabase(databaseUrl, 'memory');

const started = performance.now();
const child: ChildProcess = fork(path.join(here, 'memory-node.ts'), {
  // BENCH_NODE_FLAGS: V8 flags for the server alone, to compare (`--max-semi-space-size=16`).
  execArgv: ['--expose-gc', ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [])],
  env: {
    ...process.env,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    BASE_URL: 'http://127.0.0.1',
    ...(benchDbUrl ? { DATABASE_URL: benchDbUrl } : { DATA_DIR: dataDir }),
    DEMO_MODE: 'true',
    NODE_ENV: 'production',
  },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
// A failed run must not leave the server behind holding the bench database.
process.on('exit', () => child.kill());
function ask<T>(message: { type: string; file?: string }): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', resolve as never);
    child.send(message);
  });
}
const port = await new Promise<number>((resolve, reject) => {
  child.once('message', (m: { port: number }) => resolve(m.port));
  child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
});
const base = `http://127.0.0.1:${port}`;
// The origin check compares Origin with the address the request came to.
const origin = base;

async function signIn(email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token='));
  if (!res.ok || !cookie) throw new Error(`sign-in as ${email}: ${res.status} ${await res.text()}`);
  return cookie.split(';')[0] as string;
}
const sender = demoAccounts.find((a) => a.email.startsWith('sender')) ?? demoAccounts[1];
const traveler = demoAccounts.find((a) => a.email.startsWith('traveler')) ?? demoAccounts[2];
const senderCookie = await signIn(sender?.email as string);
const travelerCookie = await signIn(traveler?.email as string);
// The traveler's first trip, for the match listing.
const tripId = (
  (await (await fetch(`${base}/api/travel-plans`, { headers: { cookie: travelerCookie } })).json()) as {
    items?: { id: string }[];
  }
).items?.[0]?.id;

/**
 * How much of PGlite's WebAssembly memory is resident (Linux only): the anonymous mapping of exactly
 * its size. It is reserved whole at start but counts in RSS only as PostgreSQL touches its pages
 * (shared buffers filling, sorts), so this tells whether PGlite's share of the RSS is what grows.
 */
function wasmResident(pid: number | undefined, wasmBytes: number): number | undefined {
  const file = `/proc/${pid}/smaps`;
  if (!pid || wasmBytes === 0 || !existsSync(file)) return undefined;
  let size = 0;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) /.exec(line);
    if (range) size = Number.parseInt(range[2] as string, 16) - Number.parseInt(range[1] as string, 16);
    else if (size === wasmBytes && line.startsWith('Rss:')) return Number(line.split(/\s+/)[1]) * 1024;
  }
  return undefined;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0).padStart(7);
interface Memory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  wasm: number;
}
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(
  `bench:memory: ${ROUNDS} rounds of ${SECONDS} s; ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; server up with demo data in ${((performance.now() - started) / 1000).toFixed(1)} s; load average ${load()} on ${availableParallelism()} cores\n`,
);
console.log('round   requests   non-2xx      rss heapTotal  heapUsed  external  arrayBuf  wasm (resident) MB   load');
const row = (label: string, requests: string, non2xx: string, m: Memory) =>
  console.log(
    `${label.padEnd(5)} ${requests.padStart(10)} ${non2xx.padStart(9)}  ${mb(m.rss)}   ${mb(m.heapTotal)}   ${mb(m.heapUsed)}   ${mb(m.external)}   ${mb(m.arrayBuffers)}   ${databaseUrl ? '      -' : mb(m.wasm)} ${databaseUrl ? '          ' : `(${mb(wasmResident(child.pid, m.wasm) ?? Number.NaN)})`}   ${load()}`,
  );
row('start', '-', '-', await ask<Memory>({ type: 'memory' }));
if (process.env.BENCH_DEBUG) console.log(JSON.stringify(await ask({ type: 'spaces' })));

const json = { 'content-type': 'application/json', origin };
async function round(n: number) {
  const runs = [
    // Signed-in reads: what every page of the app asks for.
    autocannon({
      title: 'reads',
      url: base,
      connections: 8,
      duration: SECONDS,
      headers: { cookie: senderCookie },
      requests: [
        { method: 'GET', path: '/api/auth/session' },
        { method: 'GET', path: '/api/profile' },
        { method: 'GET', path: '/api/notifications' },
        { method: 'GET', path: '/api/notifications/unread-count' },
        { method: 'GET', path: '/api/balance' },
        { method: 'GET', path: '/api/balance/transactions' },
        { method: 'GET', path: '/api/communication/chat/conversations' },
        { method: 'GET', path: '/api/communication/chat/total-unread' },
        { method: 'GET', path: '/api/kyc' },
        { method: 'GET', path: '/api/meta' },
      ],
    }),
    // Listings, for both sides.
    autocannon({
      title: 'listings',
      url: base,
      connections: 6,
      duration: SECONDS,
      headers: { cookie: travelerCookie },
      requests: [
        { method: 'GET', path: '/api/packages?role=traveler' },
        { method: 'GET', path: '/api/packages?role=sender', headers: { cookie: senderCookie } },
        { method: 'GET', path: '/api/packages?role=sender&group=drafts&q=bench', headers: { cookie: senderCookie } },
        { method: 'GET', path: '/api/travel-plans' },
        { method: 'GET', path: '/api/requests?direction=outgoing' },
        ...(tripId ? [{ method: 'GET' as const, path: `/api/travel-plans/${tripId}/matches` }] : []),
        { method: 'GET', path: '/api/places?q=par' },
      ],
    }),
    // Writes: a new draft package (rows that stay, as a soak's would), a profile edit, notifications
    // marked read.
    autocannon({
      title: 'writes',
      url: base,
      connections: 2,
      duration: SECONDS,
      requests: [
        {
          method: 'PATCH',
          path: '/api/profile',
          headers: { ...json, cookie: senderCookie },
          body: JSON.stringify({ bio: `Round ${n}, ${randomBytes(8).toString('hex')}` }),
        },
        {
          method: 'POST',
          path: '/api/packages',
          headers: { ...json, cookie: senderCookie },
          body: JSON.stringify({ title: `Bench draft, round ${n}` }),
        },
        { method: 'POST', path: '/api/notifications/read-all', headers: { origin, cookie: travelerCookie } },
      ],
    }),
    // Sign-ins: past the first few a minute the rate limit answers 429, as it would a real client.
    autocannon({
      title: 'sign-ins',
      url: base,
      connections: 2,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          path: '/api/auth/sign-in/email',
          headers: json,
          body: JSON.stringify({ email: traveler?.email, password: DEMO_PASSWORD }),
        },
      ],
    }),
  ];
  const results = await Promise.all(runs);
  // Which answers each group got: the sign-ins' 429s are expected, anything else says the mix is off.
  if (process.env.BENCH_DEBUG) for (const r of results) console.log(r.title, JSON.stringify(r.statusCodeStats));
  const requests = results.reduce((s, r) => s + r.requests.total, 0);
  const non2xx = results.reduce((s, r) => s + r.non2xx + r.errors, 0);
  row(String(n), String(requests), String(non2xx), await ask<Memory>({ type: 'memory' }));
  if (process.env.BENCH_DEBUG) console.log(JSON.stringify(await ask({ type: 'spaces' })));
  if (args.snapshots) await ask({ type: 'snapshot', file: path.join(args.snapshots, `round-${n}.heapsnapshot`) });
}

try {
  for (let n = 1; n <= ROUNDS; n++) await round(n);
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.send({ type: 'stop' });
  });
} finally {
  child.kill();
  await dropDatabase();
}
process.exit(0);
