import { parse } from 'csv-parse/sync';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { ledgerBalances, ledgerEntries, ledgerLines, payments } from '#server/db/schema/payments.ts';
import { earn, IBANS, verifiedMember } from '#server/modules/balances/test/helpers.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import type { LedgerBalances } from '#shared/admin-money.ts';
import { EXPORT_BATCH } from './exports.ts';

// The back office's CSV exports and balances (docs/product.md §8): the filtered journal one row per
// entry line, payments and payouts, each audited; files parse with a CSV library and match the tables.

let app: FastifyInstance;
let admin: { cookie: string; id: string };
let member: { cookie: string; id: string };
let sender: { cookie: string; id: string };
let traveler: { cookie: string; id: string };

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  admin = await signUpVerified(app, 'export-admin@example.test', 'Alex Admin');
  await makeAdmin(app, admin.id);
  member = await signUpVerified(app, 'export-member@example.test');
  sender = await signUpVerified(app, 'export-sender@example.test', 'Sandra Sender');
  traveler = await verifiedMember(app, 'export-traveler@example.test', 'Tara Traveler');
  for (const reward of [5000, 3200]) await earn(app, { senderId: sender.id, travelerId: traveler.id, reward });
  const payout = await app.inject({
    method: 'POST',
    url: '/api/payouts',
    headers: { cookie: traveler.cookie },
    payload: { amount: 2000, bankDetails: { accountHolder: 'Tara Traveler', iban: IBANS.de } },
  });
  expect(payout.statusCode, payout.body).toBe(201);
});
afterAll(() => app.close());

const get = (url: string, cookie = admin.cookie) => app.inject({ url: `/api/admin${url}`, headers: { cookie } });
const rowsOf = (body: string) => parse(body, { columns: true, skip_empty_lines: true }) as Record<string, string>[];

describe('GET /api/admin/ledger/entries.csv', () => {
  it('streams one row per entry line, as the tables hold them, and audits the export', async () => {
    const res = await get('/ledger/entries.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="journal-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = rowsOf(res.body);
    const [lines] = await app.database.db.select({ n: count() }).from(ledgerLines);
    expect(rows.length).toBe(Number(lines?.n));

    // Each entry's lines sum to zero, in the file as in the ledger.
    const sums = new Map<string, number>();
    for (const row of rows)
      sums.set(row.entry_id as string, (sums.get(row.entry_id as string) ?? 0) + Number(row.amount_minor));
    expect([...sums.values()].every((sum) => sum === 0)).toBe(true);
    const [anyLine] = await app.database.db
      .select({ entryId: ledgerLines.entryId, account: ledgerLines.account, amount: ledgerLines.amount })
      .from(ledgerLines)
      .limit(1);
    expect(rows).toContainEqual(
      expect.objectContaining({
        entry_id: anyLine?.entryId,
        account: anyLine?.account,
        amount_minor: String(anyLine?.amount),
        amount: (Number(anyLine?.amount) / 100).toFixed(2),
      }),
    );

    const [audited] = await app.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'data.export'), eq(auditLog.subjectId, 'journal'), eq(auditLog.actorId, admin.id)),
      );
    expect(audited?.data).toEqual({ filters: {} });
  });

  it("filters as the list does: a member's lines, a kind", async () => {
    const mine = rowsOf((await get(`/ledger/entries.csv?memberId=${traveler.id}`)).body);
    const entryIds = [...new Set(mine.map((r) => r.entry_id as string))];
    const [expected] = await app.database.db
      .select({ n: sql<number>`count(distinct ${ledgerLines.entryId})::int` })
      .from(ledgerLines)
      .where(inArray(ledgerLines.account, [`traveler:${traveler.id}`, `sender:${traveler.id}`]));
    expect(entryIds.length).toBe(expected?.n);
    expect(entryIds.length).toBeGreaterThan(0);

    const releases = rowsOf((await get('/ledger/entries.csv?kind=completion')).body);
    expect(releases.length).toBeGreaterThan(0);
    expect(releases.every((r) => r.kind === 'completion')).toBe(true);
  });

  it('refuses bad filters with the field named, and is for administrators only', async () => {
    const bad = await get('/ledger/entries.csv?from=2026-12-02&to=2026-12-01');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['to']);
    expect((await get('/ledger/entries.csv', member.cookie)).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/payouts.csv' })).statusCode).toBe(401);
  });

  it('reads past a batch without repeating or skipping an entry', async () => {
    // More entries than one batch, sharing one timestamp: the cursor must order ties by id.
    const at = new Date('2020-01-01T00:00:00.000Z');
    const many = EXPORT_BATCH + 7;
    const ids = await app.database.db.transaction(async (tx) => {
      const entries = await tx
        .insert(ledgerEntries)
        .values(
          Array.from({ length: many }, (_, i) => ({
            kind: 'completion',
            currency: 'EUR',
            memo: i === 0 ? '=HYPERLINK("http://evil.example")' : `Batch test ${i}`,
            idempotencyKey: `export-batch-${i}`,
            createdAt: at,
          })),
        )
        .returning({ id: ledgerEntries.id });
      await tx.insert(ledgerLines).values(
        entries.flatMap(({ id }) => [
          { entryId: id, account: 'escrow', amount: -1, currency: 'EUR' },
          { entryId: id, account: 'platform_fees', amount: 1, currency: 'EUR' },
        ]),
      );
      return entries.map((e) => e.id);
    });
    const rows = rowsOf((await get('/ledger/entries.csv?to=2020-01-01')).body);
    expect(rows.length).toBe(many * 2);
    expect(new Set(rows.map((r) => r.entry_id))).toEqual(new Set(ids));
    // A memo a spreadsheet would run is written as text.
    expect(rows.find((r) => r.memo?.includes('HYPERLINK'))?.memo).toBe('\'=HYPERLINK("http://evil.example")');
  });
});

