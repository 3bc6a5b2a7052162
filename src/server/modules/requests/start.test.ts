import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from '#server/db/schema/requests.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import { call, createDraft, inDays, lyon } from '#server/modules/packages/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import type { Package } from '#shared/packages.ts';
import { requestSchema } from '#shared/requests.ts';
import type { TravelPlan } from '#shared/travel-plans.ts';
import {
  createTrip,
  invite,
  type Member,
  notificationsOf,
  offer,
  openPackage,
  verifiedMember,
} from './test/helpers.ts';

/** A refusal's status and catalog code, to assert both at once. */
const refusal = (res: { statusCode: number; json: () => unknown }) => ({
  status: res.statusCode,
  code: (res.json() as { error?: { code?: string } }).error?.code,
});

// Starting a request (docs/product.md §4): who may, for which package and trip, and what is refused with
// which status. Every refusal stores no request.

let app: FastifyInstance;
let sender: Member;
let traveler: Member;
let pkg: Package;
let trip: TravelPlan;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  sender = await verifiedMember(app, 'start-sender@example.test', 'Sia Sender');
  traveler = await verifiedMember(app, 'start-traveler@example.test', 'Theo Traveler');
  pkg = await openPackage(app, sender);
  trip = await createTrip(app, traveler);
});
afterAll(() => app.close());

const requestCount = async () => (await app.database.db.select({ n: count() }).from(requests))[0]?.n ?? 0;
const fieldsOf = (body: string) => apiErrorSchema.parse(JSON.parse(body)).error.fields ?? {};

