import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packages } from '#server/db/schema/packages.ts';
import { payments } from '#server/db/schema/payments.ts';
import { createNotifier } from '#server/modules/notifications/notifier.ts';
import { call } from '#server/modules/packages/test/helpers.ts';
import { balance, ledgerIsBalanced } from '#server/modules/payments/test/helpers.ts';
import { expirePendingRequestsOf } from '#server/modules/requests/expire.ts';
import {
  codesOf,
  createTrip,
  type Member,
  matchedPackage,
  notificationsOf,
  offered,
  openPackage,
  snapshot,
  storedPackage,
  storedRequest,
  verifiedMember,
} from '#server/modules/requests/test/helpers.ts';
import { createPaymentProvider } from '#server/providers/payments/create.ts';
import type { PaymentProvider } from '#server/providers/payments/payment-provider.ts';
import { createTestApp, testConfig } from '#server/test/app.ts';
import type { Package } from '#shared/packages.ts';
import { completePackage } from './complete.ts';
import { expirePackage } from './expire.ts';

// The service functions the scheduled jobs call: completing a delivered package with no
// actor, expiring an open one with its refund, expiring the pending requests of a package that left
// open. Each refuses a package in any other state and then changes nothing, not even at the provider.

let app: FastifyInstance;
let sender: Member;
let traveler: Member;
let notifier: ReturnType<typeof createNotifier>;
let provider: PaymentProvider;
const providerRefunds: number[] = [];

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  sender = await verifiedMember(app, 'jobs-sender@example.test', 'Jo Sender');
  traveler = await verifiedMember(app, 'jobs-traveler@example.test', 'Jay Traveler');
  notifier = createNotifier({ gateway: app.gateway, log: app.log });
  const config = testConfig();
  const sandbox = createPaymentProvider({ baseUrl: config.baseUrl, authSecret: config.authSecret });
  provider = {
    ...sandbox,
    async refund(payment, amount, options) {
      providerRefunds.push(amount);
      return sandbox.refund(payment, amount, options);
    },
  };
});
afterAll(() => app.close());

describe('completePackage', () => {
  it('completes a delivered package for the system (no actor) and releases the money once', async () => {
    const { pkg } = await matchedPackage(app, sender, traveler);
    const codes = await codesOf(app, sender, pkg.id);
    await call(app, 'POST', `/api/packages/${pkg.id}/pickup`, traveler.cookie, { code: codes.pickupCode });
    await call(app, 'POST', `/api/packages/${pkg.id}/deliver`, traveler.cookie, { code: codes.deliveryCode });
    const before = await balance(app, `traveler:${traveler.id}`);

    await completePackage(app.database.db, notifier, { packageId: pkg.id, actorId: null });
    const view = (await call(app, 'GET', `/api/packages/${pkg.id}`, sender.cookie)).json() as Package;
    expect(view.status).toBe('completed');
    expect(view.timeline.at(-1)).toMatchObject({
      toStatus: 'completed',
      actor: null,
      note: 'Completed automatically: no dispute was opened in time',
    });
    expect(await balance(app, `traveler:${traveler.id}`)).toBe(before + 2500);

    const again = await snapshot(app, pkg.id);
    await expect(
      completePackage(app.database.db, notifier, { packageId: pkg.id, actorId: null }),
    ).rejects.toMatchObject({
      code: 'PACKAGE_NOT_DELIVERED',
    });
    expect(await snapshot(app, pkg.id)).toEqual(again);
    expect(await balance(app, `traveler:${traveler.id}`)).toBe(before + 2500);
  });

  it('refuses a package that is not delivered', async () => {
    const { pkg } = await matchedPackage(app, sender, traveler);
    const before = await snapshot(app, pkg.id);
    await expect(
      completePackage(app.database.db, notifier, { packageId: pkg.id, actorId: null, note: 'job' }),
    ).rejects.toMatchObject({ code: 'PACKAGE_NOT_DELIVERED', params: { status: 'matched' } });
    expect(await snapshot(app, pkg.id)).toEqual(before);
  });
});

describe('expirePackage', () => {
  it('expires an open package with everything refunded and its pending requests expired', async () => {
    const pkg = await openPackage(app, sender);
    const trip = await createTrip(app, traveler);
    const request = await offered(app, traveler, pkg.id, trip.id);
    const refunds = await balance(app, 'refunds');
    const refundsAtProvider = providerRefunds.length;

    await expirePackage(app.database.db, notifier, provider, { packageId: pkg.id });
    const row = await storedPackage(app, pkg.id);
    expect(row.status).toBe('expired');
    expect(providerRefunds.slice(refundsAtProvider)).toEqual([2750]);
    const [payment] = await app.database.db.select().from(payments).where(eq(payments.packageId, pkg.id));
    expect(payment).toMatchObject({ status: 'refunded', refundedAmount: 2750 });
    expect(await balance(app, 'refunds')).toBe(refunds + 2750);
    expect((await storedRequest(app, request.id)).status).toBe('expired');
    expect(
      (await notificationsOf(app, traveler.id, 'request_expired')).filter(
        (n) => (n.data as { requestId?: string }).requestId === request.id,
      ),
    ).toHaveLength(1);
    const [notice] = await notificationsOf(app, sender.id, 'package_expired');
    expect(notice?.body).toMatch(/€27.50|27.50/);
    expect(await ledgerIsBalanced(app)).toBe(true);
  });

  it('refuses a package that is no longer open, before asking the provider for anything', async () => {
    const { pkg } = await matchedPackage(app, sender, traveler);
    const before = await snapshot(app, pkg.id);
    const refundsAtProvider = providerRefunds.length;
    await expect(expirePackage(app.database.db, notifier, provider, { packageId: pkg.id })).rejects.toMatchObject({
      code: 'PACKAGE_NOT_OPEN',
    });
    expect(providerRefunds.length).toBe(refundsAtProvider);
    expect(await snapshot(app, pkg.id)).toEqual(before);
  });
});

describe('expirePendingRequestsOf', () => {
  it('expires nothing while the package is open, and every pending request once it has left', async () => {
    const pkg = await openPackage(app, sender);
    const trip = await createTrip(app, traveler);
    const request = await offered(app, traveler, pkg.id, trip.id);
    const run = () =>
      notifier.transaction(app.database.db, (tx, notify) => expirePendingRequestsOf(tx, notify, pkg.id));
    expect(await run()).toBe(0);
    expect((await storedRequest(app, request.id)).status).toBe('pending');

    // Left open by a path that did not expire them (set directly here).
    await app.database.db.update(packages).set({ status: 'cancelled' }).where(eq(packages.id, pkg.id));
    expect(await run()).toBe(1);
    expect((await storedRequest(app, request.id)).status).toBe('expired');
    expect(await run()).toBe(0);
  });
});
