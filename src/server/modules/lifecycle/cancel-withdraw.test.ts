import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '#server/db/schema/payments.ts';
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
import type { Package } from '#shared/packages.ts';

// Undoing a match: the traveler withdraws before pickup and the package is open again, paid
// for; the sender cancels a matched package and gets the refund minus the fee; an admin cancels after
// pickup with everything refunded; cancelling an open package expires its pending requests.

let app: FastifyInstance;
let sender: Member;
let traveler: Member;
let admin: Member;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  sender = await verifiedMember(app, 'undo-sender@example.test', 'Sky Sender');
  traveler = await verifiedMember(app, 'undo-traveler@example.test', 'Tom Traveler');
  admin = await verifiedMember(app, 'undo-admin@example.test', 'Ari Admin');
  await makeAdmin(app, admin.id);
});
afterAll(() => app.close());

const paymentOf = async (packageId: string) =>
  (await app.database.db.select().from(payments).where(eq(payments.packageId, packageId)))[0];

describe('the traveler withdraws before pickup', () => {
  it('returns the package to open with no refund, capacity released and the request withdrawn', async () => {
    const { pkg, trip, request } = await matchedPackage(app, sender, traveler);
    expect((await storedPlan(app, trip.id)).reservedGrams).toBe(1500);
    const escrow = await balance(app, 'escrow');

    const res = await call(app, 'POST', `/api/packages/${pkg.id}/withdraw-traveler`, traveler.cookie);
    expect(res.statusCode, res.body).toBe(200);
    // No longer theirs: the traveler sees only the public part again.
    expect(res.json()).toMatchObject({ visibility: 'public', status: 'open' });

    const row = await storedPackage(app, pkg.id);
    expect(row).toMatchObject({
      status: 'open',
      travelerId: null,
      travelPlanId: null,
      matchedAt: null,
      pickupCodeHash: null,
      pickupCodeSealed: null,
      deliveryCodeHash: null,
      deliveryCodeSealed: null,
    });
    expect((await storedPlan(app, trip.id)).reservedGrams).toBe(0);
    expect((await storedRequest(app, request.id)).status).toBe('withdrawn');
    expect(await notificationsOf(app, sender.id, 'request_withdrawn')).toHaveLength(1);
    expect((await paymentOf(pkg.id))?.status).toBe('succeeded');
    expect(await balance(app, 'escrow')).toBe(escrow);
    const view = (await call(app, 'GET', `/api/packages/${pkg.id}`, sender.cookie)).json() as Package;
    expect(view.timeline.at(-1)).toMatchObject({ fromStatus: 'matched', toStatus: 'open', actor: { id: traveler.id } });
    expect(await codesOf(app, sender, pkg.id)).toEqual({ pickupCode: null, deliveryCode: null });

    // Another traveler can carry it now, with new codes.
    const next = await verifiedMember(app, 'undo-next@example.test', 'Nat Next');
    const nextTrip = await createTrip(app, next);
    const nextRequest = await offered(app, next, pkg.id, nextTrip.id);
    expect((await answer(app, sender.cookie, nextRequest.id, 'accept')).statusCode).toBe(200);
    expect(await storedPackage(app, pkg.id)).toMatchObject({ status: 'matched', travelerId: next.id });
    expect((await codesOf(app, sender, pkg.id)).pickupCode).toMatch(/^\d{6}$/);
  });

  it('is refused after the pickup (409), changing nothing', async () => {
    const { pkg } = await matchedPackage(app, sender, traveler);
    const codes = await codesOf(app, sender, pkg.id);
    await call(app, 'POST', `/api/packages/${pkg.id}/pickup`, traveler.cookie, { code: codes.pickupCode });
    const before = await snapshot(app, pkg.id);
    const res = await call(app, 'POST', `/api/packages/${pkg.id}/withdraw-traveler`, traveler.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'WITHDRAW_AFTER_PICKUP', params: { status: 'in_transit' } });
    expect(await snapshot(app, pkg.id)).toEqual(before);
  });
});

