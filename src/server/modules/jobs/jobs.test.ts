import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { notification } from '#server/db/schema/notifications.ts';
import { packageEvents, packages } from '#server/db/schema/packages.ts';
import { ledgerEntries, payments } from '#server/db/schema/payments.ts';
import { disputes, jobRuns, requests } from '#server/db/schema/requests.ts';
import { systemSettings } from '#server/db/schema/settings.ts';
import { insertTravelPlan, insertUser } from '#server/modules/matching/test/factory.ts';
import { balance, ledgerIsBalanced, verifiedSender } from '#server/modules/payments/test/helpers.ts';
import { createClockedApp, DAY, fakeClock, MINUTE, paidPackage } from './test/helpers.ts';

// The scheduled jobs, driven by a fake clock through the app's own scheduler: nothing happens a
// moment early, everything happens once when due, and a second run changes nothing.

const clock = fakeClock();
let app: FastifyInstance;
let db: Database;
let sender: { cookie: string; id: string };
let travelerId: string;

beforeAll(async () => {
  app = await createClockedApp(clock);
  db = app.database.db;
  sender = await verifiedSender(app, 'jobs-sender@example.test', 'Sam Sender');
  travelerId = await insertUser(db, { name: 'Tess Traveler' });
});
afterAll(() => app.close());

const packageRow = async (id: string) => (await db.select().from(packages).where(eq(packages.id, id)))[0];
const notificationsOf = (userId: string, type: string) =>
  db
    .select()
    .from(notification)
    .where(and(eq(notification.userId, userId), eq(notification.type, type)));
const entriesOfPackage = (packageId: string) =>
  db.select().from(ledgerEntries).where(eq(ledgerEntries.packageId, packageId));
const reportOf = (reports: { job: string; processed: number }[], job: string) =>
  reports.find((r) => r.job === job)?.processed;

/** A paid package the traveler has delivered at the clock's current time. */
async function deliveredPackage() {
  const pkg = await paidPackage(app, sender.cookie);
  const now = clock();
  await db
    .update(packages)
    .set({ status: 'delivered', travelerId, matchedAt: now, deliveredAt: now })
    .where(eq(packages.id, pkg.id));
  return pkg;
}

async function pendingRequestFor(packageId: string, traveler = travelerId, trip: { departureAt?: Date } = {}) {
  const plan = await insertTravelPlan(db, traveler, trip);
  const [row] = await db
    .insert(requests)
    .values({ packageId, travelerId: traveler, travelPlanId: plan.id, startedBy: 'traveler' })
    .returning();
  return row as typeof requests.$inferSelect;
}

