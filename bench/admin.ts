// `npm run bench:admin`: how fast the back office's lists answer at scale, on PostgreSQL. Seeds (once)
// 100 000 members and 1 000 000 packages with their payments, requests, trips, disputes and audit rows
// into a database of its own, then times every list page, filter, search and a deep page by cursor,
// sequentially as one administrator clicking, and prints p50/p95/max per case against the 100 ms
// target. Not a test: it prints numbers.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:admin
//   … npm run bench:admin -- --members 10000 --packages 100000   # smaller, quicker
//   … npm run bench:admin -- --reseed                             # drop and seed again
//
// Its database (tg_bench_admin_<members>_<packages>) is kept between runs: seeding a million
// packages takes minutes, and migrations added since (new indexes) apply to it on the next run.
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { rollUpDays } from '#server/modules/dashboard/service.ts';
import { seedDemo } from '#server/modules/demo/service.ts';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import { adminBenchCases } from './admin-cases.ts';
import { seedAdminLedger, seedAdminScale } from './admin-seed.ts';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '100000' },
    packages: { type: 'string', default: '1000000' },
    samples: { type: 'string', default: '60' },
    reseed: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const size = { members: Number(args.members), packages: Number(args.packages) };
const SAMPLES = Number(args.samples);
const TARGET_MS = 100;

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error('bench:admin measures PostgreSQL: set DATABASE_URL (a server it may create a database on).');
  process.exit(2);
}
const dbName = `tg_bench_admin_${size.members}_${size.packages}`;
const benchUrl = new URL(serverUrl);
benchUrl.pathname = `/${dbName}`;

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
if (args.reseed) await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
const exists = (await admin.query('select 1 from pg_database where datname = $1', [dbName])).rowCount === 1;
if (!exists) await admin.query(`CREATE DATABASE "${dbName}"`);
await admin.end();

const config = {
  ...loadConfig({
    // A bench-only secret: the database is scratch, and nothing signed here outlives the run.
    AUTH_SECRET: 'bench-admin-secret-not-for-production-0123456789',
    ...process.env,
    DATABASE_URL: benchUrl.toString(),
    REDIS_URL: '',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
  }),
  demoMode: true,
  jobsIntervalMs: 0,
};
const database = await openDatabase({ databaseUrl: benchUrl.toString() });
await database.migrate();
const [seeded] = (
  (await database.db.execute(sql`select count(*)::int as n from package`)) as unknown as { rows: { n: number }[] }
).rows;
if ((seeded?.n ?? 0) < size.packages) {
  console.log(`Seeding ${dbName} (${size.members} members, ${size.packages} packages)…`);
  await seedAdminScale(database.db, size, (line) => console.log(line));
}
await seedAdminLedger(database.db, (line) => console.log(line));
await database.db.execute(sql`analyze`);
await seedDemo(config, database.db, pino({ level: 'silent' }));
// The dashboard's daily roll-ups, as the job keeps them: every finished day stored before timing.
const rollStarted = performance.now();
let rolled = 0;
// Each run stores up to 62 days and counts the two latest again: two left means caught up.
for (;;) {
  const n = await rollUpDays(database.db, new Date(), 62);
  rolled += n;
  if (n <= 2) break;
}
console.log(`Daily roll-ups: ${rolled} days stored in ${((performance.now() - rollStarted) / 1000).toFixed(1)} s`);
const app = await buildApp(config, { database });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: config.baseUrl },
  body: JSON.stringify({ email: 'admin@tagalong.test', password: DEMO_PASSWORD }),
});
if (!signIn.ok) throw new Error(`demo admin sign-in failed: ${signIn.status}`);
const cookie = signIn.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');

async function get(url: string): Promise<{ ms: number; body: { nextCursor?: string | null; items?: unknown[] } }> {
  const started = performance.now();
  const res = await fetch(base + url, { headers: { cookie } });
  const body = (await res.json()) as { nextCursor?: string | null; items?: unknown[] };
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { ms, body };
}

/** The URL of the page `depth` pages in, following each page's cursor as the pager does. */
async function deepUrl(url: string, depth: number): Promise<string> {
  let current = url;
  for (let i = 1; i < depth; i++) {
    const { body } = await get(current);
    if (!body.nextCursor) return current;
    current = `${url}${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(body.nextCursor)}`;
  }
  return current;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;

console.log(
  `\nbench:admin on ${dbName} (PostgreSQL), ${SAMPLES} sequential requests per case after 5 unreported, target p95 < ${TARGET_MS} ms\n`,
);
console.log(
  `${'case'.padEnd(58)} ${'rows'.padStart(5)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'max'.padStart(7)}`,
);
let failures = 0;
for (const bench of adminBenchCases(await sampleIds())) {
  if (args.only && !bench.title.includes(args.only)) continue;
  const url = bench.depth ? await deepUrl(bench.url, bench.depth) : bench.url;
  for (let i = 0; i < 5; i++) await get(url);
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const { ms, body } = await get(url);
    times.push(ms);
    rows = body.items?.length ?? rows;
  }
  times.sort((a, b) => a - b);
  const p95 = quantile(times, 0.95);
  const target = bench.targetMs ?? TARGET_MS;
  if (p95 >= target) failures++;
  console.log(
    `${bench.title.padEnd(58)} ${String(rows).padStart(5)} ${quantile(times, 0.5).toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(7)} ${times.at(-1)?.toFixed(1).padStart(7)}${p95 >= target ? `  ✗ over ${target} ms` : ''}`,
  );
}
console.log(
  failures
    ? `\n${failures} case(s) over their target at p95`
    : `\nevery case under its target at p95 (lists ${TARGET_MS} ms, dashboard 300 ms)`,
);
await app.close();

/** Real ids to filter by: a busy sender, a traveler, a package with a dispute. */
async function sampleIds() {
  const one = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: Record<string, string>[] }).rows[0] ?? {};
  const sender = await one(sql`select sender_id as id from package order by created_at desc limit 1`);
  const traveler = await one(
    sql`select traveler_id as id from package where traveler_id is not null order by created_at desc limit 1`,
  );
  const member = await one(
    sql`select id, email, name, phone_number as phone from "user" where email like 'member%' order by email limit 1 offset 4242`,
  );
  const pkg = await one(sql`select id from package order by created_at desc limit 1 offset 777`);
  const payment = await one(
    sql`select id, provider_ref as ref from payment order by created_at desc limit 1 offset 555`,
  );
  return {
    senderId: sender.id ?? '',
    travelerId: traveler.id ?? '',
    memberId: member.id ?? '',
    memberEmail: member.email ?? '',
    memberName: member.name ?? '',
    memberPhone: member.phone ?? '',
    packageId: pkg.id ?? '',
    paymentId: payment.id ?? '',
    paymentRef: payment.ref ?? '',
  };
}
