import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { notification } from '#server/db/schema/notifications.ts';
import { packageEvents, packages } from '#server/db/schema/packages.ts';
import { ledgerBalances, ledgerEntries, ledgerLines, payments, payouts } from '#server/db/schema/payments.ts';
import { type FakeClock, fakeClock } from '#server/modules/jobs/test/helpers.ts';
import { balance, ledgerIsBalanced } from '#server/modules/payments/test/helpers.ts';
import { bankDetailsKey, openBankDetails } from '#server/modules/payouts/bank-details.ts';
import { createSandboxPaymentProvider } from '#server/providers/payments/sandbox.ts';
import { buildStartedApp, testConfig } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { balanceSchema } from '#shared/balances.ts';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import { platformFee } from '#shared/money.ts';
import { defaultSettings } from '#shared/settings.ts';
import { demoPayout, seedDemoPayments } from './seed-payments.ts';

// Demo mode's money agrees with its packages: every published one paid reward + fee into escrow when
// its timeline says, the finished ones were released or refunded as the lifecycle does, Tess's
// balance is what she earned less her payout, and the demo packages still waiting for their money
// (Sam's confirmation, the auto-complete job, expiry) find it. A restart adds nothing.

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const config = testConfig({ demoMode: true });

interface Started {
  database: DatabaseHandle;
  app: FastifyInstance;
  clock: FakeClock;
}

/** A demo start on a fresh database; `restart` starts the app again on the same data. */
async function start(): Promise<Started> {
  const database = await createTestDatabase();
  const clock = fakeClock();
  const app = await buildStartedApp(config, { database: { ...database, close: async () => undefined }, clock });
  await app.ready();
  return { database, app, clock };
}

async function signIn(app: FastifyInstance, email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

async function idOf(s: Started, email: string) {
  const [row] = await s.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row?.id as string;
}

const packageNamed = async (s: Started, title: string) =>
  (await s.database.db.select().from(packages).where(eq(packages.title, title)))[0] as typeof packages.$inferSelect;

const eventsOf = (s: Started, packageId: string) =>
  s.database.db
    .select()
    .from(packageEvents)
    .where(eq(packageEvents.packageId, packageId))
    .orderBy(asc(packageEvents.createdAt));

const entryKinds = async (s: Started, paymentId: string) =>
  (await s.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId)))
    .map((e) => e.kind)
    .sort();

const moneyCounts = async (s: Started) => {
  const db = s.database.db;
  const [p] = await db.select({ n: count() }).from(payments);
  const [e] = await db.select({ n: count() }).from(ledgerEntries);
  const [l] = await db.select({ n: count() }).from(ledgerLines);
  const [o] = await db.select({ n: count() }).from(payouts);
  return { payments: p?.n, entries: e?.n, lines: l?.n, payouts: o?.n };
};

/** The running balances equal the journal's sums, and no holding account is below zero. */
async function runningBalancesAgree(s: Started) {
  const sums = await s.database.db
    .select({
      account: ledgerLines.account,
      currency: ledgerLines.currency,
      sum: sql<string>`sum(${ledgerLines.amount})`,
    })
    .from(ledgerLines)
    .groupBy(ledgerLines.account, ledgerLines.currency);
  const balances = await s.database.db.select().from(ledgerBalances);
  for (const row of sums) {
    const held = balances.find((b) => b.account === row.account && b.currency === row.currency);
    expect(Number(held?.balance), `${row.account} ${row.currency}`).toBe(Number(row.sum));
    if (row.account === 'escrow' || row.account === 'platform_fees' || row.account.startsWith('traveler:')) {
      expect(Number(row.sum), row.account).toBeGreaterThanOrEqual(0);
    }
  }
}

