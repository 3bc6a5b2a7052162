import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import { packageMatchPageSchema, travelerMatchPageSchema } from '#shared/matching.ts';
import { inDays, insertPackage, insertTravelPlan, insertUser, places } from './test/factory.ts';

// GET /api/packages/{id}/my-trips: the trips a member could offer to carry someone's package with;
// GET /api/travel-plans/{id}/my-packages: the packages a member could invite someone's trip for.

let app: FastifyInstance;
let db: Database;
let me: { cookie: string; id: string };
let senderId: string;

const myTrips = (packageId: string, cookie: string | null = me.cookie) =>
  app.inject({ method: 'GET', url: `/api/packages/${packageId}/my-trips`, headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  db = app.database.db;
  me = await signUpVerified(app, 'my-trips@example.test', 'Tess Traveler');
  senderId = await insertUser(db, { name: 'Sam Sender' });
});

afterAll(async () => {
  await app.close();
});

it("lists only the viewer's own trips that fit the package", async () => {
  const pkg = await insertPackage(db, senderId);
  const fits = await insertTravelPlan(db, me.id);
  await insertTravelPlan(db, me.id, { to: places.leipzig });
  await insertTravelPlan(db, me.id, { departureAt: inDays(20) });
  await insertTravelPlan(db, me.id, { capacityGrams: 1000 });
  await insertTravelPlan(db, await insertUser(db, { name: 'Other Traveler' }));

  const res = await myTrips(pkg.id);
  expect(res.statusCode, res.body).toBe(200);
  const page = travelerMatchPageSchema.parse(res.json());
  expect(page.items.map((i) => i.travelPlan.id)).toEqual([fits.id]);
  expect(page.items[0]?.traveler.id).toBe(me.id);
});

it('is empty for a member without a fitting trip, and refuses what is not open', async () => {
  const pkg = await insertPackage(db, senderId, { from: places.reims, to: places.potsdam });
  const empty = travelerMatchPageSchema.parse((await myTrips(pkg.id)).json());
  expect(empty.items).toEqual([]);

  const draft = await insertPackage(db, senderId, { status: 'draft' });
  expect((await myTrips(draft.id)).statusCode).toBe(404);
  const matched = await insertPackage(db, senderId, { status: 'matched' });
  const refused = await myTrips(matched.id);
  expect(refused.statusCode).toBe(409);
  expect(refused.json().error.code).toBe('PACKAGE_NOT_OPEN');
  expect((await myTrips(pkg.id, null)).statusCode).toBe(401);
});

it("lists only the viewer's own open packages that someone's trip can carry", async () => {
  const travelerId = await insertUser(db, { name: 'Tom Traveler' });
  const trip = await insertTravelPlan(db, travelerId);
  const fits = await insertPackage(db, me.id, { title: 'Mine, fits' });
  await insertPackage(db, me.id, { title: 'Mine, elsewhere', to: places.leipzig });
  await insertPackage(db, me.id, { title: 'Mine, a draft', status: 'draft' });
  await insertPackage(db, senderId, { title: 'Someone else’s' });

  const res = await app.inject({
    method: 'GET',
    url: `/api/travel-plans/${trip.id}/my-packages`,
    headers: { cookie: me.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(packageMatchPageSchema.parse(res.json()).items.map((i) => i.package.id)).toEqual([fits.id]);

  const cancelled = await insertTravelPlan(db, travelerId, { status: 'cancelled' });
  const hidden = await app.inject({
    method: 'GET',
    url: `/api/travel-plans/${cancelled.id}/my-packages`,
    headers: { cookie: me.cookie },
  });
  expect(hidden.statusCode).toBe(404);
  const left = await insertTravelPlan(db, travelerId, { departureAt: inDays(-1) });
  const departed = await app.inject({
    method: 'GET',
    url: `/api/travel-plans/${left.id}/my-packages`,
    headers: { cookie: me.cookie },
  });
  expect(departed.statusCode).toBe(409);
  expect((await app.inject({ method: 'GET', url: `/api/travel-plans/${trip.id}/my-packages` })).statusCode).toBe(401);
});
