import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { packagePhotos, packages } from '#server/db/schema/packages.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { haversineKm } from '#shared/geo.ts';
import { type TravelerMatch, travelerMatchPageSchema } from '#shared/matching.ts';
import { noRecord } from '#shared/reliability.ts';
import { defaultSettings } from '#shared/settings.ts';
import { compareRank } from './ranking.ts';
import { DAY, inDays, insertPackage, insertTravelPlan, insertUser, places, setVerified } from './test/factory.ts';

/** A refusal's status and catalog code, to assert both at once. */
const refusal = (res: { statusCode: number; json: () => unknown }) => ({
  status: res.statusCode,
  code: (res.json() as { error?: { code?: string } }).error?.code,
});

// GET /api/packages/{id}/matches, through the whole app, on a real database.

let app: FastifyInstance;
let db: Database;
let sender: { cookie: string; id: string };
let stranger: { cookie: string; id: string };
let admin: { cookie: string; id: string };
let travelerId: string;

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  db = app.database.db;
  sender = await signUpVerified(app, 'pkg-sender@example.test', 'Sam Sender');
  stranger = await signUpVerified(app, 'pkg-stranger@example.test', 'Stan Stranger');
  admin = await signUpVerified(app, 'pkg-admin@example.test', 'Ada Admin');
  await makeAdmin(app, admin.id);
  travelerId = await insertUser(db, { name: 'Tara Traveler', image: '/api/avatars/tara.webp' });
});
afterAll(() => app.close());

beforeEach(async () => {
  await db.delete(packagePhotos);
  await db.delete(packages);
  await db.delete(travelPlans);
});

async function matches(packageId: string, query = '', cookie = sender.cookie) {
  const res = await app.inject({ url: `/api/packages/${packageId}/matches${query}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return travelerMatchPageSchema.parse(res.json());
}
const ids = (items: TravelerMatch[]) => items.map((m) => m.travelPlan.id);
const rankKey = (m: TravelerMatch) => ({
  detourTenths: Math.round(m.distances.detourKm * 10),
  score: -Math.floor(Date.parse(m.travelPlan.arrivalAt) / 60_000),
  rating: m.traveler.rating?.average ?? null,
  id: m.travelPlan.id,
});

describe('which trips fit a package', () => {
  it('are active trips from near its pickup to near its drop-off, within the radius asked', async () => {
    const pkg = await insertPackage(db, sender.id);
    const direct = await insertTravelPlan(db, travelerId);
    const nearby = await insertTravelPlan(db, travelerId, { from: places.versailles, to: places.potsdam });
    const fromReims = await insertTravelPlan(db, travelerId, { from: places.reims });
    await insertTravelPlan(db, travelerId, { from: places.berlin, to: places.paris });

    const page = await matches(pkg.id);
    expect(page.radiusKm).toBe(defaultSettings.matchRadiusKm);
    expect(ids(page.items)).toEqual([direct.id, nearby.id]);
    expect(ids((await matches(pkg.id, '?radiusKm=150')).items)).toEqual([direct.id, nearby.id, fromReims.id]);

    const nearbyMatch = page.items[1];
    expect(nearbyMatch?.distances.pickupKm).toBe(Math.round(haversineKm(places.paris, places.versailles) * 10) / 10);
    expect(nearbyMatch?.distances.dropoffKm).toBe(Math.round(haversineKm(places.berlin, places.potsdam) * 10) / 10);
  });

  it('leave after the pickup opens, arrive by the deliver-by date, and have not left yet', async () => {
    const pkg = await insertPackage(db, sender.id, { pickupFrom: inDays(2), deliverBy: inDays(8) });
    const minute = 60_000;
    const leavesAtPickup = await insertTravelPlan(db, travelerId, { departureAt: pkg.pickupFrom as Date });
    const arrivesAtDeadline = await insertTravelPlan(db, travelerId, {
      departureAt: inDays(7),
      arrivalAt: pkg.deliverBy as Date,
    });
    await insertTravelPlan(db, travelerId, { departureAt: new Date((pkg.pickupFrom as Date).getTime() - minute) });
    await insertTravelPlan(db, travelerId, {
      departureAt: inDays(7),
      arrivalAt: new Date((pkg.deliverBy as Date).getTime() + minute),
    });
    // Ready since last week, but this trip left an hour ago.
    const early = await insertPackage(db, sender.id, { pickupFrom: inDays(-7), title: 'Ready since last week' });
    const gone = await insertTravelPlan(db, travelerId, { departureAt: new Date(Date.now() - 3_600_000) });
    expect(ids((await matches(pkg.id)).items).sort()).toEqual([leavesAtPickup.id, arrivesAtDeadline.id].sort());
    expect(ids((await matches(early.id)).items)).not.toContain(gone.id);
  });

  it('have free capacity for its weight, are active, and are not the sender’s own', async () => {
    const pkg = await insertPackage(db, sender.id, { weightGrams: 2000 });
    const roomy = await insertTravelPlan(db, travelerId, { capacityGrams: 5000, reservedGrams: 3000 });
    await insertTravelPlan(db, travelerId, { capacityGrams: 5000, reservedGrams: 3001 });
    await insertTravelPlan(db, travelerId, { status: 'cancelled' });
    await insertTravelPlan(db, travelerId, { status: 'completed' });
    await insertTravelPlan(db, sender.id);
    const page = await matches(pkg.id);
    expect(ids(page.items)).toEqual([roomy.id]);
    expect(page.items[0]?.travelPlan.freeCapacityKg).toBe(2);
  });

  it('work across the antimeridian', async () => {
    const pkg = await insertPackage(db, sender.id, { from: places.eastOf180, to: places.auckland });
    const plan = await insertTravelPlan(db, travelerId, { from: places.taveuni, to: places.auckland });
    expect(ids((await matches(pkg.id)).items)).toEqual([plan.id]);
  });
});

describe('the traveler card', () => {
  it('shows the trip, and the traveler as verified only with e-mail, mobile and identity check', async () => {
    const pkg = await insertPackage(db, sender.id);
    const plan = await insertTravelPlan(db, travelerId);
    const before = (await matches(pkg.id)).items[0];
    expect(before?.traveler).toEqual({
      id: travelerId,
      name: 'Tara Traveler',
      image: '/api/avatars/tara.webp',
      verified: false,
      rating: null,
      reliability: noRecord,
    });
    expect(before?.travelPlan).toEqual({
      id: plan.id,
      status: 'active',
      origin: { label: 'Paris, France', city: 'Paris', countryCode: 'FR' },
      destination: { label: 'Berlin, Germany', city: 'Berlin', countryCode: 'DE' },
      departureAt: plan.departureAt.toISOString(),
      arrivalAt: plan.arrivalAt.toISOString(),
      transport: 'train',
      freeCapacityKg: 10,
    });
    await setVerified(db, travelerId);
    expect((await matches(pkg.id)).items[0]?.traveler.verified).toBe(true);
  });
});

describe('ranking and paging', () => {
  it('ranks by detour, then the sooner arrival, then id, and pages without duplicates or gaps', async () => {
    const pkg = await insertPackage(db, sender.id);
    const start = inDays(3).getTime();
    for (let i = 0; i < 13; i++) {
      await insertTravelPlan(db, travelerId, {
        from: i % 3 === 0 ? places.versailles : places.paris,
        departureAt: new Date(start + (i % 4) * DAY),
        arrivalAt: new Date(start + (i % 4) * DAY + 3_600_000),
      });
    }
    const all = (await matches(pkg.id, '?limit=50')).items;
    expect(all).toHaveLength(13);
    expect(all.map(rankKey)).toEqual([...all.map(rankKey)].sort(compareRank));
    expect(all[0]?.distances.detourKm).toBe(0);
    expect(all.at(-1)?.distances.detourKm).toBeGreaterThan(10);

    const paged: TravelerMatch[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 10; guard++) {
      const page = await matches(pkg.id, `?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      paged.push(...page.items);
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(ids(paged)).toEqual(ids(all));
  });
});

