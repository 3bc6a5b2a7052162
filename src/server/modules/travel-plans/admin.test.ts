import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { call, paris } from '#server/modules/packages/test/helpers.ts';
import {
  createTrip,
  invite,
  type Member,
  matchedPackage,
  notificationsOf,
  offered,
  openPackage,
  storedPackage,
  storedPlan,
  storedRequest,
  verifiedMember,
} from '#server/modules/requests/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import type { AdminTravelPlan, AdminTravelPlanPage } from '#shared/admin-travel-plans.ts';

// The back office's travel plans (docs/product.md §3, §8): the list with its filters, paging and
// total, one trip with what it carries, and an admin's cancellation under the traveler's rules (ADR 0023).

let app: FastifyInstance;
let admin: Member;
let sender: Member;
let traveler: Member;
let otherTraveler: Member;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  admin = await signUpVerified(app, 'trips-admin@example.test', 'Ada Admin');
  await makeAdmin(app, admin.id);
  sender = await verifiedMember(app, 'trips-admin-sender@example.test', 'Sam Sender');
  traveler = await verifiedMember(app, 'trips-admin-traveler@example.test', 'Tess Traveler');
  otherTraveler = await verifiedMember(app, 'trips-admin-other@example.test', 'Otto Other');
});
afterAll(() => app.close());

