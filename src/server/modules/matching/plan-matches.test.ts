import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { packagePhotos, packages } from '#server/db/schema/packages.ts';
import { systemSettings } from '#server/db/schema/settings.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { haversineKm } from '#shared/geo.ts';
import { type PackageMatch, packageMatchPageSchema } from '#shared/matching.ts';
import { platformFee } from '#shared/money.ts';
import { noRecord } from '#shared/reliability.ts';
import { defaultSettings } from '#shared/settings.ts';
import { compareRank } from './ranking.ts';
import { inDays, insertPackage, insertPhoto, insertTravelPlan, insertUser, places } from './test/factory.ts';

// GET /api/travel-plans/{id}/matches, through the whole app, on a real database.

let app: FastifyInstance;
let db: Database;
let traveler: { cookie: string; id: string };
let stranger: { cookie: string; id: string };
let admin: { cookie: string; id: string };
let senderId: string;

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  db = app.database.db;
  traveler = await signUpVerified(app, 'plan-traveler@example.test', 'Tara Traveler');
  stranger = await signUpVerified(app, 'plan-stranger@example.test', 'Stan Stranger');
  admin = await signUpVerified(app, 'plan-admin@example.test', 'Ada Admin');
  await makeAdmin(app, admin.id);
  senderId = await insertUser(db, { name: 'Sam Sender', image: '/api/avatars/sam.webp' });
});
afterAll(() => app.close());

beforeEach(async () => {
  await db.delete(packagePhotos);
  await db.delete(packages);
  await db.delete(travelPlans);
  await db.delete(systemSettings);
});

