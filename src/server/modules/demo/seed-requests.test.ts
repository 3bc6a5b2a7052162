import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { packageEvents, packages } from '#server/db/schema/packages.ts';
import { conversations, requests } from '#server/db/schema/requests.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import { misfitsOf } from '#server/modules/requests/fit.ts';
import { buildStartedApp, testConfig } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import { packageSchema, packageViewSchema } from '#shared/packages.ts';
import { type PackageRequest, requestPageSchema, requestSchema } from '#shared/requests.ts';
import { defaultSettings } from '#shared/settings.ts';

// Demo mode's requests: the accepted one behind every carried package, the one conversation between
// Sam and Tess that the first of them opened, an invitation Tess can answer and an offer Sam can
// answer (both fit, so answering works), a declined, a withdrawn and an expired offer
// (seed-notifications.test.ts checks that the notifications tell the same); a restart adds nothing.

const SAM = 'sender@tagalong.test';
const TESS = 'traveler@tagalong.test';

let database: DatabaseHandle;
let app: FastifyInstance;
let ids: { sam: string; tess: string };

/** The same database for two starts: the app's close must not close it in between. */
const startApp = () =>
  buildStartedApp(testConfig({ demoMode: true }), { database: { ...database, close: async () => undefined } });

async function signIn(email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

async function list(cookie: string, direction: 'incoming' | 'outgoing'): Promise<PackageRequest[]> {
  const res = await app.inject({ url: `/api/requests?direction=${direction}&limit=50`, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return requestPageSchema.parse(res.json()).items;
}

/** The demo requests with their package's title and sender. */
const seeded = () =>
  database.db
    .select({ request: requests, title: packages.title, senderId: packages.senderId })
    .from(requests)
    .innerJoin(packages, eq(packages.id, requests.packageId));

const requestOf = async (title: string) => {
  const rows = (await seeded()).filter((r) => r.title === title);
  expect(rows, title).toHaveLength(1);
  return rows[0]?.request as typeof requests.$inferSelect;
};

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startApp();
  await app.ready();
  const accounts = await database.db.select({ id: user.id, email: user.email }).from(user);
  ids = {
    sam: accounts.find((a) => a.email === SAM)?.id as string,
    tess: accounts.find((a) => a.email === TESS)?.id as string,
  };
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('the demo requests', () => {
  it('back every package Tess was matched with by the request accepted then, made after publishing', async () => {
    const carried = await database.db
      .select()
      .from(packages)
      .where(and(isNotNull(packages.travelerId), isNotNull(packages.travelPlanId)));
    const statuses = new Set(carried.map((p) => p.status));
    expect([...statuses].sort()).toEqual(['cancelled', 'completed', 'delivered', 'in_transit', 'matched']);
    for (const pkg of carried) {
      const request = await requestOf(pkg.title);
      const events = await database.db.select().from(packageEvents).where(eq(packageEvents.packageId, pkg.id));
      const at = (status: string) => events.find((e) => e.toStatus === status);
      const matched = at('matched');
      // Cancelling a matched package withdraws its accepted request, then; otherwise it stays accepted.
      const cancelled = at('cancelled');
      expect(request, pkg.title).toMatchObject({
        status: cancelled ? 'withdrawn' : 'accepted',
        travelerId: pkg.travelerId,
        travelPlanId: pkg.travelPlanId,
      });
      expect(request.respondedAt?.getTime(), pkg.title).toBe((cancelled ?? matched)?.createdAt.getTime());
      expect(request.createdAt.getTime()).toBeGreaterThan(pkg.publishedAt?.getTime() ?? Number.POSITIVE_INFINITY);
      expect(request.createdAt.getTime()).toBeLessThan(matched?.createdAt.getTime() ?? 0);
      // The timeline's "matched" is the move of whoever received the request and accepted it.
      expect(matched?.actorId, pkg.title).toBe(request.startedBy === 'traveler' ? ids.sam : ids.tess);
    }
    // The notifications say Tess offered to carry the chocolates; Sam invited her for others.
    expect((await requestOf('Belgian chocolates')).startedBy).toBe('traveler');
    expect(new Set(carried.map((p) => p.title))).toContain('Cosmetics gift set');
    expect((await requestOf('Cosmetics gift set')).startedBy).toBe('sender');
  });

  it('open one conversation between Sam and Tess, for the first accepted request, when it was accepted', async () => {
    const all = await database.db.select().from(conversations);
    expect(all).toHaveLength(1);
    const [conversation] = all;
    expect([conversation?.userA, conversation?.userB]).toEqual([ids.sam, ids.tess].sort());
    const [first] = await database.db
      .select()
      .from(packageEvents)
      .where(eq(packageEvents.toStatus, 'matched'))
      .orderBy(asc(packageEvents.createdAt))
      .limit(1);
    expect(conversation?.packageId).toBe(first?.packageId);
    expect(conversation?.createdAt.getTime()).toBe(first?.createdAt.getTime());
    const [pkg] = await database.db
      .select()
      .from(packages)
      .where(eq(packages.id, first?.packageId as string));
    const request = await requestOf(pkg?.title as string);
    expect(conversation?.openedBy).toBe(request.startedBy === 'traveler' ? ids.sam : ids.tess);

    // Every package Tess carries links that one conversation, for both of them.
    const carried = await database.db
      .select()
      .from(packages)
      .where(and(eq(packages.senderId, ids.sam), eq(packages.travelerId, ids.tess)));
    expect(carried.length).toBeGreaterThanOrEqual(7);
    const cookies = [await signIn(SAM), await signIn(TESS)];
    for (const p of carried)
      for (const cookie of cookies) {
        const res = await app.inject({ url: `/api/packages/${p.id}`, headers: { cookie } });
        expect(packageSchema.parse(res.json()).conversationId, p.title).toBe(conversation?.id);
      }
  });

  it("leave Sam's invitation and Tess's offer pending, each on an open package and an active trip that fits it", async () => {
    const pending = (await seeded()).filter((r) => r.request.status === 'pending');
    expect(pending.map((r) => [r.title, r.request.startedBy]).sort()).toEqual([
      ['Birthday gift for my sister', 'sender'],
      ["Children's books", 'traveler'],
    ]);
    for (const { request, senderId } of pending) {
      expect(senderId).toBe(ids.sam);
      expect(request.travelerId).toBe(ids.tess);
      const [pkg] = await database.db.select().from(packages).where(eq(packages.id, request.packageId));
      const [plan] = await database.db.select().from(travelPlans).where(eq(travelPlans.id, request.travelPlanId));
      if (!pkg || !plan) throw new Error('a pending request without its package or trip');
      expect(pkg.status).toBe('open');
      expect(plan).toMatchObject({ status: 'active', travelerId: ids.tess });
      expect(plan.capacityGrams - plan.reservedGrams).toBeGreaterThanOrEqual(pkg.weightGrams ?? Infinity);
      // The rules the accept service checks, even at the default search radius.
      const misfits = await database.db.transaction((tx) => misfitsOf(tx, pkg, plan, defaultSettings.matchRadiusKm));
      expect(misfits, pkg.title).toEqual([]);
    }
    // The partial unique index's rule: at most one pending request per package and traveler.
    const [pairs] = await database.db
      .select({ n: sql<number>`count(distinct (${requests.packageId}, ${requests.travelerId}))` })
      .from(requests)
      .where(eq(requests.status, 'pending'));
    expect(Number(pairs?.n)).toBe(pending.length);

    const jacket = await requestOf('Winter jacket');
    expect(jacket).toMatchObject({ status: 'declined', startedBy: 'traveler', travelerId: ids.tess });
    expect(jacket.respondedAt).not.toBeNull();
  });

  it('end the others as the rules say: withdrawn with the trip Tess cancelled, expired when the package left open', async () => {
    const album = await requestOf('Family photo album');
    expect(album).toMatchObject({ status: 'withdrawn', startedBy: 'traveler', travelerId: ids.tess });
    const [cancelledTrip] = await database.db.select().from(travelPlans).where(eq(travelPlans.id, album.travelPlanId));
    expect(cancelledTrip?.status).toBe('cancelled');

    // docs/product.md §4: a pending request expires when its package leaves open or its deliver-by passes.
    const expired = (await seeded()).filter((r) => r.request.status === 'expired');
    expect(expired.map((r) => r.title)).toEqual(['Concert tickets']);
    for (const { request } of expired) {
      const [pkg] = await database.db.select().from(packages).where(eq(packages.id, request.packageId));
      expect(pkg?.status).not.toBe('open');
      const [left] = await database.db
        .select()
        .from(packageEvents)
        .where(and(eq(packageEvents.packageId, request.packageId), eq(packageEvents.fromStatus, 'open')));
      expect(request.respondedAt?.getTime()).toBe(left?.createdAt.getTime());
      expect(request.createdAt.getTime()).toBeGreaterThan(pkg?.publishedAt?.getTime() ?? Infinity);
    }
    for (const { request, title } of await seeded()) {
      const [plan] = await database.db.select().from(travelPlans).where(eq(travelPlans.id, request.travelPlanId));
      // Each was made on a trip Tess already had.
      expect(request.createdAt.getTime(), title).toBeGreaterThan(plan?.createdAt.getTime() ?? Infinity);
      if (request.respondedAt)
        expect(request.respondedAt.getTime(), title).toBeGreaterThan(request.createdAt.getTime());
    }
  });

  it('fill both sides of the requests page for Sam and Tess, with what each may do', async () => {
    const sam = await signIn(SAM);
    const tess = await signIn(TESS);
    const [samIn, samOut, tessIn, tessOut] = await Promise.all([
      list(sam, 'incoming'),
      list(sam, 'outgoing'),
      list(tess, 'incoming'),
      list(tess, 'outgoing'),
    ]);
    for (const items of [samIn, samOut, tessIn, tessOut]) expect(items.length).toBeGreaterThan(0);
    const find = (items: PackageRequest[], title: string) => items.find((r) => r.package.title === title);

    expect(find(samIn, "Children's books")).toMatchObject({
      status: 'pending',
      myRole: 'sender',
      direction: 'incoming',
      counterpart: { name: 'Tess Traveler' },
      actions: ['accept', 'counter', 'decline'],
    });
    expect(find(samIn, 'Belgian chocolates')).toMatchObject({ status: 'accepted', actions: [] });
    expect(find(samOut, 'Birthday gift for my sister')).toMatchObject({
      status: 'pending',
      direction: 'outgoing',
      actions: ['withdraw'],
    });
    expect(find(tessIn, 'Birthday gift for my sister')).toMatchObject({
      status: 'pending',
      myRole: 'traveler',
      direction: 'incoming',
      counterpart: { name: 'Sam Sender' },
      actions: ['accept', 'counter', 'decline'],
    });
    expect(find(tessOut, "Children's books")).toMatchObject({ status: 'pending', actions: ['withdraw'] });
    expect(find(tessOut, 'Winter jacket')).toMatchObject({ status: 'declined', actions: [] });
  });

  it('let Sam accept the offer and Tess the invitation: both packages are matched', async () => {
    for (const [email, title] of [
      [SAM, "Children's books"],
      [TESS, 'Birthday gift for my sister'],
    ] as const) {
      const cookie = await signIn(email);
      const pending = await requestOf(title);
      const res = await app.inject({ method: 'POST', url: `/api/requests/${pending.id}/accept`, headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
      expect(requestSchema.parse(res.json()).status).toBe('accepted');
      const pkg = await app.inject({ url: `/api/packages/${pending.packageId}`, headers: { cookie } });
      expect(packageViewSchema.parse(pkg.json())).toMatchObject({ status: 'matched' });
    }
  });

  it('are seeded once: a restart on the same data adds nothing', async () => {
    const total = async () => ({
      requests: (await database.db.select({ n: count() }).from(requests))[0]?.n,
      conversations: (await database.db.select({ n: count() }).from(conversations))[0]?.n,
    });
    const before = await total();
    expect(before.requests).toBeGreaterThanOrEqual(14);
    expect(before.conversations).toBe(1);
    await app.close();
    app = await startApp();
    await app.ready();
    expect(await total()).toEqual(before);
  });
});
