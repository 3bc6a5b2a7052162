import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { afterTimeCursor, decodeTimeCursor, encodeCursor, exactTime } from '#server/db/cursors.ts';
import { user } from '#server/db/schema/auth.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import type { Transaction } from '#server/db/transaction.ts';
import type { Notifier, Notify } from '#server/modules/notifications/public.ts';
import { closePendingRequestsOfPlan, lockPackagesWithPendingRequestsOn } from '#server/modules/requests/public.ts';
import { alertNewTrip } from '#server/modules/route-alerts/public.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import { AppError } from '#shared/errors.ts';
import {
  type CreateTravelPlan,
  checkTravelPlanRules,
  type TravelPlan,
  type TravelPlanListQuery,
  type TravelPlanPage,
  type UpdateTravelPlan,
} from '#shared/travel-plans.ts';
import { ownActivePlan, type Relation, type Viewer, visiblePlan } from './access.ts';
import { columnsOf, fieldsOf, type Person, type TravelPlanRow, toTravelPlan } from './mapping.ts';

// Travel plans (docs/product.md §3): trips a member is making anyway, on which others' packages
// may ride. Creating one needs only a signed-in member; offering to carry needs a
// verified profile.

function assertRules(plan: Partial<CreateTravelPlan>, settings: { minDistanceKm: number }) {
  const fields = checkTravelPlanRules(plan, settings);
  if (Object.keys(fields).length > 0) {
    throw new AppError('VALIDATION_FAILED', { fields });
  }
}

async function travelerOf(db: Database, id: string): Promise<Person> {
  const [row] = await db.select({ id: user.id, name: user.name, image: user.image }).from(user).where(eq(user.id, id));
  if (!row) throw new Error(`travel plan traveler ${id} does not exist`);
  return row;
}

async function view(db: Database, row: TravelPlanRow, relation: Relation): Promise<TravelPlan> {
  return toTravelPlan(row, {
    traveler: await travelerOf(db, row.travelerId),
    mine: relation === 'owner',
    withAddresses: relation !== 'other',
  });
}

/** POST /api/travel-plans: the trip, and in the same transaction the route alerts it fits are told (§3.5). */
export async function createTravelPlan(
  db: Database,
  notifier: Notifier,
  store: SettingsStore,
  viewer: Viewer,
  input: CreateTravelPlan,
  now: Date = new Date(),
): Promise<TravelPlan> {
  assertRules(input, await store.current());
  const columns = columnsOf(input) as Required<ReturnType<typeof columnsOf>>;
  const row = await notifier.transaction(db, async (tx, notify) => {
    const [inserted] = await tx
      .insert(travelPlans)
      .values({ ...columns, travelerId: viewer.id })
      .returning();
    if (!inserted) throw new Error('insert returned no travel plan');
    await alertNewTrip(tx, notify, inserted.id, now);
    return inserted;
  });
  return view(db, row, 'owner');
}

export async function updateTravelPlan(
  db: Database,
  store: SettingsStore,
  viewer: Viewer,
  id: string,
  change: UpdateTravelPlan,
): Promise<TravelPlan> {
  const settings = await store.current();
  const row = await db.transaction(async (tx) => {
    const plan = await ownActivePlan(tx, id, viewer, true);
    assertRules({ ...fieldsOf(plan), ...change }, settings);
    const columns = columnsOf(change);
    // Capacity already promised to accepted requests cannot be taken back by an edit.
    if (columns.capacityGrams !== undefined && columns.capacityGrams < plan.reservedGrams) {
      throw new AppError('VALIDATION_FAILED', {
        fields: {
          capacityKg: [`At least ${plan.reservedGrams / 1000} kg: that much is promised to accepted packages`],
        },
      });
    }
    if (Object.keys(columns).length === 0) return plan;
    const [updated] = await tx
      .update(travelPlans)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(travelPlans.id, id))
      .returning();
    return updated ?? plan;
  });
  return view(db, row, 'owner');
}

export async function getTravelPlan(db: Database, viewer: Viewer, id: string): Promise<TravelPlan> {
  const { row, relation } = await visiblePlan(db, id, viewer);
  return view(db, row, relation);
}

/**
 * active → cancelled, by its traveler. Its pending requests end with it; a trip that carries accepted
 * packages is refused instead, since each of those is a promise to a sender that the traveler must
 * cancel on its own package first (which re-opens it for other travelers).
 */
export async function cancelTravelPlan(
  db: Database,
  notifier: Notifier,
  viewer: Viewer,
  id: string,
): Promise<TravelPlan> {
  const row = await notifier.transaction(db, async (tx, notify) => {
    await ownActivePlan(tx, id, viewer);
    await lockPackagesWithPendingRequestsOn(tx, id);
    const plan = await ownActivePlan(tx, id, viewer, true);
    return (await cancelLockedPlan(tx, notify, plan)).row;
  });
  return view(db, row, 'owner');
}

/**
 * What cancelling does, by its traveler or an admin (ADR 0023), on an active plan locked after the
 * packages of its pending requests: refused while it carries accepted packages, else cancelled with
 * its pending requests ended and their senders told.
 */
export async function cancelLockedPlan(
  tx: Transaction,
  notify: Notify,
  plan: TravelPlanRow,
): Promise<{ row: TravelPlanRow; requestsEnded: number }> {
  if (plan.reservedGrams > 0) {
    throw new AppError('TRAVEL_PLAN_HAS_ACCEPTED_PACKAGES');
  }
  const [updated] = await tx
    .update(travelPlans)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(eq(travelPlans.id, plan.id))
    .returning();
  const requestsEnded = await closePendingRequestsOfPlan(tx, notify, plan.id);
  return { row: updated ?? plan, requestsEnded };
}

/**
 * My travel plans, a page at a time. Active ones soonest departure first (what is coming up next);
 * past or cancelled ones, and the full list, latest departure first.
 */
export async function listTravelPlans(
  db: Database,
  viewer: Viewer,
  query: TravelPlanListQuery,
): Promise<TravelPlanPage> {
  const direction = query.status === 'active' ? 'asc' : 'desc';
  const order = direction === 'asc' ? asc : desc;
  const conditions: SQL[] = [eq(travelPlans.travelerId, viewer.id)];
  if (query.status) conditions.push(eq(travelPlans.status, query.status));
  if (query.cursor) {
    conditions.push(
      afterTimeCursor(travelPlans.departureAt, travelPlans.id, decodeTimeCursor(query.cursor), direction),
    );
  }
  const rows = await db
    .select({ row: travelPlans, exactDepartureAt: exactTime(travelPlans.departureAt) })
    .from(travelPlans)
    .where(and(...conditions))
    .orderBy(order(travelPlans.departureAt), order(travelPlans.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const traveler = await travelerOf(db, viewer.id);
  return {
    items: page.map(({ row }) => toTravelPlan(row, { traveler, mine: true, withAddresses: true })),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.exactDepartureAt, last.row.id]) : null,
  };
}
