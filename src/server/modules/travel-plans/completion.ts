import { and, eq, inArray, lte, not, type SQL, sql } from 'drizzle-orm';
import { packages } from '#server/db/schema/packages.ts';
import { requests } from '#server/db/schema/requests.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import type { Transaction } from '#server/db/transaction.ts';
import type { Notify } from '#server/modules/notifications/public.ts';
import { expirePendingRequestsOfPlan } from '#server/modules/requests/public.ts';
import { AppError } from '#shared/errors.ts';
import type { PackageStatus } from '#shared/package-status.ts';

// A trip ends on its own (docs/product.md §3: active → completed; ADR 0024): once it has arrived and
// carries nothing still under way. Nobody clicks it; the scheduled job does it.

/**
 * A package accepted onto a trip is still under way until it settles: matched (not picked up yet),
 * in transit, delivered (the sender may still confirm or dispute), disputed. Completed, cancelled and
 * refunded ones are settled; a withdrawn match sends the package back to open and withdraws the request.
 */
export const UNDER_WAY: readonly PackageStatus[] = ['matched', 'in_transit', 'delivered', 'disputed'];

/** The trip (the outer `travel_plan` row) has an accepted request whose package is still under way. */
const carriesPackagesUnderWay = sql`exists (select 1 from ${requests}
  inner join ${packages} on ${packages.id} = ${requests.packageId}
  where ${requests.travelPlanId} = ${travelPlans.id} and ${requests.status} = 'accepted'
  and ${inArray(packages.status, [...UNDER_WAY])})`;

/** Active, arrived by `now`, and carrying nothing still under way: the trip is over. */
export function dueForCompletion(now: Date): SQL {
  return and(eq(travelPlans.status, 'active'), lte(travelPlans.arrivalAt, now), not(carriesPackagesUnderWay)) as SQL;
}

/**
 * active → completed, in the caller's transaction (the job's claim). Conditional on the same rule the
 * job listed it by, so a trip that changed meanwhile is refused (CONFLICT) and nothing moves. Any
 * request still pending on it expires with it (the trip has left: ADR 0024). Returns the number of
 * requests that expired.
 */
export async function completeTravelPlan(tx: Transaction, notify: Notify, planId: string, now: Date): Promise<number> {
  const completed = await tx
    .update(travelPlans)
    .set({ status: 'completed', updatedAt: new Date() })
    .where(and(eq(travelPlans.id, planId), dueForCompletion(now)))
    .returning({ id: travelPlans.id });
  if (completed.length === 0) {
    throw new AppError('TRAVEL_PLAN_NOT_DUE', { detail: `plan ${planId}` });
  }
  return expirePendingRequestsOfPlan(tx, notify, planId);
}
