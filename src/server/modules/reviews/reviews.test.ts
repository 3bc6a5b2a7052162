import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { notification } from '#server/db/schema/notifications.ts';
import { packages } from '#server/db/schema/packages.ts';
import { reviews } from '#server/db/schema/requests.ts';
import { createClockedApp, DAY, fakeClock, MINUTE } from '#server/modules/jobs/test/helpers.ts';
import { insertPackage } from '#server/modules/matching/test/factory.ts';
import { signUpVerified } from '#server/test/users.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { publicProfileSchema } from '#shared/profiles.ts';
import { memberReviewsSchema, packageReviewStateSchema } from '#shared/reviews.ts';
import { completedPackage } from './test/helpers.ts';

// Reviews through the whole app with its clock in the test's hands: who may review, once, only after
// completion; blind until both have written or 14 days have passed; the rating counts revealed ones.

const clock = fakeClock();
let app: FastifyInstance;
let db: Database;
type Member = { cookie: string; id: string };
let sam: Member;
let tess: Member;
let olga: Member;
let stan: Member;

beforeAll(async () => {
  app = await createClockedApp(clock);
  db = app.database.db;
  sam = await signUpVerified(app, 'sam@example.test', 'Sam Sender');
  tess = await signUpVerified(app, 'tess@example.test', 'Tess Traveler');
  olga = await signUpVerified(app, 'olga@example.test', 'Olga Outsider');
  stan = await signUpVerified(app, 'stan@example.test', 'Stan Second');
});
afterAll(() => app.close());

