import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { packages } from '#server/db/schema/packages.ts';
import { ledgerBalances, ledgerEntries, ledgerLines } from '#server/db/schema/payments.ts';
import { completeDraft } from '#server/modules/packages/test/helpers.ts';
import { type ServerProcess, startServerProcess, stopServerProcesses } from '#server/test/server-process.ts';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';

// kill -9 of a real server (src/server/main.ts in its own process) while members write, then a
// restart on the same data: it must start, every write it acknowledged (2xx) must be there, and the
// ledger must balance. The writes are money: Sam (a demo account) creates drafts and pays for them
// with the sandbox card, each payment a ledger entry. On PGlite (a data folder), and on PostgreSQL
// when DATABASE_URL is set. On PGlite a second process on the folder is refused meanwhile (ADR 0027).

const WRITERS = 6;
const env = { DEMO_MODE: 'true', JOBS_INTERVAL_MS: '0' };
const totals = { kills: 0, acknowledged: 0, lost: 0, ledgerChecks: 0, ledgerBalanced: 0 };
afterAll(async () => {
  await stopServerProcesses(0);
  console.log(
    `crash test: ${totals.kills} kills, ${totals.acknowledged} acknowledged writes, ${totals.lost} lost, ` +
      `ledger ${totals.ledgerChecks > 0 && totals.ledgerBalanced === totals.ledgerChecks ? 'balanced' : 'NOT balanced'}`,
  );
});

interface Acknowledged {
  drafts: Set<string>;
  /** Package id → payment id, for payments the sandbox answered "paid". */
  paid: Map<string, string>;
}

async function post(url: string, route: string, cookie: string, body?: unknown) {
  const res = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { origin: url, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null, res };
}

async function signInAsSam(server: ServerProcess): Promise<string> {
  const { status, res } = await post(server.url, '/api/auth/sign-in/email', '', {
    email: 'sender@tagalong.test',
    password: DEMO_PASSWORD,
  });
  expect(status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0])
    .join('; ');
}

/** One member's loop: a draft, its checkout, the test card; until the server goes away. */
async function writer(server: ServerProcess, cookie: string, acked: Acknowledged, stop: { now: boolean }) {
  try {
    while (!stop.now) {
      const draft = await post(server.url, '/api/packages', cookie, completeDraft());
      if (draft.status !== 201) return;
      const packageId = draft.body?.id as string;
      acked.drafts.add(packageId);
      const started = await post(server.url, `/api/packages/${packageId}/payments`, cookie);
      if (started.status !== 200) return;
      const { payment, url } = started.body as { payment: { id: string }; url: string };
      const ref = new URL(url).pathname.split('/').at(-1);
      const card = { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Sam Sender' };
      const paid = await post(server.url, `/api/payments/sandbox/${ref}/pay`, cookie, card);
      if (paid.status === 200 && paid.body?.outcome === 'paid') acked.paid.set(packageId, payment.id);
    }
  } catch {
    // The server was killed under this request: it was never acknowledged.
  }
}

/** Writers run until `minWrites` more are acknowledged, then the server gets SIGKILL mid-write. */
async function killWhileWriting(server: ServerProcess, acked: Acknowledged, minWrites: number) {
  const cookie = await signInAsSam(server);
  const before = acked.drafts.size + acked.paid.size;
  const stop = { now: false };
  const writers = Array.from({ length: WRITERS }, () => writer(server, cookie, acked, stop));
  const deadline = Date.now() + 20_000;
  while (acked.drafts.size + acked.paid.size - before < minWrites && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
  stop.now = true;
  await Promise.all(writers);
  totals.kills++;
}

/** Every acknowledged write is there, and every ledger entry, account and the whole ledger sum right. */
async function check(database: DatabaseHandle, acked: Acknowledged) {
  const { db } = database;
  const drafts = [...acked.drafts];
  const found = drafts.length
    ? await db.select({ id: packages.id, status: packages.status }).from(packages).where(inArray(packages.id, drafts))
    : [];
  const status = new Map(found.map((r) => [r.id, r.status]));
  const payments = [...acked.paid.values()];
  const entries = payments.length
    ? await db
        .select({ paymentId: ledgerEntries.paymentId })
        .from(ledgerEntries)
        .where(inArray(ledgerEntries.paymentId, payments))
    : [];
  const withEntry = new Set(entries.map((e) => e.paymentId));
  const lost = [
    ...drafts.filter((id) => !status.has(id)),
    ...[...acked.paid].filter(([pkg, payment]) => status.get(pkg) !== 'open' || !withEntry.has(payment)),
  ];
  totals.acknowledged += drafts.length + acked.paid.size;
  totals.lost += lost.length;
  expect(lost).toEqual([]);
  totals.ledgerChecks++;

  const unbalanced = await db
    .select({ entryId: ledgerLines.entryId })
    .from(ledgerLines)
    .groupBy(ledgerLines.entryId)
    .having(sql`sum(${ledgerLines.amount}) <> 0`);
  expect(unbalanced).toEqual([]);
  // Each account's running balance is the sum of its lines.
  const drifted = await db
    .select({ account: ledgerBalances.account })
    .from(ledgerBalances)
    .where(
      sql`${ledgerBalances.balance} <> (select coalesce(sum(l.amount), 0) from ${ledgerLines} l
        where l.account = ${ledgerBalances.account} and l.currency = ${ledgerBalances.currency})`,
    );
  expect(drifted).toEqual([]);
  const [total] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerLines.amount}), 0)`, lines: sql<number>`count(*)::int` })
    .from(ledgerLines);
  expect(Number(total?.sum)).toBe(0);
  // Not an empty ledger: the demo's payments and Sam's are in it.
  expect(total?.lines).toBeGreaterThan(0);
  totals.ledgerBalanced++;
}

it('PGlite: a second process is refused; after kill -9 mid-write the data is whole', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tagalong-crash-'));
  const acked: Acknowledged = { drafts: new Set(), paid: new Map() };
  let server = await startServerProcess({ ...env, DATA_DIR: dataDir }, 90_000);

  const second = await startServerProcess({ ...env, DATA_DIR: dataDir }, 60_000).then(
    () => 'listening',
    (err: Error) => err.message,
  );
  expect(second).toContain(`in use by another Tagalong process (pid ${server.child.pid})`);

  for (let round = 0; round < 2; round++) {
    await killWhileWriting(server, acked, 15);
    server = await startServerProcess({ ...env, DATA_DIR: dataDir }, 60_000);
  }
  await server.stop();
  const database = await openDatabase({ dataDir });
  try {
    await check(database, acked);
  } finally {
    await database.close();
  }
}, 180_000);

it.skipIf(!process.env.DATABASE_URL)(
  'PostgreSQL: after kill -9 mid-write the data is whole',
  async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const name = `tagalong_crash_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(process.env.DATABASE_URL as string);
    url.pathname = `/${name}`;
    const nodeEnv = { ...env, DATABASE_URL: url.toString(), AUTH_SECRET: 'a-test-secret-that-is-long-enough-000' };
    const acked: Acknowledged = { drafts: new Set(), paid: new Map() };
    try {
      let server = await startServerProcess(nodeEnv, 60_000);
      await killWhileWriting(server, acked, 15);
      server = await startServerProcess(nodeEnv, 60_000);
      await server.stop();
      const database = await openDatabase({ databaseUrl: url.toString() });
      try {
        await check(database, acked);
      } finally {
        await database.close();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => admin.end());
    }
  },
  120_000,
);
