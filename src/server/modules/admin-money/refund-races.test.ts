import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ledgerEntries } from '#server/db/schema/payments.ts';
import { createNotifier } from '#server/modules/notifications/notifier.ts';
import { call } from '#server/modules/packages/test/helpers.ts';
import { cancelPaidPackage } from '#server/modules/payments/refunds.ts';
import { ledgerIsBalanced } from '#server/modules/payments/test/helpers.ts';
import {
  paymentOf as paymentOfPackage,
  raceCast,
  racingProvider,
  settle,
} from '#server/modules/payments/test/racing-provider.ts';
import { codesOf, type Member, matchedPackage, storedPackage } from '#server/modules/requests/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { refundPayment } from './payments.ts';

// An admin's refund of a payment racing another move of the same money or its package: the traveler's
// pickup, a second admin's refund, the sender's cancellation.
// The provider stub starts the rival from inside refund() and gives it time to commit before
// answering. When the refund was asked of the provider before any lock, the rival took the money
// meanwhile and the refund could no longer be recorded: money back to the sender that the ledger never
// saw, on top of the release or the other refund. Now the provider is asked last, under the package's
// and the payment's locks, so the rival waits and finds the money gone; the provider refunds exactly
// what the ledger records.

let app: FastifyInstance;
let sender: Member;
let traveler: Member;
let admin: Member;
let otherAdmin: Member;
let notifier: ReturnType<typeof createNotifier>;
const racing = racingProvider();
const { provider } = racing;

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  ({ sender, traveler, admin, otherAdmin } = await raceCast(app, 'admin-race'));
  notifier = createNotifier({ gateway: app.gateway, log: app.log });
});
afterAll(() => app.close());
beforeEach(() => racing.reset());

const paymentOf = (packageId: string) => paymentOfPackage(app, packageId);

const adminRefund = (by: Member, paymentId: string, amount: number) =>
  refundPayment(app.database.db, notifier, provider, by.id, paymentId, {
    amount,
    note: 'Agreed with the sender on the phone',
    requestId: randomUUID(),
  });

/** Where the package ended, and whether the ledger knows of every refund the provider made. */
const outcome = async (packageId: string) => ({
  status: (await storedPackage(app, packageId)).status,
  refundedAtProvider: racing.totalRefunded(),
  refundedInLedger: (await paymentOf(packageId)).refundedAmount,
});

const entryKinds = async (packageId: string) =>
  (await app.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.packageId, packageId)))
    .map((e) => e.kind)
    .sort();

describe("an admin's refund racing another move of the same money", () => {
  it("the traveler's pickup: a full refund cancels the package first, and the pickup finds it cancelled", async () => {
    const { pkg } = await matchedPackage(app, sender, traveler);
    const codes = await codesOf(app, sender, pkg.id);
    const payment = await paymentOf(pkg.id);
    racing.race(() => call(app, 'POST', `/api/packages/${pkg.id}/pickup`, traveler.cookie, { code: codes.pickupCode }));

    const refund = await settle(adminRefund(admin, payment.id, payment.amount));
    const pickup = await racing.rivalResult<Awaited<ReturnType<typeof call>>>();

    // The refund held the package while the provider refunded: the pickup waited, then found the
    // package cancelled, so nobody carries a package no money is held for.
    expect(await outcome(pkg.id)).toEqual({ status: 'cancelled', refundedAtProvider: 2750, refundedInLedger: 2750 });
    expect(refund).toEqual({ ok: true });
    expect(pickup.statusCode).toBe(409);
    expect(await entryKinds(pkg.id)).toEqual(['payment_received', 'refund']);
    expect(await ledgerIsBalanced(app)).toBe(true);
  });

  it('two admins refunding all of one payment at once: the provider refunds it once', async () => {
    const { pkg } = await matchedPackage(app, sender, traveler);
    const payment = await paymentOf(pkg.id);
    let second: { ok: boolean; code?: string | undefined } | undefined;
    racing.race(async () => {
      second = await settle(adminRefund(otherAdmin, payment.id, payment.amount));
    });

    const first = await settle(adminRefund(admin, payment.id, payment.amount));
    await racing.rivalResult();

    expect(await outcome(pkg.id)).toEqual({ status: 'cancelled', refundedAtProvider: 2750, refundedInLedger: 2750 });
    expect(first).toEqual({ ok: true });
    expect(second).toEqual({ ok: false, code: 'REFUND_TOO_LARGE' });
    expect(await entryKinds(pkg.id)).toEqual(['payment_received', 'refund']);
    expect(await ledgerIsBalanced(app)).toBe(true);
  });

  it("the sender's cancellation: the payment is refunded once, by whichever move came first", async () => {
    const { pkg } = await matchedPackage(app, sender, traveler);
    const payment = await paymentOf(pkg.id);
    let cancel: { ok: boolean; code?: string | undefined } | undefined;
    racing.race(async () => {
      cancel = await settle(
        cancelPaidPackage(app.database.db, notifier, provider, {
          packageId: pkg.id,
          actorId: sender.id,
          asAdmin: false,
        }),
      );
    });

    const refund = await settle(adminRefund(admin, payment.id, payment.amount));
    await racing.rivalResult();

    // The admin's refund came first, took everything and so cancelled the package; the sender's
    // cancellation waited, then found it cancelled already.
    expect(await outcome(pkg.id)).toEqual({ status: 'cancelled', refundedAtProvider: 2750, refundedInLedger: 2750 });
    expect(refund).toEqual({ ok: true });
    expect(cancel).toEqual({ ok: false, code: 'PACKAGE_NOT_CANCELLABLE' });
    expect(await entryKinds(pkg.id)).toEqual(['payment_received', 'refund']);
    expect(await ledgerIsBalanced(app)).toBe(true);
  });
});
