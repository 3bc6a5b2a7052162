import { eq } from 'drizzle-orm';
import { packages } from '#server/db/schema/packages.ts';
import type { Transaction } from '#server/db/transaction.ts';
import { haversineSql } from '#server/modules/matching/public.ts';
import type { PackageRow } from '#server/modules/packages/public.ts';
import type { TravelPlanRow } from './trip.ts';

// Whether a trip can carry a package: the rules of matching's queries (matching/queries.ts) for one
// pair, at the widest radius a member may search (the settings' maximum), so whatever a match list
// showed can be asked for. The distances come from the same SQL as the match queries, so a package
// at the edge of the radius is not refused here for a rounding difference. Each unmet rule is said
// in words a member can act on.

const km = (value: number) => `${Math.round(value)} km`;
const day = (date: Date) => date.toISOString().slice(0, 10);

/** The rules this pair breaks, as messages; empty when the trip fits the package. */
export async function misfitsOf(
  tx: Transaction,
  pkg: PackageRow,
  plan: TravelPlanRow,
  radiusKm: number,
  now: Date = new Date(),
): Promise<string[]> {
  const [distance] = await tx
    .select({
      pickupKm: haversineSql(packages.pickupLat, packages.pickupLng, { lat: plan.originLat, lng: plan.originLng }),
      dropoffKm: haversineSql(packages.dropoffLat, packages.dropoffLng, {
        lat: plan.destinationLat,
        lng: plan.destinationLng,
      }),
    })
    .from(packages)
    .where(eq(packages.id, pkg.id));
  const pickupKm = distance?.pickupKm === null || distance?.pickupKm === undefined ? null : Number(distance.pickupKm);
  const dropoffKm =
    distance?.dropoffKm === null || distance?.dropoffKm === undefined ? null : Number(distance.dropoffKm);

  const issues: string[] = [];
  if (pickupKm === null || dropoffKm === null || !pkg.pickupFrom || !pkg.deliverBy || pkg.weightGrams === null) {
    return ['This package is missing its places, dates or weight'];
  }
  if (pickupKm > radiusKm) {
    issues.push(
      `The pickup in ${pkg.pickupCity} is ${km(pickupKm)} from the trip's start in ${plan.originCity} (at most ${radiusKm} km)`,
    );
  }
  if (dropoffKm > radiusKm) {
    issues.push(
      `The drop-off in ${pkg.dropoffCity} is ${km(dropoffKm)} from the trip's end in ${plan.destinationCity} (at most ${radiusKm} km)`,
    );
  }
  if (plan.departureAt <= now) issues.push('The trip has already left');
  else if (pkg.pickupFrom > plan.departureAt) {
    issues.push(`The trip leaves before the package is ready to be picked up (${day(pkg.pickupFrom)})`);
  }
  if (pkg.deliverBy < plan.arrivalAt) {
    issues.push(`The trip arrives after the package's deliver-by date (${day(pkg.deliverBy)})`);
  }
  const free = plan.capacityGrams - plan.reservedGrams;
  if (pkg.weightGrams > free) {
    issues.push(`The package weighs ${pkg.weightGrams / 1000} kg and the trip has ${Math.max(0, free) / 1000} kg free`);
  }
  return issues;
}
