import { and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { leadingOrderKey, listTotal } from '#server/db/counts.ts';
import { afterTimeCursor, decodeTimeCursor, encodeCursor, exactTime } from '#server/db/cursors.ts';
import { user } from '#server/db/schema/auth.ts';
import { packages } from '#server/db/schema/packages.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import { listAdminRequests, lockPackagesWithPendingRequestsOn } from '#server/modules/requests/public.ts';
import { boundary } from '#shared/admin-money.ts';
import type {
  AdminTravelPlan,
  AdminTravelPlanListQuery,
  AdminTravelPlanPage,
  AdminTravelPlanRow,
} from '#shared/admin-travel-plans.ts';
import { ADMIN_TRAVEL_PLAN_REQUESTS_SHOWN } from '#shared/admin-travel-plans.ts';
import { AppError } from '#shared/errors.ts';
import type { PackageStatus } from '#shared/package-status.ts';
import { toTravelPlan } from './mapping.ts';
import { cancelLockedPlan } from './service.ts';

// The back office's travel plans (docs/product.md §3, §8): every trip, filtered and paged by keyset on
// (sort column, id), one trip with what it carries and its requests, and an admin's cancellation under
// the traveler's own rules (ADR 0023).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `like` pattern of a prefix: its own % and _ are letters, not wildcards. */
const prefixPattern = (prefix: string) => `${prefix.toLowerCase().replaceAll(/[\\%_]/g, '\\$&')}%`;

/**
 * Packages matched to the trip, through the traveler's packages (an index the package table has), since
 * a package records its trip only beside its traveler.
 */
const packagesCarried = sql<number>`(select count(*)::int from ${packages}
  where ${packages.travelerId} = ${travelPlans.travelerId} and ${packages.travelPlanId} = ${travelPlans.id})`;

function conditionsOf(query: AdminTravelPlanListQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(travelPlans.status, query.status));
  if (query.travelerId) conditions.push(eq(travelPlans.travelerId, query.travelerId));
  if (query.fromCity) conditions.push(sql`lower(${travelPlans.originCity}) like ${prefixPattern(query.fromCity)}`);
  if (query.toCity) conditions.push(sql`lower(${travelPlans.destinationCity}) like ${prefixPattern(query.toCity)}`);
  if (query.from) conditions.push(gte(travelPlans.departureAt, boundary(query.from, 'from')));
  if (query.to) conditions.push(lt(travelPlans.departureAt, boundary(query.to, 'to')));
  // The search is an exact id: text that is not one matches nothing rather than failing.
  if (query.q) conditions.push(UUID.test(query.q) ? eq(travelPlans.id, query.q) : sql`false`);
  return conditions;
}

function rowQuery(db: Database, sortColumn: typeof travelPlans.createdAt | typeof travelPlans.departureAt) {
  return db
    .select({
      plan: travelPlans,
      exactSortKey: exactTime(sortColumn),
      packagesCarried,
      traveler: { id: user.id, name: user.name, email: user.email },
    })
    .from(travelPlans)
    .innerJoin(user, eq(user.id, travelPlans.travelerId));
}
type Row = Awaited<ReturnType<ReturnType<typeof rowQuery>['execute']>>[number];

function toRow(r: Row): AdminTravelPlanRow {
  const plan = toTravelPlan(r.plan, { traveler: { ...r.traveler, image: null }, mine: false, withAddresses: true });
  return {
    id: plan.id,
    status: plan.status,
    traveler: r.traveler,
    from: { city: plan.origin.city, countryCode: plan.origin.countryCode },
    to: { city: plan.destination.city, countryCode: plan.destination.countryCode },
    departureAt: plan.departureAt,
    arrivalAt: plan.arrivalAt,
    transport: plan.transport,
    capacityKg: plan.capacityKg,
    freeCapacityKg: plan.freeCapacityKg,
    packagesCarried: r.packagesCarried,
    createdAt: plan.createdAt,
  };
}

