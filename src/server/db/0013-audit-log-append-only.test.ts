import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPglite, type Database, migrationsFolder } from './client.ts';
import { auditLog } from './schema/audit.ts';
import { user } from './schema/auth.ts';
import { schema } from './schema.ts';

// Migration 0013 (the append-only audit log, ADR 0043) on a database holding rows as 0012 wrote them:
// `note` becomes `reason`, before/after come out of `data`, and the table refuses changes from then on.
// It runs on whichever database the suite uses (PGlite, or PostgreSQL with DATABASE_URL).

let db: Database;
let migrateTo: (folder: string) => Promise<void>;
let close: () => Promise<void>;
let upTo0012: string;

function folderUpTo0012(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-0012-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= 12);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

beforeAll(async () => {
  upTo0012 = folderUpTo0012();
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const name = `migration_0013_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`).finally(() => admin.end());
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Database;
    migrateTo = (folder) => migratePg(drizzlePg(pool), { migrationsFolder: folder });
    close = async () => {
      await pool.end();
      const dropper = new pg.Client({ connectionString: databaseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => dropper.end());
    };
  } else {
    const client = await createPglite();
    db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
    migrateTo = (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder });
    close = () => client.close();
  }
});
afterAll(async () => {
  await close();
  rmSync(upTo0012, { recursive: true, force: true });
});

it('moves note to reason and before/after out of data, then refuses changes', async () => {
  await migrateTo(upTo0012);
  const [admin] = await db.insert(user).values({ name: 'Ada', email: 'ada@example.test' }).returning({ id: user.id });
  const actor = admin?.id as string;
  const legacy = (minute: number, action: string, note: string | null, data: Record<string, unknown>) =>
    db.execute(sql`INSERT INTO audit_log (actor_id, action, subject_type, subject_id, note, data, created_at)
      VALUES (${actor}, ${action}, 'x', ${`s${minute}`}, ${note}, ${JSON.stringify(data)}::jsonb,
        ${new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString()}::timestamptz)`);
  await legacy(0, 'kyc.decline', 'Stolen passport', { from: 'pending', to: 'declined' });
  await legacy(1, 'payment.refund', 'Damaged', {
    amount: 1000,
    currency: 'EUR',
    packageId: 'p1',
    refundedBefore: 0,
    refundedAfter: 1000,
    status: 'partially_refunded',
  });
  await legacy(2, 'payout.mark_sent', null, { travelerId: 't1', amount: 2000, reference: 'SEPA-1' });
  await legacy(3, 'dispute.refund_sender', 'Photos', { disputeId: 'd1' });
  await legacy(4, 'dispute.release_traveler', 'Photos', { disputeId: 'd2' });
  await legacy(5, 'conversation.open', null, { conversationId: 'c1' });

  await migrateTo(migrationsFolder);
  const rows = await db.select().from(auditLog).orderBy(asc(auditLog.createdAt));
  expect(rows.map(({ action, reason, before, after, data }) => ({ action, reason, before, after, data }))).toEqual([
    {
      action: 'kyc.decline',
      reason: 'Stolen passport',
      before: { kycStatus: 'pending' },
      after: { kycStatus: 'declined' },
      data: {},
    },
    {
      action: 'payment.refund',
      reason: 'Damaged',
      before: { refundedAmount: 0 },
      after: { refundedAmount: 1000, status: 'partially_refunded' },
      data: { amount: 1000, currency: 'EUR', packageId: 'p1' },
    },
    {
      action: 'payout.mark_sent',
      reason: null,
      before: { status: 'requested' },
      after: { status: 'sent', reference: 'SEPA-1' },
      data: { travelerId: 't1', amount: 2000 },
    },
    {
      action: 'dispute.refund_sender',
      reason: 'Photos',
      before: { status: 'disputed' },
      after: { status: 'refunded' },
      data: { disputeId: 'd1' },
    },
    {
      action: 'dispute.release_traveler',
      reason: 'Photos',
      before: { status: 'disputed' },
      after: { status: 'completed' },
      data: { disputeId: 'd2' },
    },
    { action: 'conversation.open', reason: null, before: null, after: null, data: { conversationId: 'c1' } },
  ]);
  await expect(db.update(auditLog).set({ reason: 'rewritten' })).rejects.toThrow();
  await expect(db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
  expect(await db.select().from(auditLog)).toHaveLength(6);
});
