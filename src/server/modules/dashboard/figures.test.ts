import { count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '#server/db/schema/auth.ts';
import { packages } from '#server/db/schema/packages.ts';
import { ledgerEntries, ledgerLines } from '#server/db/schema/payments.ts';
import { dailyRollup } from '#server/db/schema/rollups.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import { earn, IBANS, verifiedMember } from '#server/modules/balances/test/helpers.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import type { DashboardFigures, DashboardPeriod } from '#shared/admin-dashboard.ts';
import { packageStatuses } from '#shared/package-status.ts';
import { dayOf, rollUpDays } from './rollups.ts';

// The dashboard's figures (docs/product.md §8, ADR 0049): the marketplace now as the tables hold it,
// and a period's money and activity — finished days from the job's roll-ups, today counted live.

let app: FastifyInstance;
let admin: { id: string; cookie: string };
let sender: { id: string; cookie: string };
let traveler: { id: string; cookie: string };
const DAY = 86_400_000;
const now = () => new Date();
const daysAgo = (n: number) => dayOf(new Date(Date.now() - n * DAY));

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  admin = await signUpVerified(app, 'figures-admin@example.test', 'Ada Admin');
  await makeAdmin(app, admin.id);
  sender = await signUpVerified(app, 'figures-sender@example.test', 'Sam Sender');
  traveler = await verifiedMember(app, 'figures-traveler@example.test', 'Tess Traveler');
  await earn(app, { senderId: sender.id, travelerId: traveler.id, reward: 5000 });
  await earn(app, { senderId: sender.id, travelerId: traveler.id, reward: 2000, currency: 'GBP' });
  // The helper books the money only; the lifecycle would also mark the packages completed.
  await app.database.db
    .update(packages)
    .set({ status: 'completed', completedAt: new Date() })
    .where(eq(packages.senderId, sender.id));
  const payout = await app.inject({
    method: 'POST',
    url: '/api/payouts',
    headers: { cookie: traveler.cookie },
    payload: { amount: 1500, bankDetails: { accountHolder: 'Tess Traveler', iban: IBANS.de } },
  });
  expect(payout.statusCode, payout.body).toBe(201);
});
afterAll(() => app.close());

