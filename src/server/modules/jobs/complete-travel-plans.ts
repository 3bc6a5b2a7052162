import { travelPlans } from '#server/db/schema/travel-plans.ts';
import { completeTravelPlan, dueForCompletion } from '#server/modules/travel-plans/public.ts';
import { eachDuePlan } from './due-plans.ts';
import type { Job } from './job.ts';

// active → completed once the trip has arrived and carries nothing still under way (docs/product.md §3,
// ADR 0024). A trip whose package is still matched, in transit, delivered or disputed waits for it
// to settle. It runs after auto-complete, so a trip whose last package completes in a run completes
// in that same run.

const name = 'complete-travel-plans';

export const completeTravelPlansJob: Job = {
  name,
  run(ctx, now) {
    const job = { name, due: dueForCompletion(now), oldestFirst: travelPlans.arrivalAt };
    return eachDuePlan(ctx, job, async ({ tx, notify }, id) => {
      await completeTravelPlan(tx, notify, id, now);
      return 1;
    });
  },
};