const write = (packageId: string, member: Member | undefined, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/packages/${packageId}/review`,
    payload: payload as Record<string, unknown>,
    headers: member ? { cookie: member.cookie } : {},
  });
const stateOf = async (packageId: string, member: Member) => {
  const res = await app.inject({ url: `/api/packages/${packageId}/review`, headers: { cookie: member.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return packageReviewStateSchema.parse(res.json());
};
const reviewsOf = async (memberId: string, query = '') => {
  const res = await app.inject({ url: `/api/users/${memberId}/reviews${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return memberReviewsSchema.parse(res.json());
};
const ratingOf = async (memberId: string) => {
  const res = await app.inject({ url: `/api/users/${memberId}/public` });
  expect(res.statusCode, res.body).toBe(200);
  return publicProfileSchema.parse(res.json());
};
const storedReviews = async (packageId: string) =>
  (await db.select({ n: count() }).from(reviews).where(eq(reviews.packageId, packageId)))[0]?.n;
const noticesOf = (userId: string) =>
  db
    .select()
    .from(notification)
    .where(and(eq(notification.userId, userId), eq(notification.type, 'review_received')));

describe('who may review, and when', () => {
  it('lets only the two sides review, and only a completed package', async () => {
    clock.set(new Date());
    const pkg = await insertPackage(db, sam.id);
    await db.update(packages).set({ status: 'delivered', travelerId: tess.id }).where(eq(packages.id, pkg.id));

    // Not completed yet: no one may review, and the state says so.
    const early = await write(pkg.id, sam, { rating: 5 });
    expect(early.statusCode).toBe(409);
    expect(apiErrorSchema.parse(early.json()).error.code).toBe('REVIEW_NOT_YET');
    expect(await stateOf(pkg.id, tess)).toEqual({ canReview: false, mine: null, theirs: null, revealAt: null });

    await db.update(packages).set({ status: 'completed', completedAt: clock() }).where(eq(packages.id, pkg.id));
    // Outsiders: 403 for a package members may know of, 401 for visitors.
    expect((await write(pkg.id, olga, { rating: 1 })).statusCode).toBe(403);
    expect(
      (await app.inject({ url: `/api/packages/${pkg.id}/review`, headers: { cookie: olga.cookie } })).statusCode,
    ).toBe(403);
    expect((await write(pkg.id, undefined, { rating: 1 })).statusCode).toBe(401);
    expect(await storedReviews(pkg.id)).toBe(0);

    // Someone's draft does not exist for others; nor does an unknown package; a malformed id is a 400.
    const draft = await insertPackage(db, sam.id, { status: 'draft' });
    expect((await write(draft.id, olga, { rating: 1 })).statusCode).toBe(404);
    expect((await write('00000000-0000-4000-8000-000000000000', sam, { rating: 1 })).statusCode).toBe(404);
    expect((await write('nope', sam, { rating: 1 })).statusCode).toBe(400);
  });

  it('takes one review per side, and refuses bad ones without storing anything', async () => {
    clock.set(new Date());
    const pkg = await completedPackage(db, { senderId: sam.id, travelerId: tess.id }, clock());

    for (const [payload, field] of [
      [{}, 'rating'],
      [{ rating: 0 }, 'rating'],
      [{ rating: 6 }, 'rating'],
      [{ rating: 4.5 }, 'rating'],
      [{ rating: 4, comment: 'x'.repeat(1001) }, 'comment'],
      [{ rating: 4, extra: true }, ''],
    ] as const) {
      const res = await write(pkg.id, sam, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (field) expect(Object.keys(apiErrorSchema.parse(res.json()).error.fields ?? {})).toContain(field);
    }
    expect(await storedReviews(pkg.id)).toBe(0);

    const first = await write(pkg.id, sam, { rating: 4, comment: '  On time and careful.  ' });
    expect(first.statusCode, first.body).toBe(201);
    const state = packageReviewStateSchema.parse(first.json());
    expect(state).toMatchObject({
      canReview: false,
      theirs: null,
      mine: {
        packageId: pkg.id,
        author: { id: sam.id, name: 'Sam Sender' },
        authorRole: 'sender',
        rating: 4,
        comment: 'On time and careful.',
      },
    });
    const again = await write(pkg.id, sam, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(await storedReviews(pkg.id)).toBe(1);
    expect((await stateOf(pkg.id, sam)).mine?.rating).toBe(4);
  });
});

describe('reveal', () => {
  it('keeps a lone review hidden until 14 days after completion, then shows it and closes reviewing', async () => {
    const completedAt = new Date();
    clock.set(completedAt);
    const pkg = await completedPackage(db, { senderId: stan.id, travelerId: olga.id }, completedAt, 'Lone review');
    expect((await write(pkg.id, stan, { rating: 2, comment: 'Late by a day' })).statusCode).toBe(201);

    // The traveler hears of it, but cannot read it yet.
    const [nudge] = await noticesOf(olga.id);
    expect(nudge).toMatchObject({ title: 'Stan Second reviewed you', link: `/user/packages/${pkg.id}` });
    expect(nudge?.data).toMatchObject({ revealed: false });

    clock.set(new Date(completedAt.getTime() + 13 * DAY));
    const day13 = await stateOf(pkg.id, olga);
    expect(day13).toMatchObject({ canReview: true, mine: null, theirs: null });
    expect(day13.revealAt).toBe(new Date(completedAt.getTime() + 14 * DAY).toISOString());
    expect(await reviewsOf(olga.id)).toEqual({ rating: { average: null, count: 0 }, items: [], nextCursor: null });
    expect((await ratingOf(olga.id)).rating).toEqual({ average: null, count: 0 });
    // The author sees their own review, never a hidden one of theirs as "theirs".
    expect((await stateOf(pkg.id, stan)).mine?.rating).toBe(2);

    clock.set(new Date(completedAt.getTime() + 14 * DAY + MINUTE));
    const day14 = await stateOf(pkg.id, olga);
    expect(day14).toMatchObject({ canReview: false, mine: null, theirs: { rating: 2, comment: 'Late by a day' } });
    const listed = await reviewsOf(olga.id);
    expect(listed.rating).toEqual({ average: 2, count: 1 });
    expect(listed.items.map((r) => [r.author.name, r.authorRole, r.rating])).toEqual([['Stan Second', 'sender', 2]]);
    expect((await ratingOf(olga.id)).rating).toEqual({ average: 2, count: 1 });
    // The period is over: a review now would no longer be blind.
    expect((await write(pkg.id, olga, { rating: 1 })).statusCode).toBe(409);

    // The scheduled job tells the traveler, once.
    await app.scheduler.tick();
    await app.scheduler.tick();
    const revealed = (await noticesOf(olga.id)).filter((n) => n.data.revealed === true);
    expect(revealed).toHaveLength(1);
    expect(revealed[0]).toMatchObject({ link: `/user/view/${olga.id}` });
  });

  it('shows both reviews as soon as both sides have written, and tells both', async () => {
    const completedAt = new Date();
    clock.set(completedAt);
    const pkg = await completedPackage(db, { senderId: tess.id, travelerId: stan.id }, completedAt, 'Both sides');
    clock.advance(DAY);
    expect((await write(pkg.id, tess, { rating: 5, comment: 'Great' })).statusCode).toBe(201);
    expect((await stateOf(pkg.id, stan)).theirs).toBeNull();
    clock.advance(DAY);
    const second = await write(pkg.id, stan, { rating: 3 });
    expect(second.statusCode).toBe(201);
    const secondState = packageReviewStateSchema.parse(second.json());
    expect(secondState.theirs).toMatchObject({ rating: 5, comment: 'Great', authorRole: 'sender' });
    expect(secondState.revealAt).toBe(clock().toISOString());
    expect((await stateOf(pkg.id, tess)).theirs).toMatchObject({ rating: 3, comment: null, authorRole: 'traveler' });
    expect((await reviewsOf(stan.id)).items.map((r) => r.packageId)).toContain(pkg.id);
    expect((await reviewsOf(tess.id)).items.map((r) => r.packageId)).toContain(pkg.id);
    for (const member of [tess, stan]) {
      const notices = (await noticesOf(member.id)).filter((n) => n.data.packageId === pkg.id && n.data.revealed);
      expect(notices).toHaveLength(1);
      expect(notices[0]?.title).toBe('Your review is visible');
    }
  });

  it('reveals both when the two sides write at the same moment', async () => {
    clock.set(new Date());
    const pkg = await completedPackage(db, { senderId: sam.id, travelerId: olga.id }, clock(), 'At once');
    const [a, b] = await Promise.all([write(pkg.id, sam, { rating: 4 }), write(pkg.id, olga, { rating: 5 })]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect((await stateOf(pkg.id, sam)).theirs?.rating).toBe(5);
    expect((await stateOf(pkg.id, olga)).theirs?.rating).toBe(4);
    const revealedNotices = await db
      .select()
      .from(notification)
      .where(and(eq(notification.type, 'review_received')));
    expect(revealedNotices.filter((n) => n.data.packageId === pkg.id && n.data.revealed === true)).toHaveLength(2);
  });
});

describe("a member's reviews and rating", () => {
  it('averages revealed reviews only, newest first, a page at a time', async () => {
    const traveler = await signUpVerified(app, 'rated@example.test', 'Rhea Rated');
    const start = new Date();
    clock.set(start);
    // Two revealed (both sides wrote), one still hidden (only the sender wrote, yesterday).
    for (const [sender, rating, both] of [
      [sam, 5, true],
      [tess, 4, true],
      [stan, 1, false],
    ] as const) {
      const pkg = await completedPackage(db, { senderId: sender.id, travelerId: traveler.id }, clock());
      clock.advance(MINUTE);
      expect((await write(pkg.id, sender, { rating })).statusCode).toBe(201);
      if (both) expect((await write(pkg.id, traveler, { rating: 5 })).statusCode).toBe(201);
      clock.advance(MINUTE);
    }
    const all = await reviewsOf(traveler.id);
    expect(all.rating).toEqual({ average: 4.5, count: 2 });
    expect(all.items.map((r) => r.author.name)).toEqual(['Tess Traveler', 'Sam Sender']);
    expect((await ratingOf(traveler.id)).rating).toEqual({ average: 4.5, count: 2 });

    const first = await reviewsOf(traveler.id, '?limit=1');
    expect(first.items.map((r) => r.rating)).toEqual([4]);
    expect(first.nextCursor).not.toBeNull();
    const second = await reviewsOf(traveler.id, `?limit=1&cursor=${first.nextCursor}`);
    expect(second.items.map((r) => r.rating)).toEqual([5]);
    expect(second.nextCursor).toBeNull();

    const badCursor = await app.inject({ url: `/api/users/${traveler.id}/reviews?cursor=bm9wZQ` });
    expect(badCursor.statusCode).toBe(400);
    expect(apiErrorSchema.parse(badCursor.json()).error.fields).toHaveProperty('cursor');
    expect((await app.inject({ url: '/api/users/00000000-0000-4000-8000-000000000000/reviews' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/users/nope/reviews' })).statusCode).toBe(400);
  });

  it('counts the completed deliveries a member carried on the public profile', async () => {
    const carrier = await signUpVerified(app, 'carrier@example.test', 'Cara Carrier');
    expect((await ratingOf(carrier.id)).reliability.completedDeliveries).toBe(0);
    await completedPackage(db, { senderId: sam.id, travelerId: carrier.id }, new Date());
    await completedPackage(db, { senderId: tess.id, travelerId: carrier.id }, new Date());
    const delivering = await insertPackage(db, sam.id);
    await db
      .update(packages)
      .set({ status: 'in_transit', travelerId: carrier.id })
      .where(eq(packages.id, delivering.id));
    expect((await ratingOf(carrier.id)).reliability.completedDeliveries).toBe(2);
  });
});
