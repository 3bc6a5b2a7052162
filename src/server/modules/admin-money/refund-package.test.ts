import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { ledgerEntries, payments } from '#server/db/schema/payments.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { call } from '#server/modules/packages/test/helpers.ts';
import { balance, ledgerIsBalanced } from '#server/modules/payments/test/helpers.ts';
import {
  answer,
  codesOf,
  createTrip,
  type Member,
  matchedPackage,
  notificationsOf,
  offered,
  openPackage,
  snapshot,
  storedPackage,
  storedPlan,
  storedRequest,
  verifiedMember,
} from '#server/modules/requests/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import type { AdminPayment } from '#shared/admin-money.ts';

// An admin's refund keeps the package consistent with its money (docs/product.md §5.5): a refund of
// everything escrow holds before pickup cancels the package (else a traveler could carry it and never
// be paid), a partial one leaves it as it is, and after pickup refunds go through a dispute.

let app: FastifyInstance;
let admin: Member;
let sender: Member;
let traveler: Member;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  [admin, sender, traveler] = await Promise.all([
    verifiedMember(app, 'refund-pkg-admin@example.test', 'Ada Admin'),
    verifiedMember(app, 'refund-pkg-sender@example.test', 'Rita Sender'),
    verifiedMember(app, 'refund-pkg-traveler@example.test', 'Remy Traveler'),
  ]);
  await makeAdmin(app, admin.id);
});
afterAll(() => app.close());

async function paymentOf(packageId: string) {
  const [row] = await app.database.db.select().from(payments).where(eq(payments.packageId, packageId));
  if (!row) throw new Error(`no payment for ${packageId}`);
  return row;
}

const refund = (paymentId: string, amount: number, note = 'Agreed with the sender') =>
  call(app, 'POST', `/api/admin/payments/${paymentId}/refund`, admin.cookie, { amount, note });

const auditOf = (subjectId: string) => app.database.db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId));

describe("an admin's full refund before pickup", () => {
  it('cancels an open package and closes its pending requests; nobody can take it any more', async () => {
    const pkg = await openPackage(app, sender);
    const trip = await createTrip(app, traveler);
    const pending = await offered(app, traveler, pkg.id, trip.id);
    const payment = await paymentOf(pkg.id);
    const escrowBefore = await balance(app, 'escrow');

    const res = await refund(payment.id, payment.amount, 'Sender asked to stop, agreed on the phone');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'refunded',
      refundedAmount: payment.amount,
      refundable: 0,
      held: 0,
      packageStatus: 'cancelled',
    } satisfies Partial<AdminPayment>);
    expect((await storedPackage(app, pkg.id)).status).toBe('cancelled');
    expect((await storedRequest(app, pending.id)).status).toBe('expired');
    expect(await balance(app, 'escrow')).toBe(escrowBefore - payment.amount);
    expect(await ledgerIsBalanced(app)).toBe(true);

    // The sender can no longer accept the offer, nor a traveler offer again.
    expect((await answer(app, sender.cookie, pending.id, 'accept')).statusCode).toBe(409);
    const again = await call(app, 'POST', '/api/requests/offers', traveler.cookie, {
      packageId: pkg.id,
      travelPlanId: trip.id,
    });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.statusCode).toBeLessThan(500);

    // Both moves in the audit log, with the admin's words.
    expect(await auditOf(payment.id)).toMatchObject([
      {
        action: 'payment.refund',
        actorId: admin.id,
        reason: 'Sender asked to stop, agreed on the phone',
        before: { refundedAmount: 0, status: 'succeeded' },
        after: { refundedAmount: payment.amount, status: 'refunded' },
        data: { amount: payment.amount, packageCancelled: true },
      },
    ]);
    expect(await auditOf(pkg.id)).toMatchObject([
      {
        action: 'package.cancel',
        subjectType: 'package',
        actorId: admin.id,
        reason: 'Sender asked to stop, agreed on the phone',
        before: { status: 'open' },
        after: { status: 'cancelled' },
        data: { paymentId: payment.id },
      },
    ]);
    const told = await notificationsOf(app, sender.id, 'payment_refunded');
    expect(told.at(-1)).toMatchObject({ title: 'Package cancelled and refunded' });
  });

  it("cancels a matched package: the trip gets its room back, the traveler is told, and can't pick it up", async () => {
    const { pkg, trip } = await matchedPackage(app, sender, traveler);
    expect((await storedPlan(app, trip.id)).reservedGrams).toBeGreaterThan(0);
    const codes = await codesOf(app, sender, pkg.id);
    const payment = await paymentOf(pkg.id);

    const res = await refund(payment.id, payment.amount);
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedPackage(app, pkg.id)).status).toBe('cancelled');
    expect((await storedPlan(app, trip.id)).reservedGrams).toBe(0);
    expect((await notificationsOf(app, traveler.id, 'package_cancelled')).at(-1)?.body).toContain(
      'An administrator cancelled',
    );
    const pickup = await call(app, 'POST', `/api/packages/${pkg.id}/pickup`, traveler.cookie, {
      code: codes.pickupCode,
    });
    expect(pickup.statusCode).toBe(409);
    expect(await ledgerIsBalanced(app)).toBe(true);
  });
});

