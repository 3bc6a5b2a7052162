import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { routeAlertMatches, routeAlerts } from '#server/db/schema/route-alerts.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import { placeBySlug } from '#server/modules/places/service.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import { AppError } from '#shared/errors.ts';
import { roughDegrees } from '#shared/geo.ts';
import type { PublicPlace } from '#shared/packages.ts';
import type { Place } from '#shared/places.ts';
import {
  type CreateRouteAlert,
  MAX_ROUTE_ALERTS,
  type RouteAlert,
  type RouteAlertKind,
  type RouteAlertList,
} from '#shared/route-alerts.ts';

// A member's saved routes (docs/product.md §3.5): saving, listing and deleting them. What an alert
// finds is in notify-new.ts; its daily e-mail in digest.ts.

export { alertNewPackage, alertNewTrip } from './notify-new.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type AlertRow = typeof routeAlerts.$inferSelect;
type PlanRow = typeof travelPlans.$inferSelect;

const publicPlace = (label: string, city: string, countryCode: string, lat: number, lng: number): PublicPlace => ({
  label,
  city,
  countryCode: countryCode as PublicPlace['countryCode'],
  // The member's own route: their own cities, rounded like every other place a page shows.
  lat: roughDegrees(lat),
  lng: roughDegrees(lng),
});

function toRouteAlert(row: AlertRow, plan: PlanRow | undefined, found: number): RouteAlert {
  const day = (at: Date | null) => (at ? at.toISOString().slice(0, 10) : null);
  const ends = plan
    ? {
        from: publicPlace(plan.originLabel, plan.originCity, plan.originCountry, plan.originLat, plan.originLng),
        to: publicPlace(
          plan.destinationLabel,
          plan.destinationCity,
          plan.destinationCountry,
          plan.destinationLat,
          plan.destinationLng,
        ),
        after: day(plan.departureAt),
        before: day(plan.arrivalAt),
      }
    : {
        from: publicPlace(
          row.fromLabel ?? '',
          row.fromCity ?? '',
          row.fromCountry ?? '',
          row.fromLat ?? 0,
          row.fromLng ?? 0,
        ),
        to: publicPlace(row.toLabel ?? '', row.toCity ?? '', row.toCountry ?? '', row.toLat ?? 0, row.toLng ?? 0),
        after: day(row.after),
        // Stored as the start of the day after, so the window's test is a plain "before".
        before: row.before ? day(new Date(row.before.getTime() - DAY_MS)) : null,
      };
  return {
    id: row.id,
    kind: row.kind as RouteAlertKind,
    ...ends,
    radiusKm: row.radiusKm,
    travelPlanId: row.travelPlanId,
    found,
    createdAt: row.createdAt.toISOString(),
  };
}

async function viewsOf(db: Database, rows: AlertRow[]): Promise<RouteAlert[]> {
  const ids = rows.map((r) => r.id);
  const planIds = rows.map((r) => r.travelPlanId).filter((id): id is string => id !== null);
  const [counts, plans] = await Promise.all([
    ids.length
      ? db
          .select({ alertId: routeAlertMatches.alertId, n: count() })
          .from(routeAlertMatches)
          .where(inArray(routeAlertMatches.alertId, ids))
          .groupBy(routeAlertMatches.alertId)
      : [],
    planIds.length ? db.select().from(travelPlans).where(inArray(travelPlans.id, planIds)) : [],
  ]);
  const found = new Map(counts.map((c) => [c.alertId, Number(c.n)]));
  const planById = new Map(plans.map((p) => [p.id, p]));
  return rows.map((r) =>
    toRouteAlert(r, r.travelPlanId ? planById.get(r.travelPlanId) : undefined, found.get(r.id) ?? 0),
  );
}

/** GET /api/route-alerts: the member's alerts, newest first. */
export async function listRouteAlerts(db: Database, userId: string): Promise<RouteAlertList> {
  const rows = await db
    .select()
    .from(routeAlerts)
    .where(eq(routeAlerts.userId, userId))
    .orderBy(desc(routeAlerts.createdAt), desc(routeAlerts.id));
  return { items: await viewsOf(db, rows) };
}

/** A null-safe equality: two alerts without days are the same alert. */
const sameOrBothNull = <T>(column: AnyPgColumn, value: T | null | undefined): SQL =>
  value === null || value === undefined ? isNull(column) : eq(column, value);

/**
 * The alert the member already has for the same trip, or the same route, radius and days: saving it
 * again gives that one back rather than a second that would tell of everything twice.
 */
