import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '#server/db/schema/auth.ts';
import { routeAlertMatches, routeAlerts } from '#server/db/schema/route-alerts.ts';
import type { JobContext } from '#server/modules/jobs/job.ts';
import { createScheduler } from '#server/modules/jobs/scheduler.ts';
import { sendRouteAlertDigestsJob } from '#server/modules/jobs/send-route-alert-digests.ts';
import { call, inDays, lyon } from '#server/modules/packages/test/helpers.ts';
import {
  createTrip,
  type Member,
  notificationsOf,
  openPackage,
  verifiedMember,
} from '#server/modules/requests/test/helpers.ts';
import type { MailMessage } from '#server/providers/mail/mailer.ts';
import { createTestApp } from '#server/test/app.ts';
import { MAX_ROUTE_ALERTS, type RouteAlert, routeAlertListSchema, routeAlertSchema } from '#shared/route-alerts.ts';

// Route alerts (docs/product.md §3.5): a member's saved routes, told at once in the app of each new
// open package or trip on them, and by e-mail at most once a day per alert.

let app: FastifyInstance;
let sam: Member; // sends packages, watches for trips
let tess: Member; // travels, watches for packages
let other: Member;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  sam = await verifiedMember(app, 'alerts-sam@example.test', 'Sam Sender');
  tess = await verifiedMember(app, 'alerts-tess@example.test', 'Tess Traveler');
  other = await verifiedMember(app, 'alerts-other@example.test', 'Otto Other');
});
afterAll(() => app.close());

const save = (who: Member | undefined, body: unknown) => call(app, 'POST', '/api/route-alerts', who?.cookie, body);
const mine = async (who: Member) =>
  routeAlertListSchema.parse((await call(app, 'GET', '/api/route-alerts', who.cookie)).json()).items;
const deleteAll = async (who: Member) => {
  for (const alert of await mine(who)) await call(app, 'DELETE', `/api/route-alerts/${alert.id}`, who.cookie);
};

