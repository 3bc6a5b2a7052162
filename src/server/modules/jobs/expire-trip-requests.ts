import { and, lte, sql } from 'drizzle-orm';
import { requests } from '#server/db/schema/requests.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import { expirePendingRequestsOfPlan } from '#server/modules/requests/public.ts';
import { eachDuePlan } from './due-plans.ts';
import type { Job } from './job.ts';

// A trip that has left can pick nothing up: matching no longer offers it and acceptance refuses it
// (requests/fit.ts). Its pending requests therefore expire at its departure (ADR 0024) instead of
// waiting, unanswerable, for the trip to complete, which a package still in transit can put off for
// days. Whatever the trip's status: a completed or cancelled one ended its requests itself, so this
// only sweeps what an older version left behind.

const name = 'expire-trip-requests';

const hasPending = sql`exists (select 1 from ${requests} where ${requests.travelPlanId} = ${travelPlans.id} and ${requests.status} = 'pending')`;

export const expireTripRequestsJob: Job = {
  name,
  run(ctx, now) {
    const job = { name, due: and(lte(travelPlans.departureAt, now), hasPending), oldestFirst: travelPlans.departureAt };
    // Counted in requests, not trips: that is what members see expire.
    return eachDuePlan(ctx, job, ({ tx, notify }, id) => expirePendingRequestsOfPlan(tx, notify, id));
  },
};