function sameAlert(values: typeof routeAlerts.$inferInsert): SQL | undefined {
  if (values.travelPlanId) {
    return and(eq(routeAlerts.userId, values.userId), eq(routeAlerts.travelPlanId, values.travelPlanId));
  }
  return and(
    eq(routeAlerts.userId, values.userId),
    isNull(routeAlerts.travelPlanId),
    eq(routeAlerts.kind, values.kind),
    sameOrBothNull(routeAlerts.fromCity, values.fromCity),
    sameOrBothNull(routeAlerts.fromCountry, values.fromCountry),
    sameOrBothNull(routeAlerts.toCity, values.toCity),
    sameOrBothNull(routeAlerts.toCountry, values.toCountry),
    eq(routeAlerts.radiusKm, values.radiusKm),
    sameOrBothNull(routeAlerts.after, values.after),
    sameOrBothNull(routeAlerts.before, values.before),
  );
}

const dayStart = (isoDay: string) => new Date(`${isoDay}T00:00:00.000Z`);

/**
 * POST /api/route-alerts: saves a route by its two cities, or one of the member's active trips (once:
 * saving the same trip again gives the alert it already has). At most MAX_ROUTE_ALERTS each, counted
 * under a lock on the member, so two saves at once cannot pass the limit together.
 */
export async function createRouteAlert(
  db: Database,
  store: SettingsStore,
  userId: string,
  input: CreateRouteAlert,
): Promise<{ alert: RouteAlert; created: boolean }> {
  const settings = await store.current();
  let values: typeof routeAlerts.$inferInsert;
  if (input.travelPlanId) {
    const [plan] = await db.select().from(travelPlans).where(eq(travelPlans.id, input.travelPlanId));
    // Someone else's trip is none of the member's business: the same 404 as no trip.
    if (!plan || plan.travelerId !== userId) throw new AppError('TRAVEL_PLAN_NOT_FOUND');
    if (plan.status !== 'active') throw new AppError('TRAVEL_PLAN_NOT_ACTIVE', { params: { status: plan.status } });
    values = { userId, kind: 'packages', travelPlanId: plan.id, radiusKm: settings.matchRadiusKm };
  } else {
    const fields: Record<string, string[]> = {};
    const resolve = (name: 'from' | 'to'): Place | null => {
      const place = placeBySlug(input[name] ?? '');
      if (!place) fields[name] = ['We do not know this city: choose one from the list'];
      return place;
    };
    const from = resolve('from');
    const to = resolve('to');
    const radiusKm = input.radiusKm ?? settings.matchRadiusKm;
    if (radiusKm > settings.matchRadiusMaxKm) fields.radiusKm = [`At most ${settings.matchRadiusMaxKm} km`];
    if (!from || !to || Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', { fields });
    values = {
      userId,
      kind: input.kind,
      fromLabel: from.label,
      fromCity: from.city,
      fromCountry: from.countryCode,
      fromLat: from.lat,
      fromLng: from.lng,
      toLabel: to.label,
      toCity: to.city,
      toCountry: to.countryCode,
      toLat: to.lat,
      toLng: to.lng,
      radiusKm,
      after: input.after ? dayStart(input.after) : null,
      before: input.before ? new Date(dayStart(input.before).getTime() + DAY_MS) : null,
    };
  }

  const { row, created } = await db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    const [existing] = await tx.select().from(routeAlerts).where(sameAlert(values));
    if (existing) return { row: existing, created: false };
    const [held] = await tx.select({ n: count() }).from(routeAlerts).where(eq(routeAlerts.userId, userId));
    if (Number(held?.n ?? 0) >= MAX_ROUTE_ALERTS) {
      throw new AppError('ROUTE_ALERT_LIMIT', { params: { max: MAX_ROUTE_ALERTS } });
    }
    const [inserted] = await tx.insert(routeAlerts).values(values).returning();
    if (!inserted) throw new Error('insert returned no route alert');
    return { row: inserted, created: true };
  });
  const [alert] = await viewsOf(db, [row]);
  return { alert: alert as RouteAlert, created };
}

/** DELETE /api/route-alerts/{id}: the member's own; anyone else's does not exist for them. */
export async function deleteRouteAlert(db: Database, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(routeAlerts)
    .where(and(eq(routeAlerts.id, id), eq(routeAlerts.userId, userId)))
    .returning({ id: routeAlerts.id });
  if (deleted.length === 0) throw new AppError('ROUTE_ALERT_NOT_FOUND');
}