describe('the demo money', () => {
  let s: Started;
  beforeAll(async () => {
    s = await start();
  });
  afterAll(async () => {
    await s.app.close();
    await s.database.close();
  });

  it('keeps the ledger balanced, entry by entry, with running balances that agree with it', async () => {
    expect((await moneyCounts(s)).entries).toBeGreaterThan(15);
    expect(await ledgerIsBalanced(s.app)).toBe(true);
    await runningBalancesAgree(s);
  });

  it('gives every published package one payment of reward + fee, in escrow from its "open" event, settled as its status says', async () => {
    const rows = await s.database.db.select().from(packages);
    let published = 0;
    for (const row of rows) {
      const events = await eventsOf(s, row.id);
      const opened = events.find((e) => e.toStatus === 'open');
      const paid = await s.database.db.select().from(payments).where(eq(payments.packageId, row.id));
      if (!opened) {
        expect(paid, row.title).toEqual([]);
        continue;
      }
      published++;
      expect(paid, row.title).toHaveLength(1);
      const payment = paid[0] as typeof payments.$inferSelect;
      const fee = platformFee(row.reward as number, defaultSettings);
      expect(payment, row.title).toMatchObject({
        provider: 'sandbox',
        senderId: row.senderId,
        currency: row.currency,
        reward: row.reward,
        fee,
        amount: (row.reward as number) + fee,
      });
      expect(payment.providerRef, row.title).toMatch(/^cs_sandbox_/);
      const [received] = await s.database.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.paymentId, payment.id), eq(ledgerEntries.kind, 'payment_received')));
      expect(received?.createdAt.getTime(), row.title).toBe(opened.createdAt.getTime());

      const kinds = await entryKinds(s, payment.id);
      const last = events.at(-1);
      if (row.status === 'completed') {
        expect(payment.status, row.title).toBe('succeeded');
        const release = last?.fromStatus === 'disputed' ? 'dispute_release' : 'completion';
        expect(kinds, row.title).toEqual([release, 'payment_received'].sort());
      } else if (row.status === 'cancelled' || row.status === 'expired') {
        expect(['refunded', 'partially_refunded'], row.title).toContain(payment.status);
        expect(kinds, row.title).toHaveLength(2);
      } else {
        expect(payment.status, row.title).toBe('succeeded');
        expect(kinds, row.title).toEqual(['payment_received']);
      }
    }
    expect(published).toBeGreaterThanOrEqual(15);
  });

  it('refunds per docs/product.md §5: the expired package in full, the one cancelled after its match less the fee', async () => {
    const tickets = await packageNamed(s, 'Concert tickets');
    const [expired] = await s.database.db.select().from(payments).where(eq(payments.packageId, tickets.id));
    expect(expired).toMatchObject({ status: 'refunded', amount: 1100, refundedAmount: 1100 });
    expect(await entryKinds(s, expired?.id as string)).toEqual(['payment_received', 'refund']);

    const strings = await packageNamed(s, 'Guitar strings');
    const [cancelled] = await s.database.db.select().from(payments).where(eq(payments.packageId, strings.id));
    // 8.00 back, as the demo "Package cancelled and refunded" notification says; the 1.00 fee kept.
    expect(cancelled).toMatchObject({ status: 'partially_refunded', amount: 900, refundedAmount: 800 });
    expect(await entryKinds(s, cancelled?.id as string)).toEqual(['payment_received', 'refund_minus_fee']);
    const [refundEntry] = await s.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.paymentId, cancelled?.id as string), eq(ledgerEntries.kind, 'refund_minus_fee')));
    const cancelledAt = (await eventsOf(s, strings.id)).at(-1)?.createdAt;
    expect(refundEntry?.createdAt.getTime()).toBe(cancelledAt?.getTime());
  });

  it('stamps deliveredAt and completedAt from the timeline, as handover and completion do', async () => {
    const rows = await s.database.db.select().from(packages);
    for (const row of rows) {
      const events = await eventsOf(s, row.id);
      const delivered = events.findLast((e) => e.toStatus === 'delivered')?.createdAt ?? null;
      expect(row.deliveredAt?.getTime() ?? null, row.title).toBe(delivered?.getTime() ?? null);
      const completed = row.status === 'completed' ? (events.at(-1)?.createdAt ?? null) : null;
      expect(row.completedAt?.getTime() ?? null, row.title).toBe(completed?.getTime() ?? null);
    }
    expect((await packageNamed(s, 'Italian cookbooks')).deliveredAt).not.toBeNull();
  });

  it('shows Tess, through GET /api/balance, her completed rewards less her payout, and what she carries as pending', async () => {
    const tessId = await idOf(s, 'traveler@tagalong.test');
    const carried = await s.database.db.select().from(packages).where(eq(packages.travelerId, tessId));
    const sum = (currency: string, statuses: string[]) =>
      carried
        .filter((p) => p.currency === currency && statuses.includes(p.status))
        .reduce((total, p) => total + (p.reward ?? 0), 0);
    const paidOut = await s.database.db.select().from(payouts).where(eq(payouts.travelerId, tessId));
    expect(paidOut).toHaveLength(1);

    const tess = await signIn(s.app, 'traveler@tagalong.test');
    const res = await s.app.inject({ url: '/api/balance', headers: { cookie: tess } });
    expect(res.statusCode).toBe(200);
    const figures = balanceSchema.parse(res.json()).currencies;
    const eur = figures.find((c) => c.currency === 'EUR');
    const gbp = figures.find((c) => c.currency === 'GBP');
    const usd = figures.find((c) => c.currency === 'USD');
    expect(eur).toEqual({
      currency: 'EUR',
      available: sum('EUR', ['completed']) - demoPayout.amount,
      pending: sum('EUR', ['matched', 'in_transit', 'delivered']),
      requested: 0,
      paidOut: demoPayout.amount,
    });
    // Board game 15.00 + Wireless headphones 20.00, all paid out; the Tea set's 24.00 in pounds.
    expect(eur?.available).toBe(0);
    expect(gbp).toMatchObject({ available: 2400, pending: 0, paidOut: 0 });
    expect(usd).toMatchObject({ available: 0, pending: 2500 });
  });

  it('backs the "Payout sent" notification with a sent payout, sealed bank details and its ledger entry', async () => {
    const tessId = await idOf(s, 'traveler@tagalong.test');
    const adminId = await idOf(s, 'admin@tagalong.test');
    const [payout] = await s.database.db.select().from(payouts).where(eq(payouts.travelerId, tessId));
    expect(payout).toMatchObject({
      amount: demoPayout.amount,
      currency: 'EUR',
      status: 'sent',
      sentBy: adminId,
      bankLast4: '3000',
      providerRef: demoPayout.reference,
    });
    const details = openBankDetails(
      bankDetailsKey(config.authSecret),
      payout?.id as string,
      payout?.bankDetailsEncrypted as string,
    );
    expect(details.accountHolder).toBe('Tess Traveler');
    const [entry] = await s.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.payoutId, payout?.id as string));
    expect(entry).toMatchObject({ kind: 'payout', createdAt: payout?.createdAt });
    expect((payout?.sentAt?.getTime() ?? 0) > (payout?.createdAt.getTime() ?? Infinity)).toBe(true);

    const [told] = await s.database.db
      .select()
      .from(notification)
      .where(and(eq(notification.userId, tessId), eq(notification.type, 'payout_sent')));
    expect(told?.data).toMatchObject({ payoutId: payout?.id, amount: demoPayout.amount, currency: 'EUR' });
    expect(told?.createdAt.getTime()).toBe(payout?.sentAt?.getTime());
  });

  it('lets Sam confirm the delivered Italian cookbooks: 200, completed, the reward to Tess and the fee to the platform', async () => {
    const tessId = await idOf(s, 'traveler@tagalong.test');
    const cookbooks = await packageNamed(s, 'Italian cookbooks');
    expect(cookbooks.status).toBe('delivered');
    const tessBefore = await balance(s.app, `traveler:${tessId}`);
    const feesBefore = await balance(s.app, 'platform_fees');

    const sam = await signIn(s.app, 'sender@tagalong.test');
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/packages/${cookbooks.id}/confirm`,
      headers: { cookie: sam },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await packageNamed(s, 'Italian cookbooks')).status).toBe('completed');
    expect(await balance(s.app, `traveler:${tessId}`)).toBe(tessBefore + 1800);
    expect(await balance(s.app, 'platform_fees')).toBe(feesBefore + platformFee(1800, defaultSettings));
    const [payment] = await s.database.db.select().from(payments).where(eq(payments.packageId, cookbooks.id));
    expect(await entryKinds(s, payment?.id as string)).toEqual(['completion', 'payment_received']);
    expect(await ledgerIsBalanced(s.app)).toBe(true);
  });

  it('adds nothing when run again, or on a restart on the same data', async () => {
    const before = await moneyCounts(s);
    const payoutNotes = async () =>
      (await s.database.db.select({ n: count() }).from(notification).where(eq(notification.type, 'payout_sent')))[0]?.n;
    const notesBefore = await payoutNotes();
    await seedDemoPayments(s.database.db, s.app.log, {
      sandbox: createSandboxPaymentProvider(config),
      baseUrl: config.baseUrl,
      bankKey: bankDetailsKey(config.authSecret),
      settings: s.app.settings,
    });
    expect(await moneyCounts(s)).toEqual(before);

    await s.app.close();
    s.app = await buildStartedApp(config, {
      database: { ...s.database, close: async () => undefined },
      clock: s.clock,
    });
    await s.app.ready();
    expect(await moneyCounts(s)).toEqual(before);
    expect(await payoutNotes()).toBe(notesBefore);
    expect(await ledgerIsBalanced(s.app)).toBe(true);
  });

  it('fills in a demo seeded before its money was: payments, entries, the payout and the lifecycle dates', async () => {
    const before = await moneyCounts(s);
    const stamped = await s.database.db
      .select({ id: packages.id, deliveredAt: packages.deliveredAt, completedAt: packages.completedAt })
      .from(packages);
    const db = s.database.db;
    await db.delete(ledgerLines);
    await db.delete(ledgerEntries);
    await db.delete(ledgerBalances);
    await db.delete(payouts);
    await db.delete(payments);
    await db.update(packages).set({ deliveredAt: null, completedAt: null });

    await seedDemoPayments(db, s.app.log, {
      sandbox: createSandboxPaymentProvider(config),
      baseUrl: config.baseUrl,
      bankKey: bankDetailsKey(config.authSecret),
      settings: s.app.settings,
    });
    expect(await moneyCounts(s)).toEqual(before);
    expect(await ledgerIsBalanced(s.app)).toBe(true);
    await runningBalancesAgree(s);
    const restamped = await db
      .select({ id: packages.id, deliveredAt: packages.deliveredAt, completedAt: packages.completedAt })
      .from(packages);
    // From the timeline: to the millisecond for the demo dates; Sam's confirmation above stamped
    // its completedAt a moment apart from its event.
    for (const row of restamped) {
      const was = stamped.find((r) => r.id === row.id);
      for (const column of ['deliveredAt', 'completedAt'] as const) {
        const gap = Math.abs((row[column]?.getTime() ?? 0) - (was?.[column]?.getTime() ?? 0));
        expect(gap, `${row.id} ${column}`).toBeLessThan(1000);
      }
    }
  });
});

describe('the scheduled jobs over the demo data', () => {
  let s: Started;
  beforeAll(async () => {
    s = await start();
  });
  afterAll(async () => {
    await s.app.close();
    await s.database.close();
  });

  const report = (reports: { job: string; processed: number }[], job: string) =>
    reports.find((r) => r.job === job)?.processed;

  it('leave the delivered package alone inside the auto-complete days, then complete it with its money', async () => {
    const tessId = await idOf(s, 'traveler@tagalong.test');
    const cookbooks = await packageNamed(s, 'Italian cookbooks');
    const deliveredAt = cookbooks.deliveredAt as Date;
    // Seeded inside the window: due a little later than the demo's start.
    expect(Date.now() - deliveredAt.getTime()).toBeLessThan(defaultSettings.autoCompleteDays * DAY);

    const now = await s.app.scheduler.tick();
    expect(now.every((r) => r.failed === 0 && !r.error)).toBe(true);
    expect(report(now, 'auto-complete')).toBe(0);
    expect((await packageNamed(s, 'Italian cookbooks')).status).toBe('delivered');

    const tessBefore = await balance(s.app, `traveler:${tessId}`);
    s.clock.set(new Date(deliveredAt.getTime() + defaultSettings.autoCompleteDays * DAY + MINUTE));
    const due = await s.app.scheduler.tick();
    expect(
      due.every((r) => r.failed === 0 && !r.error),
      JSON.stringify(due),
    ).toBe(true);
    expect(report(due, 'auto-complete')).toBe(1);
    expect((await packageNamed(s, 'Italian cookbooks')).status).toBe('completed');
    expect(await balance(s.app, `traveler:${tessId}`)).toBe(tessBefore + 1800);
    expect(await ledgerIsBalanced(s.app)).toBe(true);
  });

  it('expire the open packages once their deliver-by passes, each refunded in full', async () => {
    const open = await s.database.db.select().from(packages).where(eq(packages.status, 'open'));
    expect(open.length).toBeGreaterThan(3);
    s.clock.set(new Date(Date.now() + 60 * DAY));
    const reports = await s.app.scheduler.tick();
    expect(
      reports.every((r) => r.failed === 0 && !r.error),
      JSON.stringify(reports),
    ).toBe(true);
    expect(report(reports, 'expire-packages')).toBe(open.length);
    for (const row of open) {
      const [payment] = await s.database.db.select().from(payments).where(eq(payments.packageId, row.id));
      expect(payment, row.title).toMatchObject({ status: 'refunded', refundedAmount: payment?.amount });
    }
    expect(await ledgerIsBalanced(s.app)).toBe(true);
    await runningBalancesAgree(s);
  });
});
