import { and, eq, gt, gte, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { user } from '#server/db/schema/auth.ts';
import { packages } from '#server/db/schema/packages.ts';
import { routeAlertMatches, routeAlerts } from '#server/db/schema/route-alerts.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import type { Transaction } from '#server/db/transaction.ts';
import { haversineSql } from '#server/modules/matching/public.ts';
import type { Notify } from '#server/modules/notifications/public.ts';
import { type Currency, formatMoney } from '#shared/money.ts';

// What a saved route finds (docs/product.md §3.5): when a package is published or a trip is added,
// the alerts it fits are found in the same transaction, each records it once, and each alert's
// owner is told at once in the app. The e-mail waits for the day's digest (digest.ts).

/** No radius goes beyond the settings' maximum (300 km), about 2.7° of latitude: the index's window. */
const LATITUDE_WINDOW = 2.75;

/** The alert's owner is a member in good standing, and not the one who posted what it found. */
const ownerMayHear = (postedBy: string): SQL =>
  and(
    ne(routeAlerts.userId, postedBy),
    sql`exists (select 1 from ${user} where ${user.id} = ${routeAlerts.userId}
      and ${user.deletedAt} is null and not ${user.banned})`,
  ) as SQL;

async function record(tx: Transaction, alerts: { id: string; userId: string }[], subjectId: string) {
  if (alerts.length === 0) return [];
  const added = await tx
    .insert(routeAlertMatches)
    .values(alerts.map((a) => ({ alertId: a.id, subjectId })))
    .onConflictDoNothing()
    .returning({ alertId: routeAlertMatches.alertId });
  const fresh = new Set(added.map((a) => a.alertId));
  return alerts.filter((a) => fresh.has(a.id));
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** A package was just published: the packages alerts it fits, by their route or by their trip. */
export async function alertNewPackage(tx: Transaction, notify: Notify, packageId: string, now: Date): Promise<number> {
  const [pkg] = await tx.select().from(packages).where(eq(packages.id, packageId));
  if (pkg?.status !== 'open') return 0;
  const { pickupLat, pickupLng, dropoffLat, dropoffLng, pickupFrom, deliverBy, weightGrams } = pkg;
  if (pickupLat === null || pickupLng === null || dropoffLat === null || dropoffLng === null) return 0;
  if (pickupFrom === null || deliverBy === null) return 0;
  const pickup = { lat: pickupLat, lng: pickupLng };
  const dropoff = { lat: dropoffLat, lng: dropoffLng };

  const byRoute = await tx
    .select({ id: routeAlerts.id, userId: routeAlerts.userId })
    .from(routeAlerts)
    .where(
      and(
        eq(routeAlerts.kind, 'packages'),
        isNull(routeAlerts.travelPlanId),
        sql`${routeAlerts.fromLat} between ${pickupLat - LATITUDE_WINDOW} and ${pickupLat + LATITUDE_WINDOW}`,
        sql`${haversineSql(routeAlerts.fromLat, routeAlerts.fromLng, pickup)} <= ${routeAlerts.radiusKm}`,
        sql`${haversineSql(routeAlerts.toLat, routeAlerts.toLng, dropoff)} <= ${routeAlerts.radiusKm}`,
        // Something of its window is in the member's days: due on or after the first, ready before the last.
        or(isNull(routeAlerts.after), lte(routeAlerts.after, deliverBy)),
        or(isNull(routeAlerts.before), gt(routeAlerts.before, pickupFrom)),
        ownerMayHear(pkg.senderId),
      ),
    );
  // A trip as an alert fits as matching fits a package to a trip: places, dates and free room.
  const byTrip = await tx
    .select({ id: routeAlerts.id, userId: routeAlerts.userId })
    .from(routeAlerts)
    .innerJoin(travelPlans, eq(travelPlans.id, routeAlerts.travelPlanId))
    .where(
      and(
        eq(routeAlerts.kind, 'packages'),
        eq(travelPlans.status, 'active'),
        gt(travelPlans.departureAt, now),
        sql`${haversineSql(travelPlans.originLat, travelPlans.originLng, pickup)} <= ${routeAlerts.radiusKm}`,
        sql`${haversineSql(travelPlans.destinationLat, travelPlans.destinationLng, dropoff)} <= ${routeAlerts.radiusKm}`,
        gte(travelPlans.departureAt, pickupFrom),
        lte(travelPlans.arrivalAt, deliverBy),
        sql`${weightGrams ?? 0} <= ${travelPlans.capacityGrams} - ${travelPlans.reservedGrams}`,
        ownerMayHear(pkg.senderId),
      ),
    );

  const told = await record(tx, [...byRoute, ...byTrip], pkg.id);
  const reward =
    pkg.reward === null ? '' : ` The reward is ${formatMoney(pkg.reward, pkg.currency as Currency, 'en-GB')}.`;
  for (const alert of told) {
    await notify({
      userId: alert.userId,
      type: 'route_alert',
      title: `A new package on your route: ${pkg.pickupCity} → ${pkg.dropoffCity}`,
      body: `"${pkg.title}" needs carrying from ${pkg.pickupCity} to ${pkg.dropoffCity}, ready on ${dayOf(pickupFrom)}, due by ${dayOf(deliverBy)}.${reward}`,
      link: `/user/packages/${pkg.id}#offer`,
      data: { alertId: alert.id, packageId: pkg.id },
      emailCopy: false,
    });
  }
  return told.length;
}

/** A trip was just added: the trips alerts whose route and days it fits. */
export async function alertNewTrip(tx: Transaction, notify: Notify, planId: string, now: Date): Promise<number> {
  const [plan] = await tx.select().from(travelPlans).where(eq(travelPlans.id, planId));
  if (plan?.status !== 'active' || plan.departureAt <= now) return 0;
  const origin = { lat: plan.originLat, lng: plan.originLng };
  const destination = { lat: plan.destinationLat, lng: plan.destinationLng };
  const alerts = await tx
    .select({ id: routeAlerts.id, userId: routeAlerts.userId })
    .from(routeAlerts)
    .where(
      and(
        eq(routeAlerts.kind, 'trips'),
        isNull(routeAlerts.travelPlanId),
        sql`${routeAlerts.fromLat} between ${plan.originLat - LATITUDE_WINDOW} and ${plan.originLat + LATITUDE_WINDOW}`,
        sql`${haversineSql(routeAlerts.fromLat, routeAlerts.fromLng, origin)} <= ${routeAlerts.radiusKm}`,
        sql`${haversineSql(routeAlerts.toLat, routeAlerts.toLng, destination)} <= ${routeAlerts.radiusKm}`,
        or(isNull(routeAlerts.after), lte(routeAlerts.after, plan.departureAt)),
        or(isNull(routeAlerts.before), gt(routeAlerts.before, plan.departureAt)),
        ownerMayHear(plan.travelerId),
      ),
    );
  const told = await record(tx, alerts, plan.id);
  const room = (plan.capacityGrams - plan.reservedGrams) / 1000;
  for (const alert of told) {
    await notify({
      userId: alert.userId,
      type: 'route_alert',
      title: `A new trip on your route: ${plan.originCity} → ${plan.destinationCity}`,
      body: `A traveler leaves ${plan.originCity} for ${plan.destinationCity} on ${dayOf(plan.departureAt)}, with ${room} kg of room.`,
      link: `/trips/${plan.id}#invite`,
      data: { alertId: alert.id, travelPlanId: plan.id },
      emailCopy: false,
    });
  }
  return told.length;
}
