// `npm run bench:realtime`: live chat under load. N signed-in sockets (default 2 000;
// `--n 10000`), half of them talking to the other half in pairs: each message goes out over the
// socket (`message:send`: authorised, stored, then pushed) and is timed until the other member's
// socket receives it. Prints connect time, server memory per socket and p50/p99 delivery latency,
// for one node and for two nodes through Redis (each pair split across the nodes, so every message
// crosses Redis). Server nodes are separate processes, as in production; the clients all live in
// this one. Not a test: it prints numbers; compare runs on the same machine.
//
//   npm run bench:realtime                                   # 2 000 sockets, one node (PGlite)
//   npm run bench:realtime -- --n 10000 --rate 500 --seconds 20
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 \
//     npm run bench:realtime -- --n 10000                    # one node, then two nodes
//
// With DATABASE_URL the bench makes a database of its own next to that one and drops it at the end.
// Two nodes need DATABASE_URL and REDIS_URL (PGlite cannot be shared between processes).
import { type ChildProcess, fork } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { io as connect, type Socket } from 'socket.io-client';
import { openDatabase } from '#server/db/client.ts';
import { session, user } from '#server/db/schema/auth.ts';
import { conversations } from '#server/db/schema/requests.ts';
import type { ChatMessage, SendMessageAck } from '#shared/chat.ts';
import { sendMessageEventName } from '#shared/chat.ts';
import { scratchDatabase } from './scratch-database.ts';

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '2000' },
    /** Messages per second over all pairs. */
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
    nodes: { type: 'string', default: 'both' },
    /** Handshakes in flight at once while connecting. */
    concurrency: { type: 'string', default: '200' },
  },
});
const N = Math.max(2, Math.floor(Number(args.n) / 2) * 2);
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const CONCURRENCY = Number(args.concurrency);
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const runs: (1 | 2)[] = args.nodes === '1' ? [1] : args.nodes === '2' ? [2] : databaseUrl && redisUrl ? [1, 2] : [1];
if (runs.includes(2) && !(databaseUrl && redisUrl)) {
  console.error('Two nodes need DATABASE_URL and REDIS_URL.');
  process.exit(1);
}

const AUTH_SECRET = randomBytes(32).toString('hex');
const BATCH = 1000;
const here = path.dirname(fileURLToPath(import.meta.url));

// ── The database: N members with a session each, and a conversation per pair ──────────────────────
const { benchDbUrl, dataDir, drop: dropDatabase } = await scratchDatabase(databaseUrl, 'realtime');

/** Better Auth's signed session cookie: the token, a dot, base64 HMAC-SHA256 of the token. */
const cookieOf = (token: string) =>
  `better-auth.session_token=${encodeURIComponent(`${token}.${createHmac('sha256', AUTH_SECRET).update(token).digest('base64')}`)}`;

interface Member {
  id: string;
  cookie: string;
}
const seedStarted = performance.now();
const database = await openDatabase(benchDbUrl ? { databaseUrl: benchDbUrl } : { dataDir: dataDir as string });
await database.migrate();
const members: Member[] = [];
const pairs: { a: number; b: number; conversationId: string }[] = [];
{
  const db = database.db;
  const expiresAt = new Date(Date.now() + 7 * 86_400_000);
  for (let i = 0; i < N; i += BATCH) {
    const size = Math.min(BATCH, N - i);
    const rows = await db
      .insert(user)
      .values(
        Array.from({ length: size }, (_, k) => ({
          name: `Bench ${i + k}`,
          email: `bench-${i + k}@bench.test`,
          emailVerified: true,
        })),
      )
      .returning({ id: user.id });
    const tokens = rows.map(() => randomBytes(24).toString('base64url'));
    await db.insert(session).values(rows.map((r, k) => ({ userId: r.id, token: tokens[k] as string, expiresAt })));
    for (const [k, r] of rows.entries()) members.push({ id: r.id, cookie: cookieOf(tokens[k] as string) });
  }
  for (let i = 0; i < N; i += BATCH) {
    const values = [];
    for (let k = i; k < Math.min(N, i + BATCH); k += 2) {
      const [one, two] = [members[k]?.id as string, members[k + 1]?.id as string];
      values.push(one < two ? { userA: one, userB: two } : { userA: two, userB: one });
    }
    const rows = await db.insert(conversations).values(values).returning({ id: conversations.id });
    for (const [j, r] of rows.entries()) pairs.push({ a: i + 2 * j, b: i + 2 * j + 1, conversationId: r.id });
  }
}
await database.close();
console.log(
  `bench:realtime: ${N} sockets, ${N / 2} pairs, ${RATE} messages/s for ${SECONDS} s; ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
);
console.log(
  `machine: load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on 2 cores before the runs\n`,
);

// ── Server nodes ───────────────────────────────────────────────────────────────────────────────────
interface Node {
  child: ChildProcess;
  url: string;
}
const children = new Set<ChildProcess>();
// A failed run must not leave server processes behind holding the bench database.
process.on('exit', () => {
  for (const child of children) child.kill();
});
async function startNode(withRedis: boolean): Promise<Node> {
  const child = fork(path.join(here, 'realtime-node.ts'), {
    execArgv: ['--expose-gc'],
    env: {
      ...process.env,
      AUTH_SECRET,
      ...(benchDbUrl ? { DATABASE_URL: benchDbUrl } : { DATA_DIR: dataDir }),
      REDIS_URL: withRedis ? redisUrl : '',
      DEMO_MODE: 'false',
      RATE_LIMIT: 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { type: string; port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`node exited (${code})`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}
function memoryOf(node: Node): Promise<{ rss: number; heapUsed: number; external: number; sockets: number }> {
  return new Promise((resolve) => {
    node.child.once('message', resolve as never);
    node.child.send({ type: 'memory' });
  });
}
function ask<T>(node: Node, type: string): Promise<T> {
  return new Promise((resolve) => {
    node.child.once('message', resolve as never);
    node.child.send({ type });
  });
}
function stopNode(node: Node): Promise<void> {
  return new Promise((resolve) => {
    node.child.once('exit', () => resolve());
    node.child.send({ type: 'stop' });
  });
}

// ── Measuring ──────────────────────────────────────────────────────────────────────────────────────
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const ms = (v: number) => `${v.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function open(url: string, cookie: string): Promise<{ socket: Socket; took: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = connect(url, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie } });
    socket.once('connect', () => resolve({ socket, took: performance.now() - started }));
    socket.once('connect_error', reject);
  });
}