async function matches(planId: string, query = '', cookie = traveler.cookie) {
  const res = await app.inject({ url: `/api/travel-plans/${planId}/matches${query}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return packageMatchPageSchema.parse(res.json());
}
const ids = (items: PackageMatch[]) => items.map((m) => m.package.id);
const rankKey = (m: PackageMatch) => ({
  detourTenths: Math.round(m.distances.detourKm * 10),
  score: m.package.reward ?? 0,
  rating: m.sender.rating?.average ?? null,
  id: m.package.id,
});

describe('what matches a trip', () => {
  it('takes pickups near the origin and drop-offs near the destination, within the radius asked', async () => {
    const plan = await insertTravelPlan(db, traveler.id);
    const direct = await insertPackage(db, senderId, { from: places.paris, to: places.berlin });
    const nearby = await insertPackage(db, senderId, { from: places.versailles, to: places.potsdam });
    const pickupFar = await insertPackage(db, senderId, { from: places.reims, to: places.berlin });
    const dropoffFar = await insertPackage(db, senderId, { from: places.paris, to: places.leipzig });
    const reversed = await insertPackage(db, senderId, { from: places.berlin, to: places.paris });

    const page = await matches(plan.id);
    expect(page.radiusKm).toBe(defaultSettings.matchRadiusKm);
    expect(ids(page.items)).toEqual([direct.id, nearby.id]);
    expect(page.nextCursor).toBeNull();

    const wider = await matches(plan.id, '?radiusKm=150');
    expect(wider.radiusKm).toBe(150);
    expect(ids(wider.items).sort()).toEqual([direct.id, nearby.id, pickupFar.id, dropoffFar.id].sort());
    expect(ids(wider.items)).not.toContain(reversed.id);
  });

  it('reports the distances from my origin and to my destination, rounded to 0.1 km', async () => {
    const plan = await insertTravelPlan(db, traveler.id);
    await insertPackage(db, senderId, { from: places.versailles, to: places.potsdam });
    const [match] = (await matches(plan.id)).items;
    const pickupKm = Math.round(haversineKm(places.paris, places.versailles) * 10) / 10;
    const dropoffKm = Math.round(haversineKm(places.berlin, places.potsdam) * 10) / 10;
    expect(match?.distances).toEqual({ pickupKm, dropoffKm, detourKm: Math.round((pickupKm + dropoffKm) * 10) / 10 });
    expect(pickupKm).toBeGreaterThan(10);
    expect(dropoffKm).toBeGreaterThan(20);
  });

  it('keeps packages ready by the departure and due no earlier than the arrival', async () => {
    const plan = await insertTravelPlan(db, traveler.id, { departureAt: inDays(5), arrivalAt: inDays(6) });
    const minute = 60_000;
    const readyAtDeparture = await insertPackage(db, senderId, { pickupFrom: plan.departureAt });
    const dueAtArrival = await insertPackage(db, senderId, { deliverBy: plan.arrivalAt });
    await insertPackage(db, senderId, { pickupFrom: new Date(plan.departureAt.getTime() + minute) });
    await insertPackage(db, senderId, { deliverBy: new Date(plan.arrivalAt.getTime() - minute) });
    expect(ids((await matches(plan.id)).items).sort()).toEqual([readyAtDeparture.id, dueAtArrival.id].sort());
  });

  it('keeps packages that fit the free capacity (capacity minus what is reserved)', async () => {
    const plan = await insertTravelPlan(db, traveler.id, { capacityGrams: 10_000, reservedGrams: 3000 });
    const fits = await insertPackage(db, senderId, { weightGrams: 7000 });
    await insertPackage(db, senderId, { weightGrams: 7001 });
    expect(ids((await matches(plan.id)).items)).toEqual([fits.id]);
  });

  it('offers only open packages, never my own', async () => {
    const plan = await insertTravelPlan(db, traveler.id);
    const open = await insertPackage(db, senderId);
    for (const status of ['draft', 'matched', 'in_transit', 'cancelled', 'expired', 'completed']) {
      await insertPackage(db, senderId, { status });
    }
    await insertPackage(db, traveler.id);
    expect(ids((await matches(plan.id)).items)).toEqual([open.id]);
  });

  it('works across the antimeridian and near the pole', async () => {
    const pacific = await insertTravelPlan(db, traveler.id, { from: places.taveuni, to: places.auckland });
    const overTheLine = await insertPackage(db, senderId, { from: places.eastOf180, to: places.auckland });
    const page = await matches(pacific.id);
    expect(ids(page.items)).toEqual([overTheLine.id]);
    expect(page.items[0]?.distances.pickupKm).toBeCloseTo(haversineKm(places.taveuni, places.eastOf180), 1);
    expect(haversineKm(places.taveuni, places.eastOf180)).toBeLessThan(50);

    const arctic = await insertTravelPlan(db, traveler.id, { from: places.nearPoleA, to: places.longyearbyen });
    const acrossThePole = await insertPackage(db, senderId, { from: places.nearPoleB, to: places.nyAlesund });
    expect(ids((await matches(arctic.id)).items)).toEqual([]);
    expect(ids((await matches(arctic.id, '?radiusKm=150')).items)).toEqual([acrossThePole.id]);
  });
});

describe('the card', () => {
  it('shows the package at city level, its first photo, the total and the sender', async () => {
    const plan = await insertTravelPlan(db, traveler.id);
    const pkg = await insertPackage(db, senderId, { reward: 2500 });
    await insertPhoto(db, pkg.id, 1, 'second-photo');
    await insertPhoto(db, pkg.id, 0, 'first-photo');
    const bare = await insertPackage(db, senderId, { reward: 1000 });

    const [withPhoto, withoutPhoto] = (await matches(plan.id)).items;
    expect(withPhoto?.package).toMatchObject({
      id: pkg.id,
      status: 'open',
      title: 'Two books',
      weightKg: 2,
      reward: 2500,
      total: 2500 + platformFee(2500, defaultSettings),
      pickup: { label: 'Paris, France', city: 'Paris', countryCode: 'FR' },
      dropoff: { label: 'Berlin, Germany', city: 'Berlin', countryCode: 'DE' },
      photo: { url: '/api/package-photos/first-photo', width: 800, height: 600 },
    });
    expect(withPhoto?.sender).toEqual({
      id: senderId,
      name: 'Sam Sender',
      image: '/api/avatars/sam.webp',
      rating: null,
      reliability: noRecord,
    });
    expect(withoutPhoto?.package.id).toBe(bare.id);
    expect(withoutPhoto?.package.photo).toBeNull();
    // City level only: no street address, no recipient.
    const raw = (
      await app.inject({ url: `/api/travel-plans/${plan.id}/matches`, headers: { cookie: traveler.cookie } })
    ).body;
    expect(raw).not.toMatch(/recipient|address|\+4915112345678|"lat"|"lng"/i);
  });
});

describe('ranking and paging', () => {
  it('ranks by detour, then the higher reward, then id', async () => {
    const plan = await insertTravelPlan(db, traveler.id);
    const nearCheap = await insertPackage(db, senderId, { reward: 1000 });
    const nearRich = await insertPackage(db, senderId, { reward: 5000 });
    const twinA = await insertPackage(db, senderId, { reward: 3000 });
    const twinB = await insertPackage(db, senderId, { reward: 3000 });
    const farRich = await insertPackage(db, senderId, { from: places.versailles, reward: 90_000 });
    const twins = [twinA.id, twinB.id].sort();
    expect(ids((await matches(plan.id)).items)).toEqual([nearRich.id, ...twins, nearCheap.id, farRich.id]);
  });

  it('pages with an opaque cursor: every match once, in the order of compareRank', async () => {
    const plan = await insertTravelPlan(db, traveler.id);
    const pickups = [places.paris, places.versailles];
    const dropoffs = [places.berlin, places.potsdam];
    for (let i = 0; i < 23; i++) {
      await insertPackage(db, senderId, {
        from: pickups[i % 2],
        to: dropoffs[Math.floor(i / 2) % 2],
        reward: 1000 + (i % 3) * 500,
      });
    }
    const all = (await matches(plan.id, '?limit=50')).items;
    expect(all).toHaveLength(23);
    expect(all.map(rankKey)).toEqual([...all.map(rankKey)].sort(compareRank));

    const paged: PackageMatch[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await matches(plan.id, query);
      paged.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(5);
    expect(ids(paged)).toEqual(ids(all));
  });

  it('refuses a cursor it did not give out', async () => {
    const plan = await insertTravelPlan(db, traveler.id);
    const res = await app.inject({
      url: `/api/travel-plans/${plan.id}/matches?cursor=not-a-cursor`,
      headers: { cookie: traveler.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).error.fields).toHaveProperty('cursor');
  });
});

describe('the radius', () => {
  const ask = (planId: string, query: string) =>
    app.inject({ url: `/api/travel-plans/${planId}/matches${query}`, headers: { cookie: traveler.cookie } });

  it('may not exceed the maximum of the settings (400 naming radiusKm) nor be zero', async () => {
    const plan = await insertTravelPlan(db, traveler.id);
    expect((await ask(plan.id, `?radiusKm=${defaultSettings.matchRadiusMaxKm}`)).statusCode).toBe(200);
    for (const query of [`?radiusKm=${defaultSettings.matchRadiusMaxKm + 1}`, '?radiusKm=0', '?radiusKm=far']) {
      const res = await ask(plan.id, query);
      expect(res.statusCode, query).toBe(400);
      expect(apiErrorSchema.parse(res.json()).error.fields, query).toHaveProperty('radiusKm');
    }
  });

  it('takes its default and maximum from the system settings', async () => {
    const plan = await insertTravelPlan(db, traveler.id);
    await insertPackage(db, senderId, { from: places.reims });
    await db.insert(systemSettings).values([
      { key: 'matchRadiusKm', value: 140 },
      { key: 'matchRadiusMaxKm', value: 150 },
    ]);
    const page = await matches(plan.id);
    expect(page.radiusKm).toBe(140);
    expect(page.items).toHaveLength(1);
    expect((await ask(plan.id, '?radiusKm=151')).statusCode).toBe(400);
  });
});

describe('who may ask', () => {
  const ask = (planId: string, cookie?: string) =>
    app.inject({ url: `/api/travel-plans/${planId}/matches`, headers: cookie ? { cookie } : {} });

  it('is the owner or an admin; a visitor is 401, another member 403', async () => {
    const plan = await insertTravelPlan(db, traveler.id);
    await insertPackage(db, senderId);
    expect((await ask(plan.id)).statusCode).toBe(401);
    expect((await ask(plan.id, stranger.cookie)).statusCode).toBe(403);
    const asAdmin = await ask(plan.id, admin.cookie);
    expect(asAdmin.statusCode).toBe(200);
    expect(packageMatchPageSchema.parse(asAdmin.json()).items).toHaveLength(1);
  });

  it('needs an active plan (409); a closed plan of someone else does not exist for them (404)', async () => {
    for (const status of ['cancelled', 'completed']) {
      const plan = await insertTravelPlan(db, traveler.id, { status });
      expect((await ask(plan.id, traveler.cookie)).statusCode).toBe(409);
      expect((await ask(plan.id, stranger.cookie)).statusCode).toBe(404);
    }
  });

  it('refuses a trip that has already left (409), as an offer on it would be', async () => {
    // Left an hour ago, arrives in five: a package ready before it left would otherwise fit.
    const plan = await insertTravelPlan(db, traveler.id, { departureAt: inDays(-1 / 24), arrivalAt: inDays(5 / 24) });
    await insertPackage(db, senderId, { pickupFrom: inDays(-1) });
    for (const cookie of [traveler.cookie, admin.cookie]) {
      const res = await ask(plan.id, cookie);
      expect(res.statusCode, res.body).toBe(409);
      expect(apiErrorSchema.parse(res.json()).error).toMatchObject({
        code: 'TRAVEL_PLAN_DEPARTED',
      });
    }
  });

  it('answers 404 for an unknown plan and 400 for a malformed id', async () => {
    expect((await ask('00000000-0000-4000-8000-000000000000', traveler.cookie)).statusCode).toBe(404);
    const res = await ask('not-an-id', traveler.cookie);
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).error.fields).toHaveProperty('id');
  });
});