const get = async <T>(url: string) => {
  const res = await app.inject({ url: `/api/admin/dashboard${url}`, headers: { cookie: admin.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

/** The period's money as the journal's lines say, summed here a different way: entry by entry. */
async function journalMoney(from: Date, to: Date) {
  const lines = await app.database.db
    .select({
      kind: ledgerEntries.kind,
      account: ledgerLines.account,
      amount: ledgerLines.amount,
      currency: ledgerLines.currency,
    })
    .from(ledgerLines)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
    .where(
      sql`${ledgerEntries.createdAt} >= ${from.toISOString()}::timestamptz and ${ledgerEntries.createdAt} < ${to.toISOString()}::timestamptz`,
    );
  const totals: Record<string, { paidIn: number; released: number; fees: number; refunded: number; paidOut: number }> =
    {};
  for (const l of lines) {
    const t = totals[l.currency] ?? { paidIn: 0, released: 0, fees: 0, refunded: 0, paidOut: 0 };
    totals[l.currency] = t;
    const amount = Number(l.amount);
    if (l.kind === 'payment_received' && l.account === 'escrow' && amount > 0) t.paidIn += amount;
    if (l.account.startsWith('traveler:') && amount > 0) t.released += amount;
    if (l.account === 'platform_fees') t.fees += amount;
    if (l.account === 'refunds' && amount > 0) t.refunded += amount;
    if (l.account === 'payouts' && amount > 0) t.paidOut += amount;
  }
  return Object.entries(totals)
    .map(([currency, t]) => ({ currency, ...t }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

describe('GET /api/admin/dashboard/figures', () => {
  it('counts members, verified members, packages by status, active trips and escrow as the tables hold them', async () => {
    const body = await get<DashboardFigures>('/figures');
    const db = app.database.db;
    const [members] = await db.select({ n: count() }).from(user);
    expect(body.members.total).toEqual({ count: members?.n, estimated: false });
    expect(body.members.verified.count).toBeGreaterThanOrEqual(1);
    const statuses = await db.select({ status: packages.status, n: count() }).from(packages).groupBy(packages.status);
    expect(body.packagesByStatus.map((s) => s.status)).toEqual([...packageStatuses]);
    for (const { status, total } of body.packagesByStatus) {
      expect(total.count, status).toBe(statuses.find((s) => s.status === status)?.n ?? 0);
    }
    const [trips] = await db.select({ n: count() }).from(travelPlans).where(eq(travelPlans.status, 'active'));
    expect(body.activeTrips.count).toBe(trips?.n);
    // Both packages are completed: nothing is held.
    expect(body.escrowHeld).toEqual([]);
  });
});

describe('GET /api/admin/dashboard/period', () => {
  it("counts today live: the money by currency and the day's activity", async () => {
    const today = dayOf(now());
    const body = await get<DashboardPeriod>(`/period?from=${today}&to=${today}`);
    const expected = await journalMoney(new Date(`${today}T00:00:00Z`), new Date(Date.now() + 1000));
    expect(body.money).toEqual(expected);
    expect(body.money.map((m) => m.currency)).toEqual(['EUR', 'GBP']);
    expect(body.money.find((m) => m.currency === 'EUR')).toMatchObject({
      paidIn: expect.any(Number),
      released: 5000,
      paidOut: 1500,
    });
    expect(body.days).toEqual([
      expect.objectContaining({ day: today, packagesCreated: 2, packagesCompleted: 2, membersJoined: 3 }),
    ]);
  });

  it('adds up finished days from the roll-ups the job stored, zeros included', async () => {
    const db = app.database.db;
    // Move one member and the EUR delivery's whole story three days back.
    const [eurEntry] = await db
      .select({ packageId: ledgerEntries.packageId })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.currency, 'EUR'))
      .limit(1);
    const past = new Date(Date.now() - 3 * DAY);
    await db
      .update(ledgerEntries)
      .set({ createdAt: past })
      .where(eq(ledgerEntries.packageId, eurEntry?.packageId as string));
    await db
      .update(packages)
      .set({ createdAt: past, completedAt: past })
      .where(eq(packages.id, eurEntry?.packageId as string));
    await db
      .update(user)
      .set({ createdAt: new Date(Date.now() - 5 * DAY) })
      .where(eq(user.id, admin.id));
    const moved = await journalMoney(new Date(`${daysAgo(3)}T00:00:00Z`), new Date(`${daysAgo(2)}T00:00:00Z`));

    expect(await rollUpDays(db, now(), 62)).toBe(5);
    const stored = await db
      .select()
      .from(dailyRollup)
      .where(inArray(dailyRollup.day, [daysAgo(3)]));
    expect(stored.length).toBeGreaterThan(3);

    // A change to a finished day after its roll-up is not seen: the period reads what was stored.
    await db
      .update(user)
      .set({ createdAt: new Date(Date.now() - 3 * DAY) })
      .where(eq(user.id, sender.id));

    const body = await get<DashboardPeriod>(`/period?from=${daysAgo(5)}&to=${daysAgo(0)}`);
    expect(body.days.map((d) => d.day)).toEqual([5, 4, 3, 2, 1, 0].map(daysAgo));
    const threeAgo = body.days.find((d) => d.day === daysAgo(3));
    expect(threeAgo).toMatchObject({ packagesCreated: 1, packagesCompleted: 1, membersJoined: 0 });
    expect(threeAgo?.money).toEqual(moved);
    expect(body.days.find((d) => d.day === daysAgo(5))?.membersJoined).toBe(1);
    expect(body.days.find((d) => d.day === daysAgo(4))).toEqual({
      day: daysAgo(4),
      packagesCreated: 0,
      packagesCompleted: 0,
      membersJoined: 0,
      money: [],
    });
    const eur = body.money.find((m) => m.currency === 'EUR');
    expect(eur?.released).toBe(5000);

    // Run again: nothing more is due but the two days still settling.
    expect(await rollUpDays(db, now(), 62)).toBe(2);
  });

  it('refuses a period that ends before it starts or is longer than a year', async () => {
    const backwards = await app.inject({
      url: '/api/admin/dashboard/period?from=2026-12-02&to=2026-12-01',
      headers: { cookie: admin.cookie },
    });
    expect(backwards.statusCode).toBe(400);
    expect(Object.keys(backwards.json().error.fields)).toEqual(['to']);
    const long = await app.inject({
      url: '/api/admin/dashboard/period?from=2025-01-01&to=2026-12-01',
      headers: { cookie: admin.cookie },
    });
    expect(long.statusCode).toBe(400);
    const member = await app.inject({ url: '/api/admin/dashboard/figures', headers: { cookie: sender.cookie } });
    expect(member.statusCode).toBe(403);
  });
});