/** Filtered, by creation or departure either way (newest created first by default), a page at a time. */
export async function listAdminTravelPlans(
  db: Database,
  query: AdminTravelPlanListQuery,
): Promise<AdminTravelPlanPage> {
  const conditions = conditionsOf(query);
  const column = query.sort.endsWith('departure') ? travelPlans.departureAt : travelPlans.createdAt;
  const direction = query.sort.startsWith('-') ? 'desc' : 'asc';
  const order = direction === 'asc' ? asc : desc;
  const paged = [...conditions];
  if (query.cursor) paged.push(afterTimeCursor(column, travelPlans.id, decodeTimeCursor(query.cursor), direction));
  const total = await listTotal(
    db,
    db
      .select({ id: travelPlans.id })
      .from(travelPlans)
      .where(and(...conditions))
      .$dynamic(),
  );
  const rows = await rowQuery(db, column)
    .where(and(...paged))
    .orderBy(order(leadingOrderKey(column, 'time', total, conditions.length > 0)), order(travelPlans.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toRow),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.exactSortKey, last.plan.id]) : null,
    total,
  };
}

const notFound = () => new AppError('TRAVEL_PLAN_NOT_FOUND');

export async function getAdminTravelPlan(db: Database, id: string): Promise<AdminTravelPlan> {
  const [r] = await rowQuery(db, travelPlans.createdAt).where(eq(travelPlans.id, id));
  if (!r) throw notFound();
  const row = toRow(r);
  const full = toTravelPlan(r.plan, { traveler: { ...r.traveler, image: null }, mine: false, withAddresses: true });
  const [carried, requests] = await Promise.all([
    db
      .select({
        id: packages.id,
        title: packages.title,
        status: packages.status,
        weightGrams: packages.weightGrams,
        sender: { id: user.id, name: user.name, email: user.email },
      })
      .from(packages)
      .innerJoin(user, eq(user.id, packages.senderId))
      .where(and(eq(packages.travelerId, r.plan.travelerId), eq(packages.travelPlanId, id)))
      .orderBy(desc(packages.matchedAt), desc(packages.id)),
    listAdminRequests(db, { travelPlanId: id, sort: '-created', limit: ADMIN_TRAVEL_PLAN_REQUESTS_SHOWN }),
  ]);
  const timeline: AdminTravelPlan['timeline'] = [
    { kind: 'created', at: row.createdAt },
    { kind: 'departure', at: row.departureAt },
    { kind: 'arrival', at: row.arrivalAt },
  ];
  // Nothing changes a trip once it has ended, so its last change is when it ended.
  if (row.status !== 'active') timeline.push({ kind: row.status, at: full.updatedAt });
  return {
    ...row,
    origin: full.origin,
    destination: full.destination,
    notes: full.notes,
    updatedAt: full.updatedAt,
    packages: carried.map((p) => ({
      id: p.id,
      title: p.title,
      status: p.status as PackageStatus,
      weightKg: p.weightGrams === null ? null : p.weightGrams / 1000,
      sender: p.sender,
    })),
    requests: requests.items,
    requestsTotal: requests.total.count,
    timeline: timeline.sort((a, b) => a.at.localeCompare(b.at)),
    actions: row.status === 'active' ? ['cancel'] : [],
  };
}

/**
 * An admin cancels an active trip (docs/product.md §8) under the traveler's rules (ADR 0023): refused
 * while it carries accepted packages, else its pending requests end and their senders are told, as when
 * the traveler cancels; the traveler is told too, and the audit row is written in the same transaction.
 * Locks as the traveler's cancellation does: the packages of its pending requests, then the trip.
 */
export async function adminCancelTravelPlan(
  db: Database,
  notifier: Notifier,
  adminId: string,
  id: string,
  reason: string,
): Promise<AdminTravelPlan> {
  await notifier.transaction(db, async (tx, notify) => {
    await lockPackagesWithPendingRequestsOn(tx, id);
    const [plan] = await tx.select().from(travelPlans).where(eq(travelPlans.id, id)).for('update');
    if (!plan) throw notFound();
    if (plan.status !== 'active') throw new AppError('TRAVEL_PLAN_NOT_ACTIVE', { params: { status: plan.status } });
    const { requestsEnded } = await cancelLockedPlan(tx, notify, plan);
    await notify({
      userId: plan.travelerId,
      type: 'travel_plan_cancelled',
      title: 'Trip cancelled',
      body: `An administrator cancelled your trip ${plan.originCity} → ${plan.destinationCity}. Its pending requests ended with it.`,
      link: '/user/packages/carry-a-package',
      data: { travelPlanId: id },
    });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'travel_plan.cancel',
      subject: { type: 'travel_plan', id },
      before: { status: plan.status },
      after: { status: 'cancelled' },
      reason,
      data: { travelerId: plan.travelerId, requestsEnded },
    });
  });
  return getAdminTravelPlan(db, id);
}