describe('cancelling', () => {
  it('a matched package (sender): refund minus the fee, capacity released, request withdrawn, traveler told', async () => {
    const { pkg, trip, request } = await matchedPackage(app, sender, traveler);
    const fees = await balance(app, 'platform_fees');
    const refunds = await balance(app, 'refunds');
    const res = await call(app, 'POST', `/api/packages/${pkg.id}/cancel`, sender.cookie, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled' });
    expect((await storedPlan(app, trip.id)).reservedGrams).toBe(0);
    expect((await storedRequest(app, request.id)).status).toBe('withdrawn');
    expect(await notificationsOf(app, traveler.id, 'package_cancelled')).toHaveLength(1);
    expect(await paymentOf(pkg.id)).toMatchObject({ status: 'partially_refunded', refundedAmount: 2500 });
    expect(await balance(app, 'refunds')).toBe(refunds + 2500);
    expect(await balance(app, 'platform_fees')).toBe(fees + 250);
    expect(await ledgerIsBalanced(app)).toBe(true);
  });

  it('an open package expires its pending requests and tells each traveler', async () => {
    const pkg = await openPackage(app, sender);
    const trip = await createTrip(app, traveler);
    const request = await offered(app, traveler, pkg.id, trip.id);
    expect((await call(app, 'POST', `/api/packages/${pkg.id}/cancel`, sender.cookie, {})).statusCode).toBe(200);
    expect((await storedRequest(app, request.id)).status).toBe('expired');
    const expired = (await notificationsOf(app, traveler.id, 'request_expired')).filter(
      (n) => (n.data as { requestId?: string }).requestId === request.id,
    );
    expect(expired).toHaveLength(1);
    expect((await storedPlan(app, trip.id)).reservedGrams).toBe(0);
  });

  it('after pickup is refused to the sender (409) and open to an admin, with everything refunded', async () => {
    const { pkg, trip } = await matchedPackage(app, sender, traveler);
    const codes = await codesOf(app, sender, pkg.id);
    await call(app, 'POST', `/api/packages/${pkg.id}/pickup`, traveler.cookie, { code: codes.pickupCode });

    const before = await snapshot(app, pkg.id);
    const bySender = await call(app, 'POST', `/api/packages/${pkg.id}/cancel`, sender.cookie, {});
    expect(bySender.statusCode).toBe(409);
    expect(bySender.json().error.message).toMatch(/only an administrator/);
    expect(await snapshot(app, pkg.id)).toEqual(before);

    // An administrator cancels from the back office with a reason (ADR 0044), never on the members' path.
    const asAdmin = (await call(app, 'GET', `/api/packages/${pkg.id}`, admin.cookie)).json() as Package;
    expect(asAdmin.actions).toEqual([]);
    const throughMembersPath = await call(app, 'POST', `/api/packages/${pkg.id}/cancel`, admin.cookie, {});
    expect(throughMembersPath.statusCode).toBe(403);
    expect(await snapshot(app, pkg.id)).toEqual(before);
    const fees = await balance(app, 'platform_fees');
    const byAdmin = await call(app, 'POST', `/api/admin/packages/${pkg.id}/cancel`, admin.cookie, {
      reason: 'Reported stolen goods',
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await paymentOf(pkg.id)).toMatchObject({ status: 'refunded', refundedAmount: 2750 });
    expect(await balance(app, 'platform_fees')).toBe(fees);
    expect((await storedPlan(app, trip.id)).reservedGrams).toBe(0);
    expect(await notificationsOf(app, traveler.id, 'package_cancelled')).not.toHaveLength(0);
    const view = (await call(app, 'GET', `/api/packages/${pkg.id}`, sender.cookie)).json() as Package;
    expect(view.timeline.at(-1)).toMatchObject({
      fromStatus: 'in_transit',
      toStatus: 'cancelled',
      note: 'Cancelled by an administrator',
    });
    expect(await ledgerIsBalanced(app)).toBe(true);
  });

  it('a delivered package by an admin, too', async () => {
    const { pkg } = await matchedPackage(app, sender, traveler);
    const codes = await codesOf(app, sender, pkg.id);
    await call(app, 'POST', `/api/packages/${pkg.id}/pickup`, traveler.cookie, { code: codes.pickupCode });
    await call(app, 'POST', `/api/packages/${pkg.id}/deliver`, traveler.cookie, { code: codes.deliveryCode });
    const cancel = await call(app, 'POST', `/api/admin/packages/${pkg.id}/cancel`, admin.cookie, {
      reason: 'Never arrived',
    });
    expect(cancel.statusCode).toBe(200);
    const [paid] = await app.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.packageId, pkg.id), eq(payments.status, 'refunded')));
    expect(paid?.refundedAmount).toBe(2750);
    expect(await balance(app, `traveler:${traveler.id}`)).toBe(0);
  });
});
