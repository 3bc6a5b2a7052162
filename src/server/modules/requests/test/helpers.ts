import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { user } from '#server/db/schema/auth.ts';
import { notification } from '#server/db/schema/notifications.ts';
import { packageEvents, packages } from '#server/db/schema/packages.ts';
import { requests } from '#server/db/schema/requests.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import { memberReadyForKyc } from '#server/modules/kyc/test/helpers.ts';
import { berlin, call, completeDraft, createDraft, inDays, paris } from '#server/modules/packages/test/helpers.ts';
import { payOnSandbox, startPayment } from '#server/modules/payments/test/helpers.ts';
import type { PackageCodes } from '#shared/lifecycle.ts';
import type { Package, PackageDraft } from '#shared/packages.ts';
import type { StartPaymentResponse } from '#shared/payments.ts';
import type { PackageRequest } from '#shared/requests.ts';
import type { CreateTravelPlan, TravelPlan } from '#shared/travel-plans.ts';

// Requests and the lifecycle through the real API: paid packages, trips, offers, acceptances.

export interface Member {
  cookie: string;
  id: string;
}

/**
 * A verified member: e-mail and mobile through the real flows, the identity check approved in the
 * table (the admin override that sets it is tested with KYC; here it would only cost a second sign-up).
 */
export async function verifiedMember(app: FastifyInstance, email: string, name = 'Verified Member'): Promise<Member> {
  const member = await memberReadyForKyc(app, email, name);
  await app.database.db.update(user).set({ kycStatus: 'approved' }).where(eq(user.id, member.id));
  await app.sessions.userChanged(member.id);
  return member;
}

/** A draft paid through the sandbox checkout: the signed webhook publishes it (open). */
export async function openPackage(
  app: FastifyInstance,
  sender: Member,
  overrides: Partial<PackageDraft> = {},
): Promise<Package> {
  const draft = await createDraft(app, sender.cookie, { ...completeDraft(), ...overrides });
  const started = await startPayment(app, sender.cookie, draft.id);
  if (started.statusCode !== 200) throw new Error(`payment start failed: ${started.body}`);
  const { url } = started.json() as StartPaymentResponse;
  const paid = await payOnSandbox(app, sender.cookie, url);
  if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.body}`);
  const pkg = (await call(app, 'GET', `/api/packages/${draft.id}`, sender.cookie)).json() as Package;
  if (pkg.status !== 'open') throw new Error(`package is ${pkg.status} after payment`);
  return pkg;
}

/** Paris → Berlin in two days, arriving the next day: fits completeDraft() (ready tomorrow, due in 21 days, 1.5 kg). */
export const parisBerlinTrip = (overrides: Partial<CreateTravelPlan> = {}): CreateTravelPlan => ({
  origin: paris,
  destination: berlin,
  departureAt: inDays(2),
  arrivalAt: inDays(3),
  transport: 'train',
  capacityKg: 10,
  ...overrides,
});

export async function createTrip(
  app: FastifyInstance,
  traveler: Member,
  overrides: Partial<CreateTravelPlan> = {},
): Promise<TravelPlan> {
  const res = await call(app, 'POST', '/api/travel-plans', traveler.cookie, parisBerlinTrip(overrides));
  if (res.statusCode !== 201) throw new Error(`trip failed: ${res.statusCode} ${res.body}`);
  return res.json() as TravelPlan;
}

export const offer = (
  app: FastifyInstance,
  cookie: string | undefined,
  packageId: string,
  travelPlanId: string,
  message?: string,
) => call(app, 'POST', '/api/requests/offers', cookie, { packageId, travelPlanId, ...(message ? { message } : {}) });

export const invite = (app: FastifyInstance, cookie: string | undefined, packageId: string, travelPlanId: string) =>
  call(app, 'POST', '/api/requests/invites', cookie, { packageId, travelPlanId });

export const answer = (
  app: FastifyInstance,
  cookie: string | undefined,
  requestId: string,
  action: 'accept' | 'decline' | 'withdraw',
) => call(app, 'POST', `/api/requests/${requestId}/${action}`, cookie);

export async function offered(app: FastifyInstance, traveler: Member, packageId: string, planId: string) {
  const res = await offer(app, traveler.cookie, packageId, planId);
  if (res.statusCode !== 201) throw new Error(`offer failed: ${res.statusCode} ${res.body}`);
  return res.json() as PackageRequest;
}

/** An open package, a trip, an offer accepted by the sender: a matched package. */
export async function matchedPackage(app: FastifyInstance, sender: Member, traveler: Member) {
  const pkg = await openPackage(app, sender);
  const trip = await createTrip(app, traveler);
  const request = await offered(app, traveler, pkg.id, trip.id);
  const accepted = await answer(app, sender.cookie, request.id, 'accept');
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
  return { pkg, trip, request };
}

export async function codesOf(app: FastifyInstance, sender: Member, packageId: string): Promise<PackageCodes> {
  const res = await call(app, 'GET', `/api/packages/${packageId}/codes`, sender.cookie);
  if (res.statusCode !== 200) throw new Error(`codes failed: ${res.statusCode} ${res.body}`);
  return res.json() as PackageCodes;
}

/** A six-digit code that is not `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

export async function storedPackage(app: FastifyInstance, id: string) {
  const [row] = await app.database.db.select().from(packages).where(eq(packages.id, id));
  if (!row) throw new Error(`no package ${id}`);
  return row;
}

export async function storedRequest(app: FastifyInstance, id: string) {
  const [row] = await app.database.db.select().from(requests).where(eq(requests.id, id));
  if (!row) throw new Error(`no request ${id}`);
  return row;
}

export async function storedPlan(app: FastifyInstance, id: string) {
  const [row] = await app.database.db.select().from(travelPlans).where(eq(travelPlans.id, id));
  if (!row) throw new Error(`no travel plan ${id}`);
  return row;
}

export async function timelineLength(app: FastifyInstance, packageId: string) {
  const [row] = await app.database.db
    .select({ n: count() })
    .from(packageEvents)
    .where(eq(packageEvents.packageId, packageId));
  return row?.n ?? 0;
}

export async function notificationsOf(app: FastifyInstance, userId: string, type?: string) {
  return app.database.db
    .select()
    .from(notification)
    .where(type ? and(eq(notification.userId, userId), eq(notification.type, type)) : eq(notification.userId, userId));
}

/** Everything a refused move must leave as it was: the row, its timeline, everyone's notifications. */
export async function snapshot(app: FastifyInstance, packageId: string) {
  const [n] = await app.database.db.select({ n: count() }).from(notification);
  return {
    row: await storedPackage(app, packageId),
    events: await timelineLength(app, packageId),
    notifications: n?.n ?? 0,
  };
}
