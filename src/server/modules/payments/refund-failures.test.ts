import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packages } from '#server/db/schema/packages.ts';
import { payments } from '#server/db/schema/payments.ts';
import { expirePackagesJob } from '#server/modules/jobs/expire-packages.ts';
import { createClockedApp, DAY, fakeClock, paidPackage } from '#server/modules/jobs/test/helpers.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { createNotifier } from '#server/modules/notifications/notifier.ts';
import { createPaymentProvider } from '#server/providers/payments/create.ts';
import { type PaymentProvider, PaymentProviderError } from '#server/providers/payments/payment-provider.ts';
import { testConfig } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import type { AdminAttention } from '#shared/admin-dashboard.ts';
import type { AdminPaymentPage } from '#shared/admin-money.ts';
import { refundStrayPayment } from './refunds.ts';
import { verifiedSender } from './test/helpers.ts';

// Automatic refunds the provider fails (docs/product.md §8): the payment records when and why, the
// dashboard counts it under "Failed automatic refunds", the payments list filters it, and a refund
// that later goes through clears it.

const clock = fakeClock();
let app: FastifyInstance;
let admin: { cookie: string; id: string };
let sender: { cookie: string; id: string };

const config = testConfig();
const sandbox = createPaymentProvider({ baseUrl: config.baseUrl, authSecret: config.authSecret });
const down: PaymentProvider = {
  ...sandbox,
  refund: () => Promise.reject(new PaymentProviderError('Stripe could not refund the payment (HTTP 500)')),
};

beforeAll(async () => {
  app = await createClockedApp(clock);
  admin = await signUpVerified(app, 'refund-failures-admin@example.test', 'Ada Admin');
  await makeAdmin(app, admin.id);
  sender = await verifiedSender(app, 'refund-failures-sender@example.test', 'Sam Sender');
});
afterAll(() => app.close());

const paymentOf = async (packageId: string) =>
  (await app.database.db.select().from(payments).where(eq(payments.packageId, packageId)))[0] as
    | typeof payments.$inferSelect
    | undefined;
const attention = async () =>
  (
    await app.inject({ url: '/api/admin/dashboard/attention', headers: { cookie: admin.cookie } })
  ).json() as AdminAttention;
const failedList = async () => {
  const res = await app.inject({ url: '/api/admin/payments?refundFailed=true', headers: { cookie: admin.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as AdminPaymentPage;
};
const jobContext = (provider: PaymentProvider) => ({
  db: app.database.db,
  notifier: createNotifier({ gateway: app.gateway, log: app.log }),
  provider,
  settings: app.settings,
  log: app.log,
});

describe('a failed automatic refund', () => {
  it('of an expiring package: recorded, counted and listed, then cleared when the next run refunds it', async () => {
    clock.set(new Date());
    const pkg = await paidPackage(app, sender.cookie);
    const after = new Date(new Date(pkg.deliverBy as string).getTime() + DAY);

    expect(await expirePackagesJob.run(jobContext(down), after)).toEqual({ processed: 0, failed: 1 });
    const failed = await paymentOf(pkg.id);
    expect(failed?.status).toBe('succeeded');
    expect(failed?.refundFailedAt).toBeInstanceOf(Date);
    expect(failed?.refundFailure).toContain('HTTP 500');
    const [row] = await app.database.db.select().from(packages).where(eq(packages.id, pkg.id));
    expect(row?.status).toBe('open');

    expect((await attention()).refundsFailed).toEqual({ count: 1, estimated: false });
    const listed = await failedList();
    expect(listed.items.map((p) => p.packageId)).toEqual([pkg.id]);
    expect(listed.items[0]?.refundFailure?.reason).toContain('HTTP 500');

    expect(await expirePackagesJob.run(jobContext(sandbox), after)).toEqual({ processed: 1, failed: 0 });
    const refunded = await paymentOf(pkg.id);
    expect(refunded).toMatchObject({ status: 'refunded', refundFailedAt: null, refundFailure: null });
    expect((await attention()).refundsFailed).toEqual({ count: 0, estimated: false });
    expect((await failedList()).items).toEqual([]);
  });

  it('of a payment for a package that no longer takes it: recorded, and cleared by the retry', async () => {
    clock.set(new Date());
    const pkg = await paidPackage(app, sender.cookie);
    const payment = (await paymentOf(pkg.id)) as typeof payments.$inferSelect;

    await expect(refundStrayPayment(app.database.db, down, payment)).rejects.toThrow();
    expect((await paymentOf(pkg.id))?.refundFailedAt).toBeInstanceOf(Date);
    expect((await failedList()).items.map((p) => p.id)).toEqual([payment.id]);

    await refundStrayPayment(app.database.db, sandbox, payment);
    expect(await paymentOf(pkg.id)).toMatchObject({ status: 'refunded', refundFailedAt: null });
    expect((await attention()).refundsFailed.count).toBe(0);
  });

  it('refuses a filter value other than true, naming it', async () => {
    const res = await app.inject({ url: '/api/admin/payments?refundFailed=yes', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('refundFailed');
  });
});