describe('auto-complete', () => {
  it('completes a delivered package once the auto-complete days have passed, releasing the money', async () => {
    clock.set(new Date());
    const deliveredAt = clock();
    const pkg = await deliveredPackage();
    const travelerBefore = await balance(app, `traveler:${travelerId}`);
    const feesBefore = await balance(app, 'platform_fees');

    clock.set(new Date(deliveredAt.getTime() + DAY));
    expect(reportOf(await app.scheduler.tick(), 'auto-complete')).toBe(0);
    expect((await packageRow(pkg.id))?.status).toBe('delivered');

    // Two days (the default setting) and a minute after delivery.
    clock.set(new Date(deliveredAt.getTime() + 2 * DAY + MINUTE));
    expect(reportOf(await app.scheduler.tick(), 'auto-complete')).toBe(1);
    const done = await packageRow(pkg.id);
    expect(done?.status).toBe('completed');
    expect(done?.completedAt).not.toBeNull();
    expect(await balance(app, `traveler:${travelerId}`)).toBe(travelerBefore + 2500);
    expect(await balance(app, 'platform_fees')).toBe(feesBefore + 250);
    const [event] = await db
      .select()
      .from(packageEvents)
      .where(and(eq(packageEvents.packageId, pkg.id), eq(packageEvents.toStatus, 'completed')));
    expect(event).toMatchObject({
      fromStatus: 'delivered',
      actorId: null,
      note: 'Completed automatically 2 days after delivery',
    });
    expect((await notificationsOf(travelerId, 'package_completed')).some((n) => n.data.packageId === pkg.id)).toBe(
      true,
    );

    // A second run finds nothing to do: one completion, one release, the same balances.
    expect(reportOf(await app.scheduler.tick(), 'auto-complete')).toBe(0);
    expect((await entriesOfPackage(pkg.id)).map((e) => e.kind).sort()).toEqual(['completion', 'payment_received']);
    expect(await balance(app, `traveler:${travelerId}`)).toBe(travelerBefore + 2500);
    expect(await ledgerIsBalanced(app)).toBe(true);
    const runs = await db.select().from(jobRuns).where(eq(jobRuns.job, 'auto-complete'));
    expect(runs.map((r) => r.processed).reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('never completes a disputed package, nor one with an open dispute', async () => {
    clock.set(new Date());
    const disputed = await deliveredPackage();
    await db.update(packages).set({ status: 'disputed' }).where(eq(packages.id, disputed.id));
    const withDispute = await deliveredPackage();
    await db
      .insert(disputes)
      .values({ packageId: withDispute.id, openedBy: sender.id, reason: 'damaged', details: 'The box was crushed' });

    clock.advance(30 * DAY);
    await app.scheduler.tick();
    expect((await packageRow(disputed.id))?.status).toBe('disputed');
    expect((await packageRow(withDispute.id))?.status).toBe('delivered');
    expect((await entriesOfPackage(withDispute.id)).map((e) => e.kind)).toEqual(['payment_received']);
  });

  it('follows the auto-complete days of the settings', async () => {
    await db.insert(systemSettings).values({ key: 'autoCompleteDays', value: 5 });
    try {
      clock.set(new Date());
      const deliveredAt = clock();
      const pkg = await deliveredPackage();
      clock.set(new Date(deliveredAt.getTime() + 4 * DAY));
      await app.scheduler.tick();
      expect((await packageRow(pkg.id))?.status).toBe('delivered');
      clock.set(new Date(deliveredAt.getTime() + 5 * DAY + MINUTE));
      await app.scheduler.tick();
      expect((await packageRow(pkg.id))?.status).toBe('completed');
      const [event] = await db
        .select()
        .from(packageEvents)
        .where(and(eq(packageEvents.packageId, pkg.id), eq(packageEvents.toStatus, 'completed')));
      expect(event?.note).toBe('Completed automatically 5 days after delivery');
    } finally {
      await db.delete(systemSettings).where(eq(systemSettings.key, 'autoCompleteDays'));
    }
  });
});

describe('expiring packages', () => {
  it('expires an open package once its deliver-by has passed, refunding all of it and expiring its requests', async () => {
    clock.set(new Date());
    const pkg = await paidPackage(app, sender.cookie);
    const deliverBy = new Date(pkg.deliverBy as string);
    // On a trip leaving after the deliver-by (edited since the offer, say): a trip that leaves first
    // expires its requests itself (ADR 0024), and this is about the package's expiry ending them.
    const request = await pendingRequestFor(pkg.id, travelerId, { departureAt: new Date(deliverBy.getTime() + DAY) });
    const refundsBefore = await balance(app, 'refunds');

    clock.set(new Date(deliverBy.getTime() - MINUTE));
    expect(reportOf(await app.scheduler.tick(), 'expire-packages')).toBe(0);
    expect((await packageRow(pkg.id))?.status).toBe('open');

    clock.set(new Date(deliverBy.getTime() + MINUTE));
    expect(reportOf(await app.scheduler.tick(), 'expire-packages')).toBe(1);
    expect((await packageRow(pkg.id))?.status).toBe('expired');
    const [payment] = await db.select().from(payments).where(eq(payments.packageId, pkg.id));
    expect(payment).toMatchObject({ status: 'refunded', refundedAmount: 2750 });
    expect(await balance(app, 'refunds')).toBe(refundsBefore + 2750);
    const [stored] = await db.select().from(requests).where(eq(requests.id, request.id));
    expect(stored?.status).toBe('expired');
    expect((await notificationsOf(sender.id, 'package_expired')).some((n) => n.data.packageId === pkg.id)).toBe(true);
    expect((await notificationsOf(travelerId, 'request_expired')).some((n) => n.data.requestId === request.id)).toBe(
      true,
    );

    // Once only: no second refund, no second notice.
    await app.scheduler.tick();
    expect((await entriesOfPackage(pkg.id)).map((e) => e.kind).sort()).toEqual(['payment_received', 'refund']);
    expect(await balance(app, 'refunds')).toBe(refundsBefore + 2750);
    expect(
      (await notificationsOf(sender.id, 'package_expired')).filter((n) => n.data.packageId === pkg.id),
    ).toHaveLength(1);
    expect(await ledgerIsBalanced(app)).toBe(true);
  });
});

describe('expiring requests', () => {
  it("expires the pending requests of a package that is no longer open, and leaves an open package's alone", async () => {
    clock.set(new Date());
    const gone = await paidPackage(app, sender.cookie);
    const stillOpen = await paidPackage(app, sender.cookie);
    const otherTraveler = await insertUser(db, { name: 'Otto Other' });
    const stale = [await pendingRequestFor(gone.id), await pendingRequestFor(gone.id, otherTraveler)];
    const live = await pendingRequestFor(stillOpen.id);
    // Moved by a path that left its requests pending.
    await db.update(packages).set({ status: 'cancelled' }).where(eq(packages.id, gone.id));

    expect(reportOf(await app.scheduler.tick(), 'expire-requests')).toBe(2);
    const statusOf = async (id: string) =>
      (await db.select({ status: requests.status }).from(requests).where(eq(requests.id, id)))[0]?.status;
    expect(await statusOf(stale[0]?.id as string)).toBe('expired');
    expect(await statusOf(stale[1]?.id as string)).toBe('expired');
    expect(await statusOf(live.id)).toBe('pending');
    expect((await notificationsOf(otherTraveler, 'request_expired')).map((n) => n.data.requestId)).toEqual([
      stale[1]?.id,
    ]);

    expect(reportOf(await app.scheduler.tick(), 'expire-requests')).toBe(0);
    expect(await notificationsOf(otherTraveler, 'request_expired')).toHaveLength(1);
  });
});