describe('GET /api/admin/payments.csv and /payouts.csv', () => {
  it('exports the filtered payments, one row each', async () => {
    const rows = rowsOf((await get(`/payments.csv?senderId=${sender.id}`)).body);
    const mine = await app.database.db.select().from(payments).where(eq(payments.senderId, sender.id));
    expect(rows.map((r) => r.payment_id).sort()).toEqual(mine.map((p) => p.id).sort());
    expect(rows.every((r) => Number(r.amount_minor) === Number(r.reward_minor) + Number(r.fee_minor))).toBe(true);
    expect(rows.map((r) => r.kind)).toEqual(mine.map(() => 'package'));
  });

  it('exports payouts by status without bank details', async () => {
    const res = await get('/payouts.csv?status=requested');
    const rows = rowsOf(res.body);
    expect(rows).toEqual([
      expect.objectContaining({
        status: 'requested',
        amount_minor: '2000',
        amount: '20.00',
        traveler_email: 'export-traveler@example.test',
      }),
    ]);
    expect(res.body).not.toContain(IBANS.de);
  });
});

describe('GET /api/admin/ledger/balances', () => {
  it("shows the platform's accounts and members' accounts summed by kind, as the running totals hold them", async () => {
    const res = await get('/ledger/balances');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as LedgerBalances;
    const all = await app.database.db.select().from(ledgerBalances);
    for (const row of body.platform) {
      expect(all.find((b) => b.account === row.account && b.currency === row.currency)?.balance).toBe(row.balance);
    }
    const travelers = all.filter((b) => b.account.startsWith('traveler:') && b.currency === 'EUR');
    expect(body.members.find((m) => m.kind === 'traveler' && m.currency === 'EUR')).toEqual({
      kind: 'traveler',
      currency: 'EUR',
      balance: travelers.reduce((sum, b) => sum + Number(b.balance), 0),
      accounts: travelers.length,
    });
    expect(body.platform.some((p) => p.account === 'escrow' || p.account === 'platform_fees')).toBe(true);
  });
});
