import { and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import { leadingOrderKey, listTotal } from '#server/db/counts.ts';
import { afterTimeCursor, decodeTimeCursor, encodeCursor, exactTime } from '#server/db/cursors.ts';
import { user } from '#server/db/schema/auth.ts';
import { packages } from '#server/db/schema/packages.ts';
import { requests } from '#server/db/schema/requests.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import { listAudit, recordAudit } from '#server/modules/audit/service.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import { boundary } from '#shared/admin-money.ts';
import type { AdminRequest, AdminRequestListQuery, AdminRequestPage, AdminRequestRow } from '#shared/admin-requests.ts';
import type { PackageStatus } from '#shared/package-status.ts';
import type { RequestStarter, RequestStatus } from '#shared/requests.ts';
import type { TravelPlanStatus } from '#shared/travel-plans.ts';
import { money, notPending, partiesOf } from './answer.ts';
import { requestNotFound } from './list.ts';

// The back office's requests (docs/product.md §4, §8): every request, filtered and paged by keyset on
// (created_at, id), one request with its story, and an admin's closing of one still open (pending, or
// agreed with the difference unpaid).

const sender = alias(user, 'admin_request_sender');
const traveler = alias(user, 'admin_request_traveler');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filters every query of the list shares: the page, its count. */
function conditionsOf(query: Omit<AdminRequestListQuery, 'sort' | 'cursor' | 'limit'>): SQL[] {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(requests.status, query.status));
  if (query.startedBy) conditions.push(eq(requests.startedBy, query.startedBy));
  if (query.packageId) conditions.push(eq(requests.packageId, query.packageId));
  if (query.travelerId) conditions.push(eq(requests.travelerId, query.travelerId));
  if (query.travelPlanId) conditions.push(eq(requests.travelPlanId, query.travelPlanId));
  if (query.senderId) conditions.push(eq(packages.senderId, query.senderId));
  if (query.from) conditions.push(gte(requests.createdAt, boundary(query.from, 'from')));
  if (query.to) conditions.push(lt(requests.createdAt, boundary(query.to, 'to')));
  // The search is an exact id: text that is not one matches nothing rather than failing.
  if (query.q) conditions.push(UUID.test(query.q) ? eq(requests.id, query.q) : sql`false`);
  return conditions;
}

function rowQuery(db: Database) {
  return db
    .select({
      request: requests,
      exactCreatedAt: exactTime(requests.createdAt),
      pkg: packages,
      plan: travelPlans,
      sender: { id: sender.id, name: sender.name, email: sender.email },
      traveler: { id: traveler.id, name: traveler.name, email: traveler.email },
    })
    .from(requests)
    .innerJoin(packages, eq(packages.id, requests.packageId))
    .innerJoin(travelPlans, eq(travelPlans.id, requests.travelPlanId))
    .innerJoin(sender, eq(sender.id, packages.senderId))
    .innerJoin(traveler, eq(traveler.id, requests.travelerId));
}
type Row = Awaited<ReturnType<ReturnType<typeof rowQuery>['execute']>>[number];

function toRow(r: Row): AdminRequestRow {
  const status = r.request.status as RequestStatus;
  return {
    id: r.request.id,
    status,
    startedBy: r.request.startedBy as RequestStarter,
    package: {
      id: r.pkg.id,
      title: r.pkg.title,
      status: r.pkg.status as PackageStatus,
      from: { city: r.pkg.pickupCity, countryCode: r.pkg.pickupCountry },
      to: { city: r.pkg.dropoffCity, countryCode: r.pkg.dropoffCountry },
    },
    sender: r.sender,
    traveler: r.traveler,
    reward: r.pkg.reward,
    currency: r.pkg.currency,
    createdAt: r.request.createdAt.toISOString(),
    expiresAt: isOpen(status) ? r.plan.departureAt.toISOString() : null,
  };
}

/** The rows the count reads: the package only when the list is one sender's (its sender is there). */
function countQuery(db: Database, query: AdminRequestListQuery) {
  const base = db.select({ id: requests.id }).from(requests).$dynamic();
  return query.senderId ? base.innerJoin(packages, eq(packages.id, requests.packageId)) : base;
}

/** Filtered, newest (or oldest) first, a page at a time, with the count of the whole list. */
export async function listAdminRequests(db: Database, query: AdminRequestListQuery): Promise<AdminRequestPage> {
  const conditions = conditionsOf(query);
  const direction = query.sort === 'created' ? 'asc' : 'desc';
  const order = direction === 'asc' ? asc : desc;
  const paged = [...conditions];
  if (query.cursor) {
    paged.push(afterTimeCursor(requests.createdAt, requests.id, decodeTimeCursor(query.cursor), direction));
  }
  const total = await listTotal(db, countQuery(db, query).where(and(...conditions)));
  const rows = await rowQuery(db)
    .where(and(...paged))
    .orderBy(order(leadingOrderKey(requests.createdAt, 'time', total, conditions.length > 0)), order(requests.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toRow),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.exactCreatedAt, last.request.id]) : null,
    total,
  };
}

type Timeline = AdminRequest['timeline'];

