import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import {
  inDays,
  insertPackage,
  insertPhoto,
  insertTravelPlan,
  insertUser,
  places,
  setVerified,
} from '#server/modules/matching/test/factory.ts';
import { createTestApp } from '#server/test/app.ts';
import { packageBrowsePageSchema, tripBrowsePageSchema } from '#shared/browse.ts';

// GET /api/browse/packages and /api/browse/trips, as a visitor without an account, on a real database.

let app: FastifyInstance;
let db: Database;
const ids: Record<string, string> = {};

const packagesPage = async (query: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/browse/packages?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return packageBrowsePageSchema.parse(res.json());
};
const tripsPage = async (query: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/browse/trips?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return tripBrowsePageSchema.parse(res.json());
};
const titles = (page: { items: { title: string }[] }) => page.items.map((i) => i.title).sort();

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  db = app.database.db;
  const sam = await insertUser(db, { name: 'Sam Sender', email: 'sam@example.test', phoneNumber: '+33612345678' });
  const banned = await insertUser(db, { name: 'Bad Actor', banned: true });
  const tess = await insertUser(db, { name: 'Tess Traveler' });
  await setVerified(db, tess);
  const tom = await insertUser(db, { name: 'Tom' });

  const add = async (title: string, spec: Parameters<typeof insertPackage>[2], sender = sam) => {
    ids[title] = (await insertPackage(db, sender, { title, ...spec })).id;
  };
  await add('Paris to Berlin', { reward: 2500, pickupFrom: inDays(1), deliverBy: inDays(10) });
  await add('Versailles to Potsdam', {
    from: places.versailles,
    to: places.potsdam,
    reward: 4000,
    weightGrams: 6000,
    pickupFrom: inDays(3),
    deliverBy: inDays(6),
  });
  await add('Paris to Leipzig', { to: places.leipzig, reward: 1000 });
  await add('Reims to Berlin', { from: places.reims, reward: 1500 });
  await add('A draft', { status: 'draft' });
  await add('Matched already', { status: 'matched' });
  await add('Too late', { pickupFrom: inDays(-10), deliverBy: inDays(-1) });
  await add('From a banned sender', {}, banned);
  await insertPhoto(db, ids['Paris to Berlin'] as string, 0, 'photo-key-1');

  ids.soon = (await insertTravelPlan(db, tess, { departureAt: inDays(2) })).id;
  ids.later = (
    await insertTravelPlan(db, tom, { from: places.versailles, to: places.potsdam, departureAt: inDays(8) })
  ).id;
  ids.full = (await insertTravelPlan(db, tom, { capacityGrams: 5000, reservedGrams: 5000 })).id;
  ids.leipzig = (await insertTravelPlan(db, tess, { to: places.leipzig })).id;
  ids.left = (await insertTravelPlan(db, tess, { departureAt: inDays(-1) })).id;
  ids.cancelled = (await insertTravelPlan(db, tess, { status: 'cancelled' })).id;
  ids.bannedTrip = (await insertTravelPlan(db, banned)).id;
});

afterAll(async () => {
  await app.close();
});