describe('saving, listing and deleting alerts', () => {
  it('saves a route by its cities with the default radius, and lists it to its owner only', async () => {
    const res = await save(tess, { kind: 'packages', from: 'paris-fr', to: 'berlin-de', after: '2026-12-01' });
    expect(res.statusCode, res.body).toBe(201);
    const alert = routeAlertSchema.parse(res.json());
    expect(alert).toMatchObject({
      kind: 'packages',
      from: { city: 'Paris', countryCode: 'FR' },
      to: { city: 'Berlin', countryCode: 'DE' },
      radiusKm: 50,
      after: '2026-12-01',
      before: null,
      travelPlanId: null,
      found: 0,
    });
    expect((await mine(tess)).map((a) => a.id)).toContain(alert.id);
    expect((await mine(other)).map((a) => a.id)).not.toContain(alert.id);
    // Someone else's alert does not exist for them; its owner deletes it.
    expect((await call(app, 'DELETE', `/api/route-alerts/${alert.id}`, other.cookie)).statusCode).toBe(404);
    expect((await call(app, 'DELETE', `/api/route-alerts/${alert.id}`, tess.cookie)).statusCode).toBe(204);
    expect((await call(app, 'DELETE', `/api/route-alerts/${alert.id}`, tess.cookie)).statusCode).toBe(404);
  });

  it('refuses what it cannot use with field errors, writing nothing; a visitor gets 401', async () => {
    const before = await app.database.db.select().from(routeAlerts);
    const cases: [unknown, string][] = [
      [{ kind: 'packages', from: 'atlantis-zz', to: 'berlin-de' }, 'from'],
      [{ kind: 'packages', from: 'paris-fr', to: 'berlin-de', radiusKm: 301 }, 'radiusKm'],
      [{ kind: 'packages', from: 'paris-fr', to: 'berlin-de', after: '2026-12-10', before: '2026-12-01' }, 'before'],
      [{ kind: 'parcels', from: 'paris-fr', to: 'berlin-de' }, 'kind'],
      [{ kind: 'trips', travelPlanId: '00000000-0000-4000-8000-000000000000' }, 'kind'],
    ];
    for (const [body, field] of cases) {
      const res = await save(tess, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(body)).toContain(field);
    }
    expect((await save(undefined, { kind: 'packages', from: 'paris-fr', to: 'berlin-de' })).statusCode).toBe(401);
    expect(await app.database.db.select().from(routeAlerts)).toEqual(before);
  });

  it('saves one of my active trips once; another member’s trip is none of mine', async () => {
    const trip = await createTrip(app, tess);
    const first = await save(tess, { kind: 'packages', travelPlanId: trip.id });
    expect(first.statusCode, first.body).toBe(201);
    const again = await save(tess, { kind: 'packages', travelPlanId: trip.id });
    expect(again.statusCode).toBe(200);
    expect((again.json() as RouteAlert).id).toBe((first.json() as RouteAlert).id);
    expect(first.json()).toMatchObject({ travelPlanId: trip.id, from: { city: 'Paris' }, to: { city: 'Berlin' } });
    expect((await save(other, { kind: 'packages', travelPlanId: trip.id })).statusCode).toBe(404);
    await deleteAll(tess);
  });

  it('keeps one alert for the same route, radius and days saved twice; other days make another', async () => {
    const body = { kind: 'packages', from: 'lyon-fr', to: 'paris-fr', after: '2026-12-01' };
    const first = await save(tess, body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await save(tess, body);
    expect(again.statusCode).toBe(200);
    expect((again.json() as RouteAlert).id).toBe((first.json() as RouteAlert).id);
    expect((await save(tess, { ...body, after: '2026-12-02' })).statusCode).toBe(201);
    expect((await save(tess, { ...body, after: undefined })).statusCode).toBe(201);
    expect((await save(tess, { ...body, after: undefined })).statusCode).toBe(200);
    expect((await save(tess, { ...body, kind: 'trips' })).statusCode).toBe(201);
    expect(await mine(tess)).toHaveLength(4);
    await deleteAll(tess);
  });

  it(`keeps at most ${MAX_ROUTE_ALERTS} alerts per member, even when saved at once`, async () => {
    // Each a different radius: the same alert twice is one alert (below).
    const body = (n: number) => ({ kind: 'trips', from: 'lyon-fr', to: 'berlin-de', radiusKm: 10 + n });
    const answers = await Promise.all(Array.from({ length: MAX_ROUTE_ALERTS + 3 }, (_, n) => save(other, body(n))));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(MAX_ROUTE_ALERTS);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0]?.json()).toMatchObject({ error: { code: 'ROUTE_ALERT_LIMIT' } });
    expect(await mine(other)).toHaveLength(MAX_ROUTE_ALERTS);
    await deleteAll(other);
  });
});

describe('what an alert finds', () => {
  it('tells a traveler at once of a package published on their route, and not of others', async () => {
    const route = (await save(tess, { kind: 'packages', from: 'paris-fr', to: 'berlin-de' })).json() as RouteAlert;
    const window = (
      await save(tess, { kind: 'packages', from: 'paris-fr', to: 'berlin-de', before: inDays(-3).slice(0, 10) })
    ).json() as RouteAlert;
    const ownRoute = (await save(sam, { kind: 'packages', from: 'paris-fr', to: 'berlin-de' })).json() as RouteAlert;
    const trip = await createTrip(app, tess);
    const byTrip = (await save(tess, { kind: 'packages', travelPlanId: trip.id })).json() as RouteAlert;
    const before = (await notificationsOf(app, tess.id, 'route_alert')).length;

    const pkg = await openPackage(app, sam);
    const told = await notificationsOf(app, tess.id, 'route_alert');
    // Two of Tess's alerts fit (her route and her trip); the one whose days ended before it is ready does not.
    expect(told).toHaveLength(before + 2);
    expect(told.at(-1)).toMatchObject({
      title: 'A new package on your route: Paris → Berlin',
      link: `/user/packages/${pkg.id}#offer`,
    });
    const found = new Map((await mine(tess)).map((a) => [a.id, a.found]));
    expect(found.get(route.id)).toBe(1);
    expect(found.get(byTrip.id)).toBe(1);
    expect(found.get(window.id)).toBe(0);
    // Sam's own package is not news to Sam.
    expect((await mine(sam)).find((a) => a.id === ownRoute.id)?.found).toBe(0);

    // Lyon → Berlin is more than 50 km from Paris: no alert of Tess's finds it.
    await openPackage(app, sam, { pickup: lyon });
    expect(await notificationsOf(app, tess.id, 'route_alert')).toHaveLength(before + 2);
    await deleteAll(tess);
    await deleteAll(sam);
  });

  it('tells a sender of a trip added on their route, and says nothing to a banned member', async () => {
    await save(sam, { kind: 'trips', from: 'paris-fr', to: 'berlin-de' });
    await save(other, { kind: 'trips', from: 'paris-fr', to: 'berlin-de' });
    await app.database.db.update(user).set({ banned: true }).where(eq(user.id, other.id));
    const before = (await notificationsOf(app, sam.id, 'route_alert')).length;
    const trip = await createTrip(app, tess);
    const told = await notificationsOf(app, sam.id, 'route_alert');
    expect(told).toHaveLength(before + 1);
    expect(told.at(-1)).toMatchObject({
      title: 'A new trip on your route: Paris → Berlin',
      link: `/trips/${trip.id}#invite`,
    });
    expect(await notificationsOf(app, other.id, 'route_alert')).toHaveLength(0);
    await app.database.db.update(user).set({ banned: false }).where(eq(user.id, other.id));
    await deleteAll(sam);
    await deleteAll(other);
  });
});

