// `npm run bench:csv`: the back office's journal export at scale. Writes 500 000 ledger entries with
// two lines each (1 000 000 CSV rows) into a scratch database, then downloads the journal CSV over
// HTTP for the newest 10 000, 100 000 and all 1 000 000 lines, sampling the process's memory every
// 20 ms (and, every 250 ms, the heap left after a full collection: what the export keeps alive).
// Memory that stays flat while the rows grow a hundredfold is the point: the export reads by
// keyset batches and writes as it reads. Not a test: it prints numbers.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:csv
//   npm run bench:csv                       # on PGlite (slower)
//   npm run bench:csv -- --entries 50000    # smaller
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { seedDemo } from '#server/modules/demo/service.ts';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import { scratchDatabase } from './scratch-database.ts';

const { values: args } = parseArgs({ options: { entries: { type: 'string', default: '500000' } } });
const ENTRIES = Number(args.entries);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) console.warn('Run with node --expose-gc (npm run bench:csv does) for comparable baselines.');

const scratch = await scratchDatabase(process.env.DATABASE_URL, 'csv');
const { DATABASE_URL: _serverUrl, ...env } = process.env;
const config = {
  ...loadConfig({
    AUTH_SECRET: 'bench-csv-secret-not-for-production-0123456789',
    ...env,
    ...(scratch.benchDbUrl ? { DATABASE_URL: scratch.benchDbUrl } : {}),
    ...(scratch.dataDir ? { DATA_DIR: scratch.dataDir } : {}),
    REDIS_URL: '',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
  }),
  // The demo's accounts give the bench an administrator to sign in as; its few entries are dated
  // now, before the bench's own, so the bounded exports below hold the bench's rows alone.
  demoMode: true,
  jobsIntervalMs: 0,
};

const database = await openDatabase(
  scratch.benchDbUrl ? { databaseUrl: scratch.benchDbUrl } : { dataDir: scratch.dataDir as string },
);
await database.migrate();
const { db } = database;

// One second apart, newest first from a fixed instant: a `from` bound picks exactly the newest N.
const newest = new Date('2030-01-01T00:00:00Z');
const seedStarted = performance.now();
await db.execute(sql`
  insert into ledger_entry (kind, currency, memo, idempotency_key, created_at)
  select 'completion', 'EUR', 'Bench delivery ' || g, 'bench-csv-' || g, ${newest.toISOString()}::timestamptz - make_interval(secs => g)
  from generate_series(0, ${ENTRIES - 1}) g`);
await db.execute(sql`
  insert into ledger_line (entry_id, account, amount, currency)
  select id, 'escrow', -2400, 'EUR' from ledger_entry
  union all
  select id, 'traveler:' || md5(id::text)::uuid, 2400, 'EUR' from ledger_entry`);
await db.execute(sql`analyze`);
console.log(
  `Seeded ${ENTRIES} entries, ${ENTRIES * 2} lines in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
);

await seedDemo(config, db, pino({ level: 'silent' }));
const app = await buildApp(config, { database });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: config.baseUrl },
  body: JSON.stringify({ email: 'admin@tagalong.test', password: DEMO_PASSWORD }),
});
if (!signIn.ok) throw new Error(`admin sign-in failed: ${signIn.status}`);
const cookie = signIn.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** Downloads the journal from `from` on, counting lines as they arrive; memory sampled meanwhile. */
async function exportFrom(from: Date | null) {
  gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  let peakLive = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  // What the export keeps alive, apart from garbage not yet collected: a full collection, then the heap.
  const live = setInterval(() => {
    gc?.();
    peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
  }, 250);
  const started = performance.now();
  const url = `${base}/api/admin/ledger/entries.csv${from ? `?from=${encodeURIComponent(from.toISOString())}` : ''}`;
  const res = await fetch(url, { headers: { cookie, 'accept-encoding': 'identity' } });
  if (!res.ok || !res.body) throw new Error(`${url}: ${res.status}`);
  let lines = 0;
  let bytes = 0;
  for await (const chunk of res.body) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  clearInterval(live);
  return {
    livePeakDelta: peakLive - before.heapUsed,
    rows: lines - 1,
    bytes,
    seconds,
    heapPeakDelta: peakHeap - before.heapUsed,
    rssPeakDelta: peakRss - before.rss,
    rssPeak: peakRss,
  };
}

const cases: [label: string, from: Date | null][] = [
  ['newest 10 000 lines', new Date(newest.getTime() - (10_000 / 2 - 1) * 1000)],
  ['newest 100 000 lines', new Date(newest.getTime() - (100_000 / 2 - 1) * 1000)],
  [`all ${(ENTRIES * 2).toLocaleString('en')} lines`, null],
];
console.log(
  `\nbench:csv on ${scratch.benchDbUrl ? 'PostgreSQL' : 'PGlite'}: GET /api/admin/ledger/entries.csv, memory sampled every 20 ms\n`,
);
console.log(
  `${'export'.padEnd(24)} ${'rows'.padStart(9)} ${'MB'.padStart(7)} ${'seconds'.padStart(8)} ${'rows/s'.padStart(8)} ${'heap peak +MB'.padStart(14)} ${'live +MB'.padStart(9)} ${'RSS peak +MB'.padStart(13)} ${'RSS peak MB'.padStart(12)}`,
);
await exportFrom(new Date(newest.getTime() - 1000)); // warm-up, unreported
const results = [];
for (const [label, from] of cases) {
  const r = await exportFrom(from);
  results.push(r);
  console.log(
    `${label.padEnd(24)} ${String(r.rows).padStart(9)} ${mb(r.bytes).padStart(7)} ${r.seconds.toFixed(1).padStart(8)} ${Math.round(
      r.rows / r.seconds,
    )
      .toString()
      .padStart(
        8,
      )} ${mb(r.heapPeakDelta).padStart(14)} ${mb(r.livePeakDelta).padStart(9)} ${mb(r.rssPeakDelta).padStart(13)} ${mb(r.rssPeak).padStart(12)}`,
  );
}
const [small, , all] = results;
if (small && all) {
  console.log(
    `\n${(all.rows / small.rows).toFixed(0)}× the rows: live heap +${mb(small.livePeakDelta)} → +${mb(all.livePeakDelta)} MB, RSS peak ×${(all.rssPeak / small.rssPeak).toFixed(2)}`,
  );
}
await app.close();
await scratch.drop();
