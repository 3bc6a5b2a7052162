import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { reviews } from '#server/db/schema/requests.ts';
import { createClockedApp, DAY, fakeClock } from '#server/modules/jobs/test/helpers.ts';
import { completedPackage } from '#server/modules/reviews/test/helpers.ts';
import { signUpVerified } from '#server/test/users.ts';
import { packageMatchPageSchema, travelerMatchPageSchema } from '#shared/matching.ts';
import { inDays, insertPackage, insertTravelPlan, insertUser } from './test/factory.ts';

// The member's rating on match cards and as the ranking key after detour and reward/arrival: higher
// first, none yet last; only revealed reviews count; a cursor pages through rating ties exactly.

const clock = fakeClock();
let app: FastifyInstance;
let db: Database;
let me: { cookie: string; id: string };
let reviewer: string;

beforeAll(async () => {
  app = await createClockedApp(clock);
  db = app.database.db;
  me = await signUpVerified(app, 'rating-viewer@example.test', 'Vera Viewer');
  reviewer = await insertUser(db, { name: 'Rex Reviewer' });
});
afterAll(() => app.close());

/** Gives `memberId` revealed reviews (both sides wrote) with these ratings, and one still hidden. */
async function rate(memberId: string, ratings: number[], hidden?: number) {
  for (const rating of ratings) {
    const pkg = await completedPackage(db, { senderId: reviewer, travelerId: memberId }, clock());
    await db.insert(reviews).values([
      { packageId: pkg.id, authorId: reviewer, subjectId: memberId, rating },
      { packageId: pkg.id, authorId: memberId, subjectId: reviewer, rating: 5 },
    ]);
  }
  if (hidden !== undefined) {
    const pkg = await completedPackage(db, { senderId: reviewer, travelerId: memberId }, clock());
    await db.insert(reviews).values({ packageId: pkg.id, authorId: reviewer, subjectId: memberId, rating: hidden });
  }
}

async function walk<T>(
  url: (cursor: string | null) => string,
  parse: (body: unknown) => { items: T[]; nextCursor: string | null },
) {
  const seen: T[] = [];
  let cursor: string | null = null;
  do {
    const res = await app.inject({ url: url(cursor), headers: { cookie: me.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const page = parse(res.json());
    seen.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

describe('travelers for my package', () => {
  it('ranks equal trips by the traveler’s revealed rating, unrated last, and pages through the ties', async () => {
    clock.set(new Date());
    const [great, fair, none, hiddenOnly] = await Promise.all(
      ['Gina Great', 'Fred Fair', 'Nina New', 'Hal Hidden'].map((name) => insertUser(db, { name })),
    );
    await rate(great as string, [5, 4]);
    await rate(fair as string, [3], 1);
    await rate(hiddenOnly as string, [], 1);
    const departureAt = inDays(5);
    const plans = new Map<string, string>();
    for (const traveler of [none, hiddenOnly, fair, great] as string[]) {
      plans.set((await insertTravelPlan(db, traveler, { departureAt })).id, traveler);
    }
    const pkg = await insertPackage(db, me.id);

    const all = travelerMatchPageSchema.parse(
      (await app.inject({ url: `/api/packages/${pkg.id}/matches`, headers: { cookie: me.cookie } })).json(),
    ).items;
    expect(all.map((m) => m.traveler.id).slice(0, 2)).toEqual([great, fair]);
    expect(
      all
        .map((m) => m.traveler.id)
        .slice(2)
        .sort(),
    ).toEqual([none, hiddenOnly].sort());
    expect(all.map((m) => m.traveler.rating)).toEqual([
      { average: 4.5, count: 2 },
      { average: 3, count: 1 },
      null,
      null,
    ]);
    // The unrated two keep their id order, as the ranking's last key says.
    const unrated = all.slice(2).map((m) => m.travelPlan.id);
    expect(unrated).toEqual([...unrated].sort());

    const paged = await walk(
      (cursor) => `/api/packages/${pkg.id}/matches?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      (body) => travelerMatchPageSchema.parse(body),
    );
    expect(paged.map((m) => m.travelPlan.id)).toEqual(all.map((m) => m.travelPlan.id));
  });
});

describe('packages for my trip', () => {
  it("ranks equal packages by the sender's revealed rating, and a review counts once revealed", async () => {
    clock.set(new Date());
    const [loved, plain] = await Promise.all(['Lena Loved', 'Paul Plain'].map((name) => insertUser(db, { name })));
    await rate(loved as string, [4]);
    // Leaving in three weeks: a trip that has left is no longer matched, and the clock moves 14 days on.
    const plan = await insertTravelPlan(db, me.id, { departureAt: inDays(21) });
    const fromPlain = await insertPackage(db, plain as string, { deliverBy: inDays(30) });
    const fromLoved = await insertPackage(db, loved as string, { deliverBy: inDays(30) });
    // Plain's only review is hidden for now: written by one side, a day after completion.
    const pkg = await completedPackage(db, { senderId: plain as string, travelerId: reviewer }, clock());
    await db.insert(reviews).values({ packageId: pkg.id, authorId: reviewer, subjectId: plain as string, rating: 5 });

    const url = `/api/travel-plans/${plan.id}/matches`;
    const today = packageMatchPageSchema.parse((await app.inject({ url, headers: { cookie: me.cookie } })).json());
    expect(today.items.map((m) => [m.package.id, m.sender.rating])).toEqual([
      [fromLoved.id, { average: 4, count: 1 }],
      [fromPlain.id, null],
    ]);

    // Fourteen days on, the lone review is revealed and ranks Plain first.
    clock.advance(14 * DAY);
    const later = packageMatchPageSchema.parse((await app.inject({ url, headers: { cookie: me.cookie } })).json());
    expect(later.items.map((m) => [m.package.id, m.sender.rating])).toEqual([
      [fromPlain.id, { average: 5, count: 1 }],
      [fromLoved.id, { average: 4, count: 1 }],
    ]);
    const paged = await walk(
      (cursor) => `${url}?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      (body) => packageMatchPageSchema.parse(body),
    );
    expect(paged.map((m) => m.package.id)).toEqual([fromPlain.id, fromLoved.id]);
  });
});
