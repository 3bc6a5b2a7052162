import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notification } from '#server/db/schema/notifications.ts';
import { packages } from '#server/db/schema/packages.ts';
import { ledgerEntries } from '#server/db/schema/payments.ts';
import { requests } from '#server/db/schema/requests.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import { insertTravelPlan, insertUser } from '#server/modules/matching/test/factory.ts';
import { createNotifier } from '#server/modules/notifications/notifier.ts';
import { ledgerIsBalanced, verifiedSender } from '#server/modules/payments/test/helpers.ts';
import { createPaymentProvider } from '#server/providers/payments/create.ts';
import type { PaymentProvider } from '#server/providers/payments/payment-provider.ts';
import { scheduledJobs } from './jobs.ts';
import { createScheduler, type JobReport } from './scheduler.ts';
import { createClockedApp, DAY, fakeClock, paidPackage } from './test/helpers.ts';

// Two server nodes ticking at the same moment over the same database (on PostgreSQL, each tick's
// transactions on connections of their own): every item is done by exactly one of them. The
// provider is only asked to refund once per package, which only the claim, not the services' own
// status checks, can guarantee.

const clock = fakeClock();
let app: FastifyInstance;

beforeAll(async () => {
  app = await createClockedApp(clock);
});
afterAll(() => app.close());

it('two schedulers ticking at once do each package once', async () => {
  const db = app.database.db;
  const sender = await verifiedSender(app, 'race-sender@example.test');
  const travelerId = await insertUser(db, { name: 'Rae Racer' });
  const plan = await insertTravelPlan(db, travelerId);

  const delivered: string[] = [];
  for (let i = 0; i < 5; i += 1) {
    const pkg = await paidPackage(app, sender.cookie);
    await db
      .update(packages)
      .set({ status: 'delivered', travelerId, deliveredAt: clock() })
      .where(eq(packages.id, pkg.id));
    delivered.push(pkg.id);
  }
  const expiring: string[] = [];
  for (let i = 0; i < 3; i += 1) expiring.push((await paidPackage(app, sender.cookie)).id);
  const cancelled = await paidPackage(app, sender.cookie);
  await db
    .insert(requests)
    .values({ packageId: cancelled.id, travelerId, travelPlanId: plan.id, startedBy: 'traveler' });
  await db.update(packages).set({ status: 'cancelled' }).where(eq(packages.id, cancelled.id));

  const refunds = new Map<string, number>();
  const sandbox = createPaymentProvider({ baseUrl: 'http://127.0.0.1', authSecret: 'x'.repeat(32) });
  const countingProvider: PaymentProvider = {
    ...sandbox,
    async refund(payment, amount, options) {
      const key = String(payment.providerRef);
      refunds.set(key, (refunds.get(key) ?? 0) + 1);
      return sandbox.refund(payment, amount, options);
    },
  };
  const node = () =>
    createScheduler({
      db,
      notifier: createNotifier({ gateway: app.gateway, log: app.log }),
      provider: countingProvider,
      settings: app.settings,
      log: app.log,
      clock,
      intervalMs: 0,
      jobs: scheduledJobs,
    });

  // Past every deliver-by (21 days) and every auto-complete delay.
  clock.advance(30 * DAY);
  const [a, b] = await Promise.all([node().tick(), node().tick()]);
  const total = (job: string) =>
    [...(a as JobReport[]), ...(b as JobReport[])]
      .filter((r) => r.job === job)
      .reduce((sum, r) => sum + r.processed, 0);
  expect([...(a as JobReport[]), ...(b as JobReport[])].filter((r) => r.error || r.failed > 0)).toEqual([]);
  expect(total('auto-complete')).toBe(5);
  expect(total('expire-packages')).toBe(3);
  expect(total('expire-requests')).toBe(1);
  // The trip left and arrived long ago, and carries nothing: completed by one node.
  expect(total('complete-travel-plans')).toBe(1);
  expect((await db.select().from(travelPlans).where(eq(travelPlans.id, plan.id)))[0]?.status).toBe('completed');

  const rows = await db
    .select()
    .from(packages)
    .where(inArray(packages.id, [...delivered, ...expiring]));
  expect(
    rows
      .filter((r) => r.status === 'completed')
      .map((r) => r.id)
      .sort(),
  ).toEqual([...delivered].sort());
  expect(
    rows
      .filter((r) => r.status === 'expired')
      .map((r) => r.id)
      .sort(),
  ).toEqual([...expiring].sort());
  const entries = await db
    .select()
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.packageId, [...delivered, ...expiring]));
  for (const id of delivered) {
    expect(entries.filter((e) => e.packageId === id && e.kind === 'completion')).toHaveLength(1);
  }
  for (const id of expiring) expect(entries.filter((e) => e.packageId === id && e.kind === 'refund')).toHaveLength(1);
  expect([...refunds.values()]).toEqual([1, 1, 1]);
  const completedNotices = await db
    .select()
    .from(notification)
    .where(and(eq(notification.type, 'package_completed'), eq(notification.userId, travelerId)));
  expect(completedNotices).toHaveLength(5);
  expect(await ledgerIsBalanced(app)).toBe(true);
});
