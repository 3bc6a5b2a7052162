import { eq } from 'drizzle-orm';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import type { Transaction } from '#server/db/transaction.ts';
import { isAdmin } from '#server/modules/auth/service.ts';
import { AppError } from '#shared/errors.ts';

// A request's trip, read straight from the schema as answer.ts and capacity.ts do: travel-plans
// depends on this module (cancelling or completing a trip ends its pending requests, ADR 0023), so
// this one does not depend on travel-plans.

export type TravelPlanRow = typeof travelPlans.$inferSelect;

type Relation = 'owner' | 'admin' | 'other';

/**
 * The trip, locked, and who the viewer is to it. Who sees a trip is docs/product.md §3's rule, the
 * one travel-plans applies to its own pages: its traveler and admins always, other members only an
 * active one; to them any other does not exist (404, never 403, which would tell).
 */
export async function visiblePlan(
  tx: Transaction,
  id: string,
  viewer: { id: string; role: string },
  lock = false,
): Promise<{ row: TravelPlanRow; relation: Relation }> {
  const query = tx.select().from(travelPlans).where(eq(travelPlans.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('TRAVEL_PLAN_NOT_FOUND');
  const relation: Relation = row.travelerId === viewer.id ? 'owner' : isAdmin(viewer) ? 'admin' : 'other';
  if (relation === 'other' && row.status !== 'active') throw new AppError('TRAVEL_PLAN_NOT_FOUND');
  return { row, relation };
}
