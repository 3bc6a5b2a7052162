import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { packageEvents, packagePhotos, packages } from '#server/db/schema/packages.ts';
import { disputes, reviews } from '#server/db/schema/requests.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import { worldGazetteer } from '#server/modules/places/gazetteer.ts';
import { createPackagePhotoStorage } from '#server/providers/storage/create.ts';
import { buildStartedApp, testConfig } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import { haversineKm } from '#shared/geo.ts';
import { packageCodesSchema } from '#shared/lifecycle.ts';
import {
  checkPackageRules,
  packageDraftSchema,
  packagePageSchema,
  packageSchema,
  packageViewSchema,
} from '#shared/packages.ts';
import { defaultSettings } from '#shared/settings.ts';
import { travelPlanPageSchema } from '#shared/travel-plans.ts';
import { demoCities, demoSeed } from './seed-packages.ts';
import { demoPhotoFiles, seedDemoPhotos } from './seed-photos.ts';

// Demo mode's packages and travel plans: seeded on the first start only, in every status, and the two
// the end-to-end test needs (Sam's open Paris → Berlin package, Tess's Paris → Berlin trip).

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
let database: DatabaseHandle;
let app: FastifyInstance;
let startedAt: number;

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

const tableCounts = async () => {
  const db = database.db;
  const [p] = await db.select({ n: count() }).from(packages);
  const [t] = await db.select({ n: count() }).from(travelPlans);
  const [e] = await db.select({ n: count() }).from(packageEvents);
  const [ph] = await db.select({ n: count() }).from(packagePhotos);
  return { packages: p?.n, travelPlans: t?.n, events: e?.n, photos: ph?.n };
};