describe('the daily e-mail', () => {
  it('sends each alert what it found since its last e-mail, at most once a day, to members who want e-mail', async () => {
    const db = app.database.db;
    await save(tess, { kind: 'packages', from: 'paris-fr', to: 'berlin-de' });
    const quiet = (await save(other, { kind: 'packages', from: 'paris-fr', to: 'berlin-de' })).json() as RouteAlert;
    await db.update(user).set({ notifyByEmail: false }).where(eq(user.id, other.id));
    const sent: MailMessage[] = [];
    let now = new Date(Date.now() + 60_000);
    // The job as the app schedules it, on two nodes sharing the database, with the scheduler's clock.
    const node = () =>
      createScheduler({
        db,
        notifier: {} as JobContext['notifier'],
        provider: {} as JobContext['provider'],
        settings: app.settings,
        log: pino({ level: 'silent' }),
        mailer: { kind: 'outbox', send: async (m: MailMessage) => void sent.push(m) },
        baseUrl: 'https://tagalong.example',
        clock: () => now,
        intervalMs: 60_000,
        jobs: [sendRouteAlertDigestsJob],
      });
    const [a, b] = [node(), node()];
    const hours = (n: number) => new Date(now.getTime() + n * 60 * 60_000);

    const first = await openPackage(app, sam, { title: 'Birthday present' });
    const second = await openPackage(app, sam, { title: 'Winter coat' });
    // Both nodes tick at the same moment: one e-mail.
    await Promise.all([a.tick(), b.tick()]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: 'alerts-tess@example.test',
      subject: '2 new packages on your route Paris → Berlin',
    });
    expect(sent[0]?.text).toContain(`https://tagalong.example/user/packages/${first.id}#offer`);
    expect(sent[0]?.text).toContain(`https://tagalong.example/user/packages/${second.id}#offer`);

    // A third package an hour later waits for the next day.
    const start = now;
    now = hours(1);
    const third = await openPackage(app, sam, { title: 'Vinyl records' });
    await a.tick();
    expect(sent).toHaveLength(1);
    now = new Date(start.getTime() + 24 * 60 * 60_000 + 60_000);
    await b.tick();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.subject).toBe('1 new package on your route Paris → Berlin');
    expect(sent[1]?.text).toContain(third.id);
    expect(sent[1]?.text).not.toContain(first.id);
    // Nothing new: nothing sent. The member who turned e-mails off got none, though their alert found all three.
    now = new Date(start.getTime() + 3 * 24 * 60 * 60_000);
    await a.tick();
    expect(sent).toHaveLength(2);
    expect(sent.some((m) => m.to === 'alerts-other@example.test')).toBe(false);
    expect(await db.select().from(routeAlertMatches).where(eq(routeAlertMatches.alertId, quiet.id))).toHaveLength(3);
    await db.update(user).set({ notifyByEmail: true }).where(eq(user.id, other.id));
  });
});