const list = async (query = '') => {
  const res = await call(app, 'GET', `/api/admin/travel-plans${query}`, admin.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminTravelPlanPage;
};
const cancel = (id: string, payload: unknown) =>
  call(app, 'POST', `/api/admin/travel-plans/${id}/cancel`, admin.cookie, payload);

const lyon = { label: 'Lyon, France', city: 'Lyon', countryCode: 'FR', lat: 45.764, lng: 4.8357 };
const inDaysIso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('GET /api/admin/travel-plans', () => {
  it('filters by status, traveler, city prefixes, departure and id, sorts, pages and counts', async () => {
    const soon = await createTrip(app, otherTraveler, { departureAt: inDaysIso(2), arrivalAt: inDaysIso(3) });
    const later = await createTrip(app, otherTraveler, { departureAt: inDaysIso(9), arrivalAt: inDaysIso(10) });
    const fromLyon = await createTrip(app, otherTraveler, {
      origin: lyon,
      destination: paris,
      departureAt: inDaysIso(5),
      arrivalAt: inDaysIso(6),
    });

    const all = await list(`?travelerId=${otherTraveler.id}`);
    expect(all.items.map((p) => p.id)).toEqual([fromLyon.id, later.id, soon.id]);
    expect(all.total).toEqual({ count: 3, estimated: false });
    expect(all.items[0]).toMatchObject({
      status: 'active',
      traveler: { id: otherTraveler.id, name: 'Otto Other' },
      from: { city: 'Lyon', countryCode: 'FR' },
      to: { city: 'Paris' },
      capacityKg: 10,
      freeCapacityKg: 10,
      packagesCarried: 0,
    });

    const ids = async (query: string) =>
      (await list(`?travelerId=${otherTraveler.id}&${query}`)).items.map((p) => p.id);
    expect(await ids('fromCity=lY')).toEqual([fromLyon.id]);
    expect(await ids('fromCity=par&toCity=BER')).toEqual([later.id, soon.id]);
    expect(await ids('fromCity=%25')).toEqual([]);
    expect(await ids('sort=departure')).toEqual([soon.id, fromLyon.id, later.id]);
    expect(await ids('sort=-departure')).toEqual([later.id, fromLyon.id, soon.id]);
    expect(await ids(`from=${inDaysIso(4)}&to=${inDaysIso(8)}`)).toEqual([fromLyon.id]);
    expect(await ids(`q=${later.id}`)).toEqual([later.id]);
    expect(await ids('status=cancelled')).toEqual([]);

    const first = await list(`?travelerId=${otherTraveler.id}&sort=departure&limit=2`);
    expect(first.items.map((p) => p.id)).toEqual([soon.id, fromLyon.id]);
    expect(first.total.count).toBe(3);
    const second = await list(`?travelerId=${otherTraveler.id}&sort=departure&limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((p) => p.id)).toEqual([later.id]);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses bad filters with 400', async () => {
    for (const query of ['?status=gone', '?sort=city', '?travelerId=x', '?from=2026-03-01&to=2026-01-01']) {
      const res = await call(app, 'GET', `/api/admin/travel-plans${query}`, admin.cookie);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/admin/travel-plans/:id', () => {
  it('answers the trip with its traveler, the packages it carries, its requests and timeline', async () => {
    const { pkg, trip, request } = await matchedPackage(app, sender, traveler);
    const pending = await offered(app, traveler, (await openPackage(app, sender)).id, trip.id);
    const res = await call(app, 'GET', `/api/admin/travel-plans/${trip.id}`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as AdminTravelPlan;
    expect(detail).toMatchObject({
      id: trip.id,
      traveler: { id: traveler.id },
      packagesCarried: 1,
      freeCapacityKg: 8.5,
      packages: [{ id: pkg.id, status: 'matched', weightKg: 1.5, sender: { id: sender.id } }],
      requestsTotal: 2,
      actions: ['cancel'],
    });
    expect(detail.requests.map((r) => r.id)).toEqual([pending.id, request.id]);
    expect(detail.timeline.map((e) => e.kind)).toEqual(['created', 'departure', 'arrival']);
    const row = (await list(`?q=${trip.id}`)).items[0];
    expect(row?.packagesCarried).toBe(1);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await call(app, 'GET', '/api/admin/travel-plans/00000000-0000-4000-8000-000000000000', admin.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('TRAVEL_PLAN_NOT_FOUND');
  });
});

describe('POST /api/admin/travel-plans/:id/cancel', () => {
  it('cancels the trip, ends its pending requests as ADR 0023 says, tells everyone and audits it', async () => {
    const trip = await createTrip(app, traveler);
    const offeredPkg = await openPackage(app, sender);
    const invitedPkg = await openPackage(app, sender);
    const offer = await offered(app, traveler, offeredPkg.id, trip.id);
    const invitation = (await invite(app, sender.cookie, invitedPkg.id, trip.id)).json() as { id: string };

    const res = await cancel(trip.id, { reason: 'Fraudulent trip' });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as AdminTravelPlan;
    expect(detail.status).toBe('cancelled');
    expect(detail.actions).toEqual([]);
    // In time order: cancelled before it would have left.
    expect(detail.timeline.map((e) => e.kind)).toEqual(['created', 'cancelled', 'departure', 'arrival']);

    expect((await storedPlan(app, trip.id)).status).toBe('cancelled');
    expect((await storedRequest(app, offer.id)).status).toBe('withdrawn');
    expect((await storedRequest(app, invitation.id)).status).toBe('declined');
    expect((await storedPackage(app, offeredPkg.id)).status).toBe('open');
    expect((await storedPackage(app, invitedPkg.id)).status).toBe('open');

    const told = await notificationsOf(app, traveler.id, 'travel_plan_cancelled');
    expect(told.filter((n) => (n.data as { travelPlanId?: string }).travelPlanId === trip.id)).toHaveLength(1);
    const senderNotes = await notificationsOf(app, sender.id);
    const about = (id: string) => senderNotes.filter((n) => (n.data as { requestId?: string }).requestId === id);
    expect(about(offer.id).map((n) => n.type)).toContain('request_withdrawn');
    expect(about(invitation.id).map((n) => n.type)).toContain('request_declined');

    const audit = await app.database.db.select().from(auditLog).where(eq(auditLog.subjectId, trip.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      action: 'travel_plan.cancel',
      subjectType: 'travel_plan',
      before: { status: 'active' },
      after: { status: 'cancelled' },
      reason: 'Fraudulent trip',
      data: { requestsEnded: 2 },
    });

    const again = await cancel(trip.id, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('TRAVEL_PLAN_NOT_ACTIVE');
  });

  it('refuses a trip that carries accepted packages (409) and changes nothing', async () => {
    const { pkg, trip } = await matchedPackage(app, sender, traveler);
    const res = await cancel(trip.id, { reason: 'Should not work' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('TRAVEL_PLAN_HAS_ACCEPTED_PACKAGES');
    expect((await storedPlan(app, trip.id)).status).toBe('active');
    expect((await storedPackage(app, pkg.id)).status).toBe('matched');
    expect(await app.database.db.select().from(auditLog).where(eq(auditLog.subjectId, trip.id))).toEqual([]);
  });

  it('refuses a missing reason (400) and an unknown trip (404)', async () => {
    const trip = await createTrip(app, traveler);
    expect((await cancel(trip.id, {})).statusCode).toBe(400);
    expect((await cancel(trip.id, { reason: 'no' })).statusCode).toBe(400);
    expect((await storedPlan(app, trip.id)).status).toBe('active');
    expect((await cancel('00000000-0000-4000-8000-000000000000', { reason: 'Nothing' })).statusCode).toBe(404);
  });
});