beforeAll(async () => {
  database = await createTestDatabase();
  startedAt = Date.now();
  app = await startApp();
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('the first start in demo mode', () => {
  it('seeds a few dozen packages and travel plans, in every status', async () => {
    const counts = await tableCounts();
    expect(counts.packages).toBeGreaterThanOrEqual(20);
    expect(counts.travelPlans).toBeGreaterThanOrEqual(15);
    const statuses = new Set((await database.db.select({ s: packages.status }).from(packages)).map((r) => r.s));
    for (const status of ['draft', 'open', 'matched', 'in_transit', 'delivered', 'completed', 'cancelled']) {
      expect(statuses).toContain(status);
    }
    const planStatuses = new Set(
      (await database.db.select({ s: travelPlans.status }).from(travelPlans)).map((r) => r.s),
    );
    expect([...planStatuses].sort()).toEqual(['active', 'cancelled', 'completed']);
  });

  it("gives Sam Sender the open 'Birthday gift for my sister', Paris → Berlin", async () => {
    const sam = await signIn('sender@tagalong.test');
    const page = packagePageSchema.parse(
      (await app.inject({ url: '/api/packages?group=active&q=birthday', headers: { cookie: sam } })).json(),
    );
    expect(page.items).toHaveLength(1);
    const gift = packageSchema.parse(
      (await app.inject({ url: `/api/packages/${page.items[0]?.id}`, headers: { cookie: sam } })).json(),
    );
    expect(gift).toMatchObject({
      status: 'open',
      title: 'Birthday gift for my sister',
      currency: 'EUR',
      reward: 2500,
      pickup: { city: 'Paris', countryCode: 'FR' },
      dropoff: { city: 'Berlin', countryCode: 'DE' },
    });
    expect(gift.weightKg).toBeGreaterThanOrEqual(1);
    expect(gift.weightKg).toBeLessThanOrEqual(2);
    const days = (iso: string | null) => (new Date(iso as string).getTime() - startedAt) / DAY;
    expect(days(gift.pickupFrom)).toBeCloseTo(1, 1);
    expect(days(gift.deliverBy)).toBeCloseTo(21, 1);
    expect(gift.timeline.map((e) => [e.fromStatus, e.toStatus])).toEqual([
      [null, 'draft'],
      ['draft', 'open'],
    ]);
    expect(gift.publishedAt).not.toBeNull();
  });

  it('gives Tess Traveler an active Paris → Berlin trip in five days, arriving the same day, 5 kg free', async () => {
    const tess = await signIn('traveler@tagalong.test');
    const page = travelPlanPageSchema.parse(
      (await app.inject({ url: '/api/travel-plans?status=active&limit=50', headers: { cookie: tess } })).json(),
    );
    const trip = page.items.find((p) => p.origin.city === 'Paris' && p.destination.city === 'Berlin');
    expect(trip).toBeDefined();
    const departure = new Date(trip?.departureAt as string);
    const arrival = new Date(trip?.arrivalAt as string);
    const daysOut = (departure.getTime() - startedAt) / DAY;
    expect(daysOut).toBeGreaterThan(4);
    expect(daysOut).toBeLessThanOrEqual(5.5);
    expect(arrival.toISOString().slice(0, 10)).toBe(departure.toISOString().slice(0, 10));
    expect(trip).toMatchObject({ capacityKg: 5, freeCapacityKg: 5, mine: true, status: 'active' });

    // She sees Sam's package as any member does: its public part.
    const [gift] = await database.db.select().from(packages).where(eq(packages.title, 'Birthday gift for my sister'));
    const view = packageViewSchema.parse(
      (await app.inject({ url: `/api/packages/${gift?.id}`, headers: { cookie: tess } })).json(),
    );
    expect(view.visibility).toBe('public');
  });

  it('writes a timeline that leads to each package status, and links carried packages to Tess', async () => {
    const [tess] = await database.db.select().from(user).where(eq(user.email, 'traveler@tagalong.test'));
    const rows = await database.db.select().from(packages);
    for (const row of rows) {
      const events = await database.db
        .select()
        .from(packageEvents)
        .where(eq(packageEvents.packageId, row.id))
        .orderBy(packageEvents.createdAt);
      expect(events[0]?.fromStatus, row.title).toBeNull();
      expect(events[0]?.toStatus).toBe('draft');
      for (let i = 1; i < events.length; i++) expect(events[i]?.fromStatus).toBe(events[i - 1]?.toStatus);
      expect(events.at(-1)?.toStatus, row.title).toBe(row.status);
      expect(events.every((e) => e.createdAt.getTime() <= Date.now())).toBe(true);
      if (['matched', 'in_transit', 'delivered', 'completed'].includes(row.status)) {
        expect(row.travelerId, row.title).toBe(tess?.id);
        expect(row.travelPlanId, row.title).not.toBeNull();
      }
    }
    const reserved = await database.db.select({ grams: travelPlans.reservedGrams }).from(travelPlans);
    expect(reserved.some((r) => r.grams > 0)).toBe(true);
  });

  it("times each timeline by the package's own dates: its trip, its deliver-by, the auto-complete days", async () => {
    for (const spec of demoSeed.packages)
      expect(spec.at?.length ?? spec.path.length, spec.title).toBe(spec.path.length);
    const rows = await database.db.select().from(packages);
    for (const row of rows) {
      const events = await database.db.select().from(packageEvents).where(eq(packageEvents.packageId, row.id));
      const at = (status: string) => events.find((e) => e.toStatus === status)?.createdAt.getTime();
      const [trip] = row.travelPlanId
        ? await database.db.select().from(travelPlans).where(eq(travelPlans.id, row.travelPlanId))
        : [];
      const pickedUp = at('in_transit');
      if (pickedUp !== undefined) {
        // Picked up within the pickup window, shortly before the trip leaves.
        expect(pickedUp, row.title).toBeGreaterThanOrEqual(row.pickupFrom?.getTime() ?? Infinity);
        expect(pickedUp, row.title).toBeLessThanOrEqual(trip?.departureAt.getTime() ?? -Infinity);
        expect(pickedUp, row.title).toBeGreaterThan((trip?.departureAt.getTime() ?? 0) - 3 * HOUR);
      }
      const delivered = at('delivered');
      if (delivered !== undefined) {
        expect(delivered, row.title).toBeGreaterThanOrEqual(trip?.arrivalAt.getTime() ?? Infinity);
        expect(delivered, row.title).toBeLessThanOrEqual(row.deliverBy?.getTime() ?? -Infinity);
      }
      // Still delivered: the auto-complete days have not passed yet.
      if (row.status === 'delivered') {
        expect(Date.now() - (delivered ?? 0), row.title).toBeLessThan(defaultSettings.autoCompleteDays * DAY);
      }
      const expired = at('expired');
      if (expired !== undefined) {
        expect(Math.abs(expired - (row.deliverBy?.getTime() ?? 0)), row.title).toBeLessThan(MINUTE);
      }
      const matched = at('matched');
      if (matched !== undefined) expect(matched, row.title).toBeLessThan(trip?.departureAt.getTime() ?? -Infinity);
    }
  });

  it("records the Tea set's dispute, resolved for Tess, and both reviews of the Board game, when its timeline says", async () => {
    const [admin] = await database.db.select().from(user).where(eq(user.email, 'admin@tagalong.test'));
    const [sam] = await database.db.select().from(user).where(eq(user.email, 'sender@tagalong.test'));
    const [teaSet] = await database.db.select().from(packages).where(eq(packages.title, 'Tea set'));
    const teaEvents = await database.db
      .select()
      .from(packageEvents)
      .where(eq(packageEvents.packageId, teaSet?.id as string))
      .orderBy(packageEvents.createdAt);
    expect(teaEvents.map((e) => e.toStatus).slice(-3)).toEqual(['delivered', 'disputed', 'completed']);
    const opened = teaEvents.at(-2);
    const resolved = teaEvents.at(-1);
    expect(opened?.actorId).toBe(sam?.id);
    expect(resolved?.actorId).toBe(admin?.id);
    const [dispute] = await database.db
      .select()
      .from(disputes)
      .where(eq(disputes.packageId, teaSet?.id as string));
    expect(dispute).toMatchObject({
      openedBy: sam?.id,
      status: 'resolved',
      resolution: 'release_traveler',
      resolvedBy: admin?.id,
      createdAt: opened?.createdAt,
      resolvedAt: resolved?.createdAt,
    });

    const [game] = await database.db.select().from(packages).where(eq(packages.title, 'Board game'));
    const written = await database.db
      .select()
      .from(reviews)
      .where(eq(reviews.packageId, game?.id as string));
    expect(written.map((r) => [r.authorId, r.subjectId]).sort()).toEqual(
      [
        [game?.senderId, game?.travelerId],
        [game?.travelerId, game?.senderId],
      ].sort(),
    );
    for (const review of written)
      expect(review.createdAt.getTime()).toBeGreaterThan(game?.updatedAt.getTime() ?? Infinity);
  });

  it('gives every carried package what accepting its request gives: matchedAt at its "matched" event and handover codes', async () => {
    const carried = await database.db.select().from(packages).where(isNotNull(packages.travelerId));
    expect(carried.length).toBeGreaterThanOrEqual(8);
    for (const row of carried) {
      const [matched] = await database.db
        .select()
        .from(packageEvents)
        .where(and(eq(packageEvents.packageId, row.id), eq(packageEvents.toStatus, 'matched')));
      expect(row.matchedAt?.getTime(), row.title).toBe(matched?.createdAt.getTime());
      for (const column of [row.pickupCodeHash, row.pickupCodeSealed, row.deliveryCodeHash, row.deliveryCodeSealed]) {
        expect(column, row.title).toMatch(/\S{20,}/);
      }
    }
  });

  it('lets Sam read the codes of a matched package, and Tess pick it up and deliver it with them', async () => {
    const sam = await signIn('sender@tagalong.test');
    const tess = await signIn('traveler@tagalong.test');
    const [chocolates] = await database.db.select().from(packages).where(eq(packages.title, 'Belgian chocolates'));
    expect(chocolates?.status).toBe('matched');
    const url = `/api/packages/${chocolates?.id}`;
    const codes = packageCodesSchema.parse(
      (await app.inject({ url: `${url}/codes`, headers: { cookie: sam } })).json(),
    );
    expect(codes.pickupCode).toMatch(/^\d{6}$/);
    expect(codes.deliveryCode).toMatch(/^\d{6}$/);

    const pickup = await app.inject({
      method: 'POST',
      url: `${url}/pickup`,
      headers: { cookie: tess },
      payload: { code: codes.pickupCode },
    });
    expect(pickup.statusCode, pickup.body).toBe(200);
    expect(packageViewSchema.parse(pickup.json()).status).toBe('in_transit');
    const deliver = await app.inject({
      method: 'POST',
      url: `${url}/deliver`,
      headers: { cookie: tess },
      payload: { code: codes.deliveryCode },
    });
    expect(deliver.statusCode, deliver.body).toBe(200);
    expect(packageViewSchema.parse(deliver.json()).status).toBe('delivered');
  });

  it('lets Tess deliver a package already in transit with the delivery code Sam reads', async () => {
    const sam = await signIn('sender@tagalong.test');
    const tess = await signIn('traveler@tagalong.test');
    const [documents] = await database.db
      .select()
      .from(packages)
      .where(eq(packages.title, 'Documents for a visa appointment'));
    expect(documents?.status).toBe('in_transit');
    const url = `/api/packages/${documents?.id}`;
    const codes = packageCodesSchema.parse(
      (await app.inject({ url: `${url}/codes`, headers: { cookie: sam } })).json(),
    );
    expect(codes.pickupCode).toBeNull();
    expect(codes.deliveryCode).toMatch(/^\d{6}$/);
    const deliver = await app.inject({
      method: 'POST',
      url: `${url}/deliver`,
      headers: { cookie: tess },
      payload: { code: codes.deliveryCode },
    });
    expect(deliver.statusCode, deliver.body).toBe(200);
    expect(packageViewSchema.parse(deliver.json()).status).toBe('delivered');
  });

  it('gives the open packages a photo, stored and served as an uploaded one is', async () => {
    const open = await database.db.select().from(packages).where(eq(packages.status, 'open'));
    expect(open.length).toBeGreaterThanOrEqual(5);
    const tess = await signIn('traveler@tagalong.test');
    const served = new Set<string>();
    for (const row of open) {
      expect(demoPhotoFiles[row.title], row.title).toBeDefined();
      // What any member sees of it: the public view lists the photo, with its size.
      const view = packageViewSchema.parse(
        (await app.inject({ url: `/api/packages/${row.id}`, headers: { cookie: tess } })).json(),
      );
      expect(view.photos, row.title).toHaveLength(1);
      const [photo] = view.photos;
      expect(photo?.url).toMatch(/^\/api\/package-photos\/[0-9a-f-]{36}\.webp$/);
      expect(photo?.width).toBeGreaterThanOrEqual(400);
      expect(photo?.height).toBeGreaterThanOrEqual(300);
      const res = await app.inject({ url: photo?.url as string });
      expect(res.statusCode, row.title).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(res.rawPayload.length).toBeLessThan(64 * 1024);
      served.add(photo?.url as string);
    }
    // Each package has a key of its own, as every upload does, even where two show the same image.
    expect(served.size).toBe(open.length);
    // Drafts keep none: their senders add them.
    const drafts = await database.db.select({ id: packages.id }).from(packages).where(eq(packages.status, 'draft'));
    for (const draft of drafts) {
      const [n] = await database.db
        .select({ n: count() })
        .from(packagePhotos)
        .where(eq(packagePhotos.packageId, draft.id));
      expect(n?.n).toBe(0);
    }
  });

  it('makes drafts and open packages that pass the package rules', () => {
    const now = new Date(startedAt);
    const at = (days: number) => new Date(startedAt + days * DAY);
    for (const spec of demoSeed.packages) {
      if (spec.path.length > 1 || (spec.path[0] && spec.path[0] !== 'open')) continue;
      const draft = packageDraftSchema.parse(demoSeed.draftOf(spec, at));
      expect(checkPackageRules(draft, defaultSettings, now), spec.title).toEqual({});
    }
  });

  it('places its cities where the bundled gazetteer has them', () => {
    for (const place of Object.values(demoCities)) {
      const [found] = worldGazetteer().search({ q: place.city, country: place.countryCode, limit: 1 });
      expect(found?.label, place.city).toBe(place.label);
      expect(haversineKm(found as typeof place, place)).toBeLessThan(1);
    }
  });
});

describe('a second start on the same database', () => {
  it('adds nothing', async () => {
    const before = await tableCounts();
    await app.close();
    app = await startApp();
    await app.ready();
    expect(await tableCounts()).toEqual(before);
  });

  it('gives photos to demo packages that have none (a demo seeded before them), and only once', async () => {
    const [books] = await database.db.select().from(packages).where(eq(packages.title, "Children's books"));
    await database.db.delete(packagePhotos).where(eq(packagePhotos.packageId, books?.id as string));
    const before = await tableCounts();
    const storage = await createPackagePhotoStorage(testConfig());
    const log = pino({ level: 'silent' });
    await seedDemoPhotos(database.db, log, storage);
    const [photo] = await database.db
      .select()
      .from(packagePhotos)
      .where(eq(packagePhotos.packageId, books?.id as string));
    expect(photo).toMatchObject({ position: 0, width: 640, height: 480 });
    expect((await storage.get(photo?.storageKey as string))?.contentType).toBe('image/webp');
    await seedDemoPhotos(database.db, log, storage);
    expect(await tableCounts()).toEqual({ ...before, photos: (before.photos ?? 0) + 1 });
  });
});
