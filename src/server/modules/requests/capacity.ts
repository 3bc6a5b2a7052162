import { and, eq, sql } from 'drizzle-orm';
import { requests } from '#server/db/schema/requests.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import type { Transaction } from '#server/db/transaction.ts';
import { AppError } from '#shared/errors.ts';

// A travel plan's capacity is promised to the packages matched to it (docs/product.md §4). Both moves are
// conditional updates, so two packages accepted onto the last free kilograms at once cannot both fit.

/** Takes `grams` of the plan's free capacity, or refuses (409) and changes nothing. */
export async function reserveCapacity(tx: Transaction, planId: string, grams: number): Promise<void> {
  const reserved = await tx
    .update(travelPlans)
    .set({ reservedGrams: sql`${travelPlans.reservedGrams} + ${grams}`, updatedAt: new Date() })
    .where(
      and(
        eq(travelPlans.id, planId),
        eq(travelPlans.status, 'active'),
        sql`${travelPlans.reservedGrams} + ${grams} <= ${travelPlans.capacityGrams}`,
      ),
    )
    .returning({ id: travelPlans.id });
  if (reserved.length === 0) {
    throw new AppError('TRAVEL_PLAN_FULL', { detail: `plan ${planId} has no ${grams} g free` });
  }
}

/** Gives the package's kilograms back to the trip (never below nothing reserved). */
export async function releaseCapacity(tx: Transaction, planId: string, grams: number): Promise<void> {
  await tx
    .update(travelPlans)
    .set({ reservedGrams: sql`greatest(0, ${travelPlans.reservedGrams} - ${grams})`, updatedAt: new Date() })
    .where(eq(travelPlans.id, planId));
}

/**
 * A matched package loses its traveler (the sender or an admin cancels, the traveler withdraws): the
 * trip's capacity comes back, and the accepted request is marked withdrawn when `withdrawRequest`.
 * The package row itself is the caller's to change.
 */
export async function endMatch(
  tx: Transaction,
  pkg: { id: string; travelPlanId: string | null; travelerId: string | null; weightGrams: number | null },
  options: { withdrawRequest: boolean },
): Promise<void> {
  if (pkg.travelPlanId && pkg.weightGrams) await releaseCapacity(tx, pkg.travelPlanId, pkg.weightGrams);
  if (options.withdrawRequest && pkg.travelerId) {
    const now = new Date();
    await tx
      .update(requests)
      .set({ status: 'withdrawn', updatedAt: now, respondedAt: now })
      .where(
        and(eq(requests.packageId, pkg.id), eq(requests.travelerId, pkg.travelerId), eq(requests.status, 'accepted')),
      );
  }
}
