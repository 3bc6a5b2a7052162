import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { conversations } from '#server/db/schema/requests.ts';
import { call } from '#server/modules/packages/test/helpers.ts';
import { balance, ledgerIsBalanced } from '#server/modules/payments/test/helpers.ts';
import {
  answer,
  codesOf,
  createTrip,
  notificationsOf,
  offered,
  openPackage,
  storedPackage,
  storedPlan,
  verifiedMember,
} from '#server/modules/requests/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import type { Package } from '#shared/packages.ts';
import type { PackageRequest } from '#shared/requests.ts';

// The whole marketplace loop through the API alone: a traveler offers, the sender accepts, the traveler picks up
// with the sender's code and delivers with the recipient's, the sender confirms, and the ledger pays
// the traveler the reward and the platform its fee.

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
});
afterAll(() => app.close());

it('takes a package from open to completed and releases the money', async () => {
  const sender = await verifiedMember(app, 'happy-sender@example.test', 'Sam Sender');
  const traveler = await verifiedMember(app, 'happy-traveler@example.test', 'Tara Traveler');
  const pkg = await openPackage(app, sender);
  const trip = await createTrip(app, traveler);
  const feesBefore = await balance(app, 'platform_fees');
  const escrowBefore = await balance(app, 'escrow');

  const request = await offered(app, traveler, pkg.id, trip.id);
  expect(request).toMatchObject({
    status: 'pending',
    startedBy: 'traveler',
    myRole: 'traveler',
    direction: 'outgoing',
  });
  expect(request.actions).toEqual(['withdraw']);
  const incoming = (await call(app, 'GET', '/api/requests?direction=incoming', sender.cookie)).json();
  expect(incoming.items.map((r: PackageRequest) => [r.id, r.actions])).toEqual([
    [request.id, ['accept', 'counter', 'decline']],
  ]);

  const accepted = await answer(app, sender.cookie, request.id, 'accept');
  expect(accepted.statusCode, accepted.body).toBe(200);
  expect(accepted.json()).toMatchObject({ status: 'accepted', actions: [] });
  const matched = await storedPackage(app, pkg.id);
  expect(matched).toMatchObject({ status: 'matched', travelerId: traveler.id, travelPlanId: trip.id });
  expect(matched.matchedAt).toBeInstanceOf(Date);
  expect((await storedPlan(app, trip.id)).reservedGrams).toBe(1500);
  const [conversation] = await app.database.db.select().from(conversations).where(eq(conversations.packageId, pkg.id));
  expect([conversation?.userA, conversation?.userB]).toEqual([sender.id, traveler.id].sort());
  expect(await notificationsOf(app, traveler.id, 'request_accepted')).toHaveLength(1);

  // The traveler now sees the whole package and what is theirs to do.
  const asTraveler = (await call(app, 'GET', `/api/packages/${pkg.id}`, traveler.cookie)).json() as Package;
  expect(asTraveler.visibility).toBe('full');
  expect(asTraveler.actions).toEqual(['enter_pickup_code', 'withdraw_as_traveler']);

  const codes = await codesOf(app, sender, pkg.id);
  expect(codes.pickupCode).toMatch(/^\d{6}$/);
  expect(codes.deliveryCode).toMatch(/^\d{6}$/);
  const pickedUp = await call(app, 'POST', `/api/packages/${pkg.id}/pickup`, traveler.cookie, {
    code: codes.pickupCode,
  });
  expect(pickedUp.statusCode, pickedUp.body).toBe(200);
  expect(pickedUp.json()).toMatchObject({
    status: 'in_transit',
    actions: ['enter_delivery_code', 'open_dispute', 'add_pickup_photo'],
  });
  expect(await codesOf(app, sender, pkg.id)).toEqual({ pickupCode: null, deliveryCode: codes.deliveryCode });
  expect(await notificationsOf(app, sender.id, 'package_picked_up')).toHaveLength(1);

  const delivered = await call(app, 'POST', `/api/packages/${pkg.id}/deliver`, traveler.cookie, {
    code: codes.deliveryCode,
  });
  expect(delivered.statusCode, delivered.body).toBe(200);
  expect(delivered.json()).toMatchObject({ status: 'delivered' });
  expect((await storedPackage(app, pkg.id)).deliveredAt).toBeInstanceOf(Date);
  expect(await codesOf(app, sender, pkg.id)).toEqual({ pickupCode: null, deliveryCode: null });
  const asSender = (await call(app, 'GET', `/api/packages/${pkg.id}`, sender.cookie)).json() as Package;
  expect(asSender.actions).toEqual(['confirm_delivery', 'open_dispute']);
  // Nothing is released before the sender confirms.
  expect(await balance(app, `traveler:${traveler.id}`)).toBe(0);

  const confirmed = await call(app, 'POST', `/api/packages/${pkg.id}/confirm`, sender.cookie);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const done = confirmed.json() as Package;
  expect(done.status).toBe('completed');
  expect(done.actions).toEqual(['review']);
  expect(done.timeline.map((event) => event.toStatus)).toEqual([
    'draft',
    'open',
    'matched',
    'in_transit',
    'delivered',
    'completed',
  ]);
  expect((await storedPackage(app, pkg.id)).completedAt).toBeInstanceOf(Date);

  expect(await balance(app, `traveler:${traveler.id}`)).toBe(2500);
  expect(await balance(app, 'platform_fees')).toBe(feesBefore + 250);
  expect(await balance(app, 'escrow')).toBe(escrowBefore - 2750);
  expect(await ledgerIsBalanced(app)).toBe(true);
  expect(await notificationsOf(app, traveler.id, 'package_completed')).toHaveLength(1);
  expect(await notificationsOf(app, sender.id, 'package_completed')).toHaveLength(1);

  // Confirming twice releases nothing more.
  expect((await call(app, 'POST', `/api/packages/${pkg.id}/confirm`, sender.cookie)).statusCode).toBe(409);
  expect(await balance(app, `traveler:${traveler.id}`)).toBe(2500);
});