describe("an admin's partial refund before pickup", () => {
  it('leaves the package as it is; a second refund is bounded by what escrow holds, and taking the rest cancels', async () => {
    const pkg = await openPackage(app, sender);
    const payment = await paymentOf(pkg.id);

    const part = await refund(payment.id, 1000);
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({
      status: 'partially_refunded',
      held: payment.amount - 1000,
      refundable: payment.amount - 1000,
      packageStatus: 'open',
    });
    expect((await storedPackage(app, pkg.id)).status).toBe('open');
    expect(await auditOf(pkg.id)).toEqual([]);

    const over = await refund(payment.id, payment.amount - 1000 + 1);
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({
      code: 'REFUND_TOO_LARGE',
      params: { refundable: payment.amount - 1000 },
    });
    expect((await storedPackage(app, pkg.id)).status).toBe('open');

    const rest = await refund(payment.id, payment.amount - 1000);
    expect(rest.json()).toMatchObject({ status: 'refunded', held: 0, packageStatus: 'cancelled' });
    expect(await ledgerIsBalanced(app)).toBe(true);
  });
});

describe("an admin's refund after pickup", () => {
  it.each(['in_transit', 'delivered'] as const)('%s: 409 REFUND_AFTER_PICKUP and nothing written', async (step) => {
    const { pkg } = await matchedPackage(app, sender, traveler);
    const codes = await codesOf(app, sender, pkg.id);
    await call(app, 'POST', `/api/packages/${pkg.id}/pickup`, traveler.cookie, { code: codes.pickupCode });
    if (step === 'delivered') {
      await call(app, 'POST', `/api/packages/${pkg.id}/deliver`, traveler.cookie, { code: codes.deliveryCode });
    }
    expect((await storedPackage(app, pkg.id)).status).toBe(step);
    const payment = await paymentOf(pkg.id);
    const before = await snapshot(app, pkg.id);
    const entries = () => app.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, payment.id));
    const entriesBefore = await entries();

    for (const amount of [payment.amount, 100]) {
      const res = await refund(payment.id, amount);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('REFUND_AFTER_PICKUP');
      expect(res.json().error.message).toContain('After pickup, refunds go through a dispute');
    }
    expect(await paymentOf(pkg.id)).toEqual(payment);
    expect(await snapshot(app, pkg.id)).toEqual(before);
    expect(await entries()).toEqual(entriesBefore);
    expect(await auditOf(payment.id)).toEqual([]);
    expect(await auditOf(pkg.id)).toEqual([]);
  });
});