describe('offer to carry', () => {
  it('stores a pending request and tells the sender', async () => {
    const res = await offer(app, traveler.cookie, pkg.id, trip.id, 'I take this train every week');
    expect(res.statusCode, res.body).toBe(201);
    const request = requestSchema.parse(res.json());
    expect(request).toMatchObject({
      status: 'pending',
      startedBy: 'traveler',
      myRole: 'traveler',
      direction: 'outgoing',
      message: 'I take this train every week',
      package: { id: pkg.id, pickup: { city: 'Paris' }, dropoff: { city: 'Berlin' }, weightKg: 1.5 },
      travelPlan: { id: trip.id, transport: 'train' },
      counterpart: { id: sender.id, name: 'Sia Sender' },
      actions: ['withdraw'],
    });
    // Only cities: the street addresses stay with the parties of a match.
    expect(JSON.stringify(request)).not.toContain('Rue de Rivoli');
    const [notice] = await notificationsOf(app, sender.id, 'request_received');
    expect(notice?.data).toMatchObject({ requestId: request.id, packageId: pkg.id });
  });

  it('refuses a second pending request for the same package and traveler (409)', async () => {
    const before = await requestCount();
    const res = await offer(app, traveler.cookie, pkg.id, trip.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'REQUEST_ALREADY_PENDING', params: { by: 'traveler' } });
    // Nor can the sender invite the same traveler meanwhile, on any of their trips.
    const again = await invite(app, sender.cookie, pkg.id, trip.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'REQUEST_ALREADY_PENDING', params: { by: 'sender' } });
    expect(await requestCount()).toBe(before);
  });

  it('refuses a visitor (401) and an unverified member (403)', async () => {
    const before = await requestCount();
    expect((await offer(app, undefined, pkg.id, trip.id)).statusCode).toBe(401);
    const unverified = await signUpVerified(app, 'start-unverified@example.test', 'Una Verified');
    const theirTrip = await createTrip(app, unverified);
    const res = await offer(app, unverified.cookie, pkg.id, theirTrip.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('PROFILE_NOT_VERIFIED');
    expect(await requestCount()).toBe(before);
  });

  it("refuses someone else's trip (403), one's own package (400), another's draft (404)", async () => {
    const other = await verifiedMember(app, 'start-other@example.test', 'Oli Other');
    const before = await requestCount();
    expect(refusal(await offer(app, other.cookie, pkg.id, trip.id))).toEqual({
      status: 403,
      code: 'REQUEST_OWN_TRIP_ONLY',
    });

    const senderTrip = await createTrip(app, sender);
    const own = await offer(app, sender.cookie, pkg.id, senderTrip.id);
    expect(own.statusCode).toBe(400);
    expect(fieldsOf(own.body)).toHaveProperty('packageId');

    const draft = await createDraft(app, sender.cookie);
    const otherTrip = await createTrip(app, other);
    expect((await offer(app, other.cookie, draft.id, otherTrip.id)).statusCode).toBe(404);
    expect(await requestCount()).toBe(before);
  });

  it('refuses a package that is not open and a trip that is not active (409)', async () => {
    const other = await verifiedMember(app, 'start-closed@example.test', 'Cleo Closed');
    const otherTrip = await createTrip(app, other);
    const cancelled = await openPackage(app, sender);
    expect((await call(app, 'POST', `/api/packages/${cancelled.id}/cancel`, sender.cookie, {})).statusCode).toBe(200);
    const before = await requestCount();
    expect(refusal(await offer(app, other.cookie, cancelled.id, otherTrip.id))).toEqual({
      status: 409,
      code: 'PACKAGE_NOT_OPEN',
    });

    const cancelledTrip = await createTrip(app, other);
    await app.database.db.update(travelPlans).set({ status: 'cancelled' }).where(eq(travelPlans.id, cancelledTrip.id));
    expect(refusal(await offer(app, other.cookie, pkg.id, cancelledTrip.id))).toEqual({
      status: 409,
      code: 'TRAVEL_PLAN_NOT_ACTIVE',
    });
    expect(await requestCount()).toBe(before);
  });

  it('refuses a trip that does not fit, naming each broken rule on travelPlanId (400)', async () => {
    const other = await verifiedMember(app, 'start-misfit@example.test', 'Mia Misfit');
    const before = await requestCount();
    const cases: [Parameters<typeof createTrip>[2], RegExp][] = [
      [{ origin: lyon }, /pickup in Paris is \d+ km from the trip's start in Lyon/],
      [{ destination: lyon }, /drop-off in Berlin is \d+ km from the trip's end in Lyon/],
      [{ departureAt: inDays(0.5), arrivalAt: inDays(1) }, /leaves before the package is ready/],
      [{ departureAt: inDays(22), arrivalAt: inDays(23) }, /arrives after the package's deliver-by date/],
      [{ capacityKg: 1 }, /weighs 1.5 kg and the trip has 1 kg free/],
    ];
    for (const [change, message] of cases) {
      const misfit = await createTrip(app, other, change);
      const res = await offer(app, other.cookie, pkg.id, misfit.id);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(fieldsOf(res.body).travelPlanId?.join(' ')).toMatch(message);
    }
    expect(await requestCount()).toBe(before);
  });

  it('takes a pickup and drop-off anywhere within the widest radius a member may search', async () => {
    // Paris → Berlin fits a trip from Versailles (17 km) to Potsdam (27 km) at the default 50 km.
    const near = await verifiedMember(app, 'start-near@example.test', 'Nia Near');
    const nearby = await createTrip(app, near, {
      origin: { label: 'Versailles, France', city: 'Versailles', countryCode: 'FR', lat: 48.80359, lng: 2.13424 },
      destination: { label: 'Potsdam, Germany', city: 'Potsdam', countryCode: 'DE', lat: 52.39886, lng: 13.06566 },
    });
    expect((await offer(app, near.cookie, pkg.id, nearby.id)).statusCode).toBe(201);
  });
});

describe('invite a traveler', () => {
  it("stores a pending request on the traveler's side and tells them", async () => {
    const invited = await verifiedMember(app, 'start-invited@example.test', 'Ivy Invited');
    const theirTrip = await createTrip(app, invited);
    const res = await invite(app, sender.cookie, pkg.id, theirTrip.id);
    expect(res.statusCode, res.body).toBe(201);
    const request = requestSchema.parse(res.json());
    expect(request).toMatchObject({
      startedBy: 'sender',
      myRole: 'sender',
      direction: 'outgoing',
      counterpart: { id: invited.id },
      actions: ['withdraw'],
    });
    const seen = await call(app, 'GET', `/api/requests/${request.id}`, invited.cookie);
    expect(seen.json()).toMatchObject({
      myRole: 'traveler',
      direction: 'incoming',
      actions: ['accept', 'counter', 'decline'],
    });
    expect(await notificationsOf(app, invited.id, 'request_received')).toHaveLength(1);
  });

  it("refuses anyone but the package's verified sender, and the sender's own trip", async () => {
    const invited = await verifiedMember(app, 'start-invited-2@example.test', 'Ivo Invited');
    const theirTrip = await createTrip(app, invited);
    const before = await requestCount();
    expect((await invite(app, undefined, pkg.id, theirTrip.id)).statusCode).toBe(401);
    // The traveler cannot invite themself onto someone's package.
    expect((await invite(app, invited.cookie, pkg.id, theirTrip.id)).statusCode).toBe(403);
    const senderTrip = await createTrip(app, sender);
    const own = await invite(app, sender.cookie, pkg.id, senderTrip.id);
    expect(own.statusCode).toBe(400);
    expect(fieldsOf(own.body)).toHaveProperty('travelPlanId');
    const misfit = await createTrip(app, invited, { capacityKg: 1 });
    expect((await invite(app, sender.cookie, pkg.id, misfit.id)).statusCode).toBe(400);
    // Someone else's trip that is no longer active does not exist for the sender.
    await app.database.db.update(travelPlans).set({ status: 'completed' }).where(eq(travelPlans.id, misfit.id));
    expect((await invite(app, sender.cookie, pkg.id, misfit.id)).statusCode).toBe(404);
    expect(await requestCount()).toBe(before);
  });
});
