import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packages } from '#server/db/schema/packages.ts';
import { jobRuns, requests } from '#server/db/schema/requests.ts';
import { systemSettings } from '#server/db/schema/settings.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { createNotifier } from '#server/modules/notifications/notifier.ts';
import { call } from '#server/modules/packages/test/helpers.ts';
import {
  answer,
  codesOf,
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
import type { PackageRequest } from '#shared/requests.ts';
import { expireTripRequestsJob } from './expire-trip-requests.ts';
import type { JobContext } from './job.ts';
import { createScheduler, type JobReport } from './scheduler.ts';
import { createClockedApp, DAY, fakeClock, MINUTE } from './test/helpers.ts';

// Trips end on their own (ADR 0024), driven by a fake clock through the app's own scheduler: their
// pending requests expire when they leave, and they complete once they have arrived and every package
// they carry has settled. Everything else goes through the API, at the real time, so the trips here
// leave in two days and arrive in three.

const clock = fakeClock();
let app: FastifyInstance;
let sender: Member;
let traveler: Member;
let admin: Member;

beforeAll(async () => {
  app = await createClockedApp(clock);
  sender = await verifiedMember(app, 'trip-jobs-sender@example.test', 'Sam Sender');
  traveler = await verifiedMember(app, 'trip-jobs-traveler@example.test', 'Tess Traveler');
  admin = await verifiedMember(app, 'trip-jobs-admin@example.test', 'Ada Admin');
  await makeAdmin(app, admin.id);
});
afterAll(() => app.close());

const tickAt = async (at: number) => {
  clock.set(new Date(at));
  return app.scheduler.tick();
};
const reportOf = (reports: { job: string; processed: number }[], job: string) =>
  reports.find((r) => r.job === job)?.processed;
const planStatus = async (id: string) => (await storedPlan(app, id)).status;

async function pickUp(packageId: string) {
  const { pickupCode } = await codesOf(app, sender, packageId);
  const res = await call(app, 'POST', `/api/packages/${packageId}/pickup`, traveler.cookie, { code: pickupCode });
  expect(res.statusCode, res.body).toBe(200);
}

async function deliver(packageId: string) {
  const { deliveryCode } = await codesOf(app, sender, packageId);
  const res = await call(app, 'POST', `/api/packages/${packageId}/deliver`, traveler.cookie, { code: deliveryCode });
  expect(res.statusCode, res.body).toBe(200);
}

describe('a trip that leaves and arrives', () => {
  it('expires its pending requests when it leaves and completes once it has arrived, once', async () => {
    const trip = await createTrip(app, traveler);
    const departure = new Date(trip.departureAt).getTime();
    const arrival = new Date(trip.arrivalAt).getTime();
    const offeredOn = await openPackage(app, sender, { title: 'Offered books' });
    const invitedOn = await openPackage(app, sender, { title: 'Invited lamp' });
    const offer = await offered(app, traveler, offeredOn.id, trip.id);
    const invitation = await invite(app, sender.cookie, invitedOn.id, trip.id);
    expect(invitation.statusCode, invitation.body).toBe(201);
    const invitationId = (invitation.json() as PackageRequest).id;

    const before = await tickAt(departure - MINUTE);
    expect(reportOf(before, 'expire-trip-requests')).toBe(0);
    expect((await storedRequest(app, offer.id)).status).toBe('pending');

    // Gone: nobody can accept either request any more, so both expire, and the sender hears of each.
    const left = await tickAt(departure + MINUTE);
    expect(reportOf(left, 'expire-trip-requests')).toBe(2);
    expect(reportOf(left, 'complete-travel-plans')).toBe(0);
    expect((await storedRequest(app, offer.id)).status).toBe('expired');
    expect((await storedRequest(app, invitationId)).status).toBe('expired');
    const notices = await notificationsOf(app, sender.id, 'request_expired');
    expect(notices.map((n) => n.data.requestId).sort()).toEqual([offer.id, invitationId].sort());
    expect(notices.find((n) => n.data.requestId === offer.id)?.body).toContain('"Offered books"');
    // The packages stay open for other travelers.
    expect((await storedPackage(app, offeredOn.id)).status).toBe('open');
    expect(await planStatus(trip.id)).toBe('active');

    expect(reportOf(await tickAt(arrival - MINUTE), 'complete-travel-plans')).toBe(0);
    expect(await planStatus(trip.id)).toBe('active');

    const arrived = await tickAt(arrival + MINUTE);
    expect(reportOf(arrived, 'complete-travel-plans')).toBe(1);
    expect(await planStatus(trip.id)).toBe('completed');
    const listed = await call(app, 'GET', '/api/travel-plans?status=completed', traveler.cookie);
    expect(listed.json().items.map((p: { id: string }) => p.id)).toContain(trip.id);

    // A second run finds nothing to do, and tells no one again.
    const again = await tickAt(arrival + 2 * MINUTE);
    expect(reportOf(again, 'complete-travel-plans')).toBe(0);
    expect(reportOf(again, 'expire-trip-requests')).toBe(0);
    expect(await notificationsOf(app, sender.id, 'request_expired')).toHaveLength(2);
    const runs = await app.database.db.select().from(jobRuns).where(eq(jobRuns.job, 'complete-travel-plans'));
    expect(runs.map((r) => r.processed).reduce((a, b) => a + b, 0)).toBe(1);
  });
});

describe('alongside an acceptance', () => {
  // Every writer locks a package, its requests, then a trip (ADR 0023). Here a transaction does what
  // acceptRequest does while the job expires that trip's requests. With DATABASE_URL set they run on
  // two PostgreSQL connections: a job that claimed the trip before locking the package would deadlock
  // with it (the job waits for the request, the acceptance for the trip), and one of them would fail.
  it('waits for the package instead of deadlocking, then expires the request', async () => {
    const node = createScheduler({
      db: app.database.db,
      notifier: createNotifier({ gateway: app.gateway, log: app.log }),
      // This job refunds nothing.
      provider: {} as JobContext['provider'],
      settings: app.settings,
      log: app.log,
      clock,
      intervalMs: 0,
      jobs: [expireTripRequestsJob],
    });
    const trip = await createTrip(app, traveler);
    const pkg = await openPackage(app, sender);
    const request = await offered(app, traveler, pkg.id, trip.id);
    clock.set(new Date(new Date(trip.departureAt).getTime() + MINUTE));

    let tick: Promise<JobReport[]> = Promise.resolve([]);
    await app.database.db.transaction(async (tx) => {
      await tx.select().from(packages).where(eq(packages.id, pkg.id)).for('update');
      await tx.select().from(requests).where(eq(requests.id, request.id)).for('update');
      tick = node.tick();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.select().from(travelPlans).where(eq(travelPlans.id, trip.id)).for('update');
    });
    const [report] = await tick;
    expect(report).toMatchObject({ job: 'expire-trip-requests', processed: 1, failed: 0 });
    expect(report?.error).toBeUndefined();
    expect((await storedRequest(app, request.id)).status).toBe('expired');
    // And the sender's acceptance, had it come now, is refused: the request is no longer pending.
    expect((await answer(app, sender.cookie, request.id, 'accept')).statusCode).toBe(409);
  });
});

describe('a trip still carrying a package', () => {
  it('stays active past its arrival until the package is completed', async () => {
    // Seven days to confirm, so the package can be seen delivered after the trip's arrival.
    await app.database.db.insert(systemSettings).values({ key: 'autoCompleteDays', value: 7 });
    try {
      const { pkg, trip } = await matchedPackage(app, sender, traveler);
      const arrival = new Date(trip.arrivalAt).getTime();

      // Matched, not picked up yet: the traveler may still be on their way with it.
      await tickAt(arrival + MINUTE);
      expect(await planStatus(trip.id)).toBe('active');

      await pickUp(pkg.id);
      await tickAt(arrival + DAY);
      expect((await storedPackage(app, pkg.id)).status).toBe('in_transit');
      expect(await planStatus(trip.id)).toBe('active');

      // Delivered, but the sender may still confirm or dispute: still under way.
      await deliver(pkg.id);
      await tickAt(arrival + 2 * DAY);
      expect((await storedPackage(app, pkg.id)).status).toBe('delivered');
      expect(await planStatus(trip.id)).toBe('active');

      // Auto-complete settles the package and, in the same run, the trip completes.
      expect(reportOf(await tickAt(Date.now() + 7 * DAY + MINUTE), 'auto-complete')).toBe(1);
      expect((await storedPackage(app, pkg.id)).status).toBe('completed');
      expect(await planStatus(trip.id)).toBe('completed');
    } finally {
      await app.database.db.delete(systemSettings).where(eq(systemSettings.key, 'autoCompleteDays'));
    }
  });

  it('stays active while a package on it is disputed, and completes once an admin resolves it', async () => {
    const { pkg, trip } = await matchedPackage(app, sender, traveler);
    await pickUp(pkg.id);
    await deliver(pkg.id);
    const opened = await call(app, 'POST', `/api/packages/${pkg.id}/dispute`, sender.cookie, {
      reason: 'damaged',
      details: 'The box arrived crushed on one side.',
    });
    expect(opened.statusCode, opened.body).toBe(201);

    await tickAt(Date.now() + 30 * DAY);
    expect((await storedPackage(app, pkg.id)).status).toBe('disputed');
    expect(await planStatus(trip.id)).toBe('active');

    const resolved = await call(app, 'POST', `/api/admin/packages/${pkg.id}/dispute/resolve`, admin.cookie, {
      resolution: 'refund_sender',
      note: 'Looked at the photos from both sides',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    await tickAt(Date.now() + 30 * DAY);
    expect(await planStatus(trip.id)).toBe('completed');
  });

  it('completes a trip whose only package was withdrawn from before the pickup', async () => {
    const { pkg, trip } = await matchedPackage(app, sender, traveler);
    const withdrawn = await call(app, 'POST', `/api/packages/${pkg.id}/withdraw-traveler`, traveler.cookie);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    await tickAt(new Date(trip.arrivalAt).getTime() + MINUTE);
    expect(await planStatus(trip.id)).toBe('completed');
  });
});