describe('open packages', () => {
  it('lists what is near both cities, open and still deliverable, to a visitor', async () => {
    const page = await packagesPage('from=paris-fr&to=berlin-de');
    expect(titles(page)).toEqual(['Paris to Berlin', 'Versailles to Potsdam']);
    expect(page.from?.label).toBe('Paris, France');
    expect(page.to?.label).toBe('Berlin, Germany');
    expect(page.radiusKm).toBe(50);
  });

  it('lists every open package when no city is given', async () => {
    const page = await packagesPage('');
    expect(titles(page)).toEqual(['Paris to Berlin', 'Paris to Leipzig', 'Reims to Berlin', 'Versailles to Potsdam']);
    expect(page.from).toBeNull();
  });

  it('shows a stranger cities, a first name and a rating, never an address or a contact', async () => {
    const page = await packagesPage('from=paris-fr&to=berlin-de&sort=reward');
    const card = page.items.find((i) => i.title === 'Paris to Berlin');
    expect(card).toMatchObject({
      pickup: { label: 'Paris, France', city: 'Paris', countryCode: 'FR' },
      dropoff: { city: 'Berlin' },
      sender: { firstName: 'Sam', rating: null },
      reward: 2500,
      currency: 'EUR',
      photo: { url: '/api/package-photos/photo-key-1' },
    });
    expect(card?.distanceKm).toBeGreaterThan(850);
    expect(card?.distanceKm).toBeLessThan(900);
    const raw = JSON.stringify(page);
    for (const secret of ['sam@example.test', '+33612345678', 'Rita Recipient', '+4915112345678', 'Sender']) {
      expect(raw).not.toContain(secret);
    }
  });

  it('filters by size, weight, reward and dates', async () => {
    expect(titles(await packagesPage('maxWeightKg=3'))).not.toContain('Versailles to Potsdam');
    expect(titles(await packagesPage('minReward=30'))).toEqual(['Versailles to Potsdam']);
    expect(titles(await packagesPage('size=M'))).toEqual([]);
    // Ready on day 1 (the others) or day 3 (Versailles): "leaving by tomorrow" leaves Versailles out.
    const tomorrow = inDays(1).toISOString().slice(0, 10);
    expect(titles(await packagesPage(`before=${tomorrow}`))).not.toContain('Versailles to Potsdam');
    // Due on day 6 (Versailles) or 10 (the others): "still travelling on day 8" leaves Versailles out.
    const day8 = inDays(8).toISOString().slice(0, 10);
    expect(titles(await packagesPage(`after=${day8}`))).toEqual([
      'Paris to Berlin',
      'Paris to Leipzig',
      'Reims to Berlin',
    ]);
  });

  it.each(['newest', 'deliver-by', 'reward'])('pages through every package once, sorted by %s', async (sort) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await packagesPage(`sort=${sort}&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((i) => i.title));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(4);
    if (sort === 'reward') {
      expect(seen).toEqual(['Versailles to Potsdam', 'Paris to Berlin', 'Reims to Berlin', 'Paris to Leipzig']);
    }
    if (sort === 'deliver-by') expect(seen[0]).toBe('Versailles to Potsdam');
  });

  it('refuses a city it does not know, or text that is not a city, naming the field', async () => {
    for (const [query, field] of [
      ['from=atlantis-xx', 'from'],
      ['to=paris', 'to'],
      ['from=paris-fr&to=nowhere-at-all-fr', 'to'],
      ['size=XL', 'size'],
      ['minReward=-3', 'minReward'],
      ['after=tomorrow', 'after'],
      ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: `/api/browse/packages?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().error.params?.fields ?? res.json().error.fields ?? {}), query).toContain(field);
    }
  });
});

describe('upcoming trips', () => {
  it('lists active trips with room that have not left, near both cities, soonest first', async () => {
    const page = await tripsPage('from=paris-fr&to=berlin-de');
    expect(page.items.map((i) => i.id)).toEqual([ids.soon, ids.later]);
    expect(page.items[0]).toMatchObject({
      origin: { city: 'Paris' },
      destination: { city: 'Berlin' },
      transport: 'train',
      freeCapacityKg: 10,
      traveler: { firstName: 'Tess', verified: true, rating: null },
    });
    expect(page.items[1]?.traveler).toMatchObject({ firstName: 'Tom', verified: false });
  });

  it('filters by date and room, and pages newest first', async () => {
    const day3 = inDays(3).toISOString().slice(0, 10);
    expect((await tripsPage(`after=${day3}`)).items.map((i) => i.id)).toEqual([ids.leipzig, ids.later]);
    expect((await tripsPage(`before=${day3}`)).items.map((i) => i.id)).toEqual([ids.soon]);
    expect((await tripsPage('minCapacityKg=11')).items).toEqual([]);
    const first = await tripsPage('sort=newest&limit=2');
    const second = await tripsPage(`sort=newest&limit=2&cursor=${first.nextCursor}`);
    expect([...first.items, ...second.items].map((i) => i.id)).toEqual([ids.leipzig, ids.later, ids.soon]);
    expect(second.nextCursor).toBeNull();
  });

  it('drops a trip once its traveler is banned', async () => {
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.name, 'Tom'));
    await db
      .update(user)
      .set({ banned: true })
      .where(eq(user.id, row?.id as string));
    expect((await tripsPage('')).items.map((i) => i.id)).toEqual([ids.soon, ids.leipzig]);
    await db
      .update(user)
      .set({ banned: false })
      .where(eq(user.id, row?.id as string));
  });
});

describe('one trip', () => {
  it('shows an upcoming trip to a visitor, and no other', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/browse/trips/${ids.soon}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: ids.soon, traveler: { firstName: 'Tess', verified: true } });
    for (const gone of [ids.left, ids.cancelled, ids.full, ids.bannedTrip, '00000000-0000-4000-8000-000000000000']) {
      const refused = await app.inject({ method: 'GET', url: `/api/browse/trips/${gone}` });
      expect(refused.statusCode, gone).toBe(404);
      expect(refused.json().error.code).toBe('TRAVEL_PLAN_NOT_FOUND');
    }
    expect((await app.inject({ method: 'GET', url: '/api/browse/trips/not-an-id' })).statusCode).toBe(400);
  });
});
