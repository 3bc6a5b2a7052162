import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import type { Transaction } from '#server/db/transaction.ts';
import { isAdmin } from '#server/modules/auth/service.ts';
import { AppError } from '#shared/errors.ts';
import type { TravelPlanRow } from './mapping.ts';

// Who sees a travel plan (docs/product.md §3): its traveler and admins all of it; other members only an
// active one, since that is what they could ask to ride on. To them a past or cancelled plan does
// not exist (404, never 403, which would tell). requests/trip.ts applies the same rule to the trip a
// request is started on, since requests does not depend on this module.

export interface Viewer {
  id: string;
  role: string;
}

export type Relation = 'owner' | 'admin' | 'other';

export function relationOf(row: Pick<TravelPlanRow, 'travelerId'>, viewer: Viewer): Relation {
  if (row.travelerId === viewer.id) return 'owner';
  return isAdmin(viewer) ? 'admin' : 'other';
}

const notFound = () => new AppError('TRAVEL_PLAN_NOT_FOUND');

export async function visiblePlan(db: Database | Transaction, id: string, viewer: Viewer, lock = false) {
  const query = db.select().from(travelPlans).where(eq(travelPlans.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  const relation = relationOf(row, viewer);
  if (relation === 'other' && row.status !== 'active') throw notFound();
  return { row, relation };
}

/** Editing and cancelling: the traveler's own active plan. */
export async function ownActivePlan(db: Database | Transaction, id: string, viewer: Viewer, lock = false) {
  const { row, relation } = await visiblePlan(db, id, viewer, lock);
  if (relation !== 'owner') throw new AppError('TRAVEL_PLAN_TRAVELER_ONLY');
  if (row.status !== 'active') {
    throw new AppError('TRAVEL_PLAN_NOT_ACTIVE', { params: { status: row.status } });
  }
  return row;
}