async function run(nodeCount: 1 | 2) {
  const nodes = await Promise.all(Array.from({ length: nodeCount }, () => startNode(nodeCount === 2)));
  const before = await Promise.all(nodes.map(memoryOf));
  // Pair members are split across the nodes, so with two nodes every message crosses Redis.
  const nodeOf = (i: number) => nodes[i % nodeCount] as Node;

  const sockets: Socket[] = new Array(N);
  const handshakes: number[] = [];
  const connectStarted = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, N) }, async () => {
      while (next < N) {
        const i = next++;
        const { socket, took } = await open(nodeOf(i).url, (members[i] as Member).cookie);
        sockets[i] = socket;
        handshakes.push(took);
      }
    }),
  );
  const connectMs = performance.now() - connectStarted;
  handshakes.sort((x, y) => x - y);
  await new Promise((r) => setTimeout(r, 1000)); // presence writes and adapter subscriptions settle
  const after = await Promise.all(nodes.map(memoryOf));
  const connected = after.reduce((s, m) => s + m.sockets, 0);

  // Latency: the sender stamps performance.now() in the content; the other member's socket reads it.
  const latencies: number[] = [];
  let failed = 0;
  pairs.forEach(({ a, b }) => {
    for (const i of [a, b]) {
      const me = (members[i] as Member).id;
      (sockets[i] as Socket).on('message', (m: ChatMessage) => {
        if (m.senderId === me) return; // the echo to the sender's own tabs
        latencies.push(performance.now() - Number(m.content.split(' ')[1]));
      });
    }
  });
  const total = Math.round(RATE * SECONDS);
  // Event-loop blocking while messages flow, on the nodes and in this client process.
  for (const node of nodes) node.child.send({ type: 'lag-reset' });
  const clientLag = monitorEventLoopDelay({ resolution: 1 });
  clientLag.enable();
  const sendStarted = performance.now();
  const acks: Promise<void>[] = [];
  for (let k = 0; k < total; k++) {
    const due = sendStarted + (k * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const pair = pairs[k % pairs.length] as (typeof pairs)[number];
    const from = sockets[k % 2 === 0 ? pair.a : pair.b] as Socket;
    acks.push(
      (
        from.timeout(10_000).emitWithAck(sendMessageEventName, {
          conversationId: pair.conversationId,
          content: `t ${performance.now()}`,
        }) as Promise<SendMessageAck>
      ).then(
        (ack) => {
          if (!ack.ok) failed += 1;
        },
        () => {
          failed += 1;
        },
      ),
    );
  }
  await Promise.all(acks);
  await new Promise((r) => setTimeout(r, 1000)); // the last deliveries
  const sentFor = (performance.now() - sendStarted - 1000) / 1000;
  clientLag.disable();
  const serverLag = await Promise.all(nodes.map((n) => ask<{ p99: number; max: number }>(n, 'lag')));
  latencies.sort((x, y) => x - y);

  const rss = after.reduce((s, m, i) => s + m.rss - (before[i]?.rss ?? 0), 0);
  const heap = after.reduce(
    (s, m, i) => s + m.heapUsed + m.external - (before[i]?.heapUsed ?? 0) - (before[i]?.external ?? 0),
    0,
  );
  const title = nodeCount === 1 ? 'one node (in-memory adapter)' : 'two nodes through Redis (streams adapter)';
  console.log(title);
  console.log(
    `  connect    ${connected}/${N} sockets in ${(connectMs / 1000).toFixed(1)} s (${Math.round(N / (connectMs / 1000))}/s); handshake p50 ${ms(pct(handshakes, 0.5))}, p99 ${ms(pct(handshakes, 0.99))}`,
  );
  console.log(
    `  memory     ${kb(heap / N)} per socket (JS heap + external after GC: +${mb(heap)} over ${nodeCount} node${nodeCount > 1 ? 's' : ''}); RSS ${rss >= 0 ? '+' : ''}${mb(rss)}`,
  );
  console.log(
    `  delivery   ${latencies.length}/${total} messages in ${sentFor.toFixed(1)} s (${failed} refused or timed out): p50 ${ms(pct(latencies, 0.5))}, p99 ${ms(pct(latencies, 0.99))}, max ${ms(latencies.at(-1) ?? 0)}`,
  );
  console.log(
    `  event loop blocked (p99 / max): server ${serverLag.map((l) => `${ms(l.p99)} / ${ms(l.max)}`).join(', ')}; clients ${ms(clientLag.percentile(99) / 1e6 - 1)} / ${ms(clientLag.max / 1e6 - 1)}`,
  );
  console.log(
    `  load       ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );

  for (const s of sockets) s?.close();
  await Promise.all(nodes.map(stopNode));
}

try {
  for (const nodeCount of runs) await run(nodeCount);
} finally {
  for (const child of children) child.kill();
  await dropDatabase();
}
process.exit(0);