/** Who ended it: the side whose move it was, the admin whose withdrawal the audit log holds, or nobody. */
async function timelineOf(db: Database, r: Row): Promise<Timeline> {
  const { request } = r;
  const starter = request.startedBy === 'traveler' ? 'traveler' : 'sender';
  const receiver = starter === 'traveler' ? 'sender' : 'traveler';
  const person = (role: 'traveler' | 'sender') => ({ id: r[role].id, name: r[role].name, role });
  const events: Timeline = [{ kind: 'created', at: request.createdAt.toISOString(), by: person(starter) }];
  const status = request.status as RequestStatus;
  if (status === 'pending' || !request.respondedAt) return events;
  const at = request.respondedAt.toISOString();
  let by: Timeline[number]['by'] = null;
  // Accepted (or agreed, waiting for the difference): by whoever the reward on the table waited for.
  if (status === 'accepted' || status === 'agreed') by = person(request.closedBy === 'starter' ? starter : receiver);
  if (status === 'declined') {
    // Declined because the package went to another traveler: nobody said no to this one (§4.3).
    const takenByAnother = r.pkg.travelerId !== null && r.pkg.travelerId !== request.travelerId;
    by = takenByAnother ? null : person(receiver);
  }
  if (status === 'withdrawn' || status === 'expired') {
    // An administrator's closing is in the audit log; otherwise the starter withdrew, or time ran out.
    const audit = await listAudit(db, {
      subjectType: 'request',
      subjectId: request.id,
      action: status === 'withdrawn' ? 'request.withdraw' : 'request.expire',
      limit: 1,
    });
    const actor = audit.items[0]?.actor;
    const nobody = status === 'expired' ? null : person(starter);
    by = actor ? { id: actor.id, name: actor.name, role: 'admin' } : nobody;
  }
  return [...events, { kind: status, at, by }];
}

export async function getAdminRequest(db: Database, id: string): Promise<AdminRequest> {
  const [r] = await rowQuery(db).where(eq(requests.id, id));
  if (!r) throw requestNotFound();
  const row = toRow(r);
  return {
    ...row,
    message: r.request.message,
    package: { ...row.package, weightKg: r.pkg.weightGrams === null ? null : r.pkg.weightGrams / 1000 },
    travelPlan: {
      id: r.plan.id,
      status: r.plan.status as TravelPlanStatus,
      from: { city: r.plan.originCity, countryCode: r.plan.originCountry },
      to: { city: r.plan.destinationCity, countryCode: r.plan.destinationCountry },
      departureAt: r.plan.departureAt.toISOString(),
      arrivalAt: r.plan.arrivalAt.toISOString(),
    },
    timeline: await timelineOf(db, r),
    actions: isOpen(row.status) ? ['withdraw', 'expire'] : [],
  };
}

/**
 * Still waiting for someone: an answer (pending), or the sender's payment of the difference (agreed,
 * docs/product.md §4.5). Either ends the same ways, by its members or by an admin.
 */
const isOpen = (status: RequestStatus) => status === 'pending' || status === 'agreed';

/** How an admin closes an open request: taken back, or lapsed (its moment passed, nobody said no). */
export type AdminRequestClosing = 'withdraw' | 'expire';

const closings = {
  withdraw: { status: 'withdrawn', type: 'request_withdrawn', title: 'Request withdrawn', verb: 'withdrew' },
  expire: { status: 'expired', type: 'request_expired', title: 'Request expired', verb: 'closed as expired' },
} as const;

/**
 * An admin closes an open request (docs/product.md §8): withdrawn as if its starter had taken it
 * back, or expired as if its time had run out (a trip that will not happen, a package that no longer
 * needs it, a difference the sender will not pay). Both members are told, and the audit row is written
 * in the same transaction. Only the request is locked, as a member's own withdrawal does: an
 * acceptance, or the payment of the difference, racing it either finds it closed (the payment then
 * goes back in full) or wins first, and then this refuses (409) since the request is no longer open.
 */
export async function adminCloseRequest(
  db: Database,
  notifier: Notifier,
  input: { adminId: string; requestId: string; reason: string; closing: AdminRequestClosing },
): Promise<AdminRequest> {
  const { adminId, requestId, reason } = input;
  const closing = closings[input.closing];
  await notifier.transaction(db, async (tx, notify) => {
    const [request] = await tx.select().from(requests).where(eq(requests.id, requestId)).for('update');
    if (!request) throw requestNotFound();
    if (!isOpen(request.status as RequestStatus)) throw notPending(request.status, closing.status);
    const [pkg] = await tx
      .select({ senderId: packages.senderId, title: packages.title, currency: packages.currency })
      .from(packages)
      .where(eq(packages.id, request.packageId));
    if (!pkg) throw requestNotFound();
    const now = new Date();
    await tx
      .update(requests)
      .set({ status: closing.status, updatedAt: now, respondedAt: now, closedBy: 'admin' })
      .where(eq(requests.id, requestId));
    const { starterId, receiverId } = partiesOf(request, pkg.senderId);
    const what = request.startedBy === 'traveler' ? 'offer to carry' : 'invitation to carry';
    // An agreement the sender has not paid for yet: a payment of it still arriving goes back in full.
    const agreement = `agreement to carry "${pkg.title}" for ${money(request.reward ?? 0, pkg.currency)}`;
    const bodies =
      request.status === 'agreed'
        ? [
            [pkg.senderId, `An administrator ${closing.verb} the ${agreement}, so the difference is no longer owed.`],
            [request.travelerId, `An administrator ${closing.verb} the ${agreement} before the difference was paid.`],
          ]
        : [
            [starterId, `An administrator ${closing.verb} your ${what} "${pkg.title}".`],
            [receiverId, `An administrator ${closing.verb} the ${what} "${pkg.title}", so there is nothing to answer.`],
          ];
    for (const [userId, body] of bodies as [string, string][]) {
      await notify({
        userId,
        type: closing.type,
        title: closing.title,
        body,
        link: '/user/packages/requests',
        data: { requestId, packageId: request.packageId },
      });
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: `request.${input.closing}`,
      subject: { type: 'request', id: requestId },
      before: { status: request.status },
      after: { status: closing.status },
      reason,
      data: { packageId: request.packageId, travelPlanId: request.travelPlanId, travelerId: request.travelerId },
    });
  });
  return getAdminRequest(db, requestId);
}