describe('who may ask', () => {
  const ask = (packageId: string, cookie?: string, query = '') =>
    app.inject({ url: `/api/packages/${packageId}/matches${query}`, headers: cookie ? { cookie } : {} });

  it('is the sender or an admin; a visitor is 401, another member 403', async () => {
    const pkg = await insertPackage(db, sender.id);
    await insertTravelPlan(db, travelerId);
    expect((await ask(pkg.id)).statusCode).toBe(401);
    expect(refusal(await ask(pkg.id, stranger.cookie))).toEqual({ status: 403, code: 'MATCHES_OWNER_ONLY' });
    const asAdmin = await ask(pkg.id, admin.cookie);
    expect(asAdmin.statusCode).toBe(200);
    expect(travelerMatchPageSchema.parse(asAdmin.json()).items).toHaveLength(1);
  });

  it('needs an open package (409); someone else’s unpublished package does not exist for them (404)', async () => {
    for (const status of ['draft', 'matched', 'cancelled']) {
      const pkg = await insertPackage(db, sender.id, { status });
      expect((await ask(pkg.id, sender.cookie)).statusCode, status).toBe(409);
      expect((await ask(pkg.id, stranger.cookie)).statusCode, status).toBe(404);
    }
  });

  it('answers 404 for an unknown package, 400 for a malformed id or a radius above the maximum', async () => {
    expect(refusal(await ask('00000000-0000-4000-8000-000000000000', sender.cookie))).toEqual({
      status: 404,
      code: 'PACKAGE_NOT_FOUND',
    });
    expect((await ask('not-an-id', sender.cookie)).statusCode).toBe(400);
    const pkg = await insertPackage(db, sender.id);
    const res = await ask(pkg.id, sender.cookie, `?radiusKm=${defaultSettings.matchRadiusMaxKm + 1}`);
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).error.fields).toHaveProperty('radiusKm');
  });
});
