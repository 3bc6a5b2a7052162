import { and, eq, lte, sql } from 'drizzle-orm';
import { packages } from '#server/db/schema/packages.ts';
import { disputes } from '#server/db/schema/requests.ts';
import { completePackage } from '#server/modules/lifecycle/public.ts';
import { asDatabase } from './claim.ts';
import { eachDuePackage } from './due-packages.ts';
import type { Job } from './job.ts';

// delivered → completed when the sender neither confirmed nor disputed within the settings'
// auto-complete days (docs/product.md §2); completing releases the reward and the fee (§5).

const DAY_MS = 24 * 60 * 60 * 1000;
const name = 'auto-complete';

function dueAt(cutoff: Date) {
  return and(
    eq(packages.status, 'delivered'),
    lte(packages.deliveredAt, cutoff),
    sql`not exists (select 1 from ${disputes} where ${disputes.packageId} = ${packages.id} and ${disputes.status} = 'open')`,
  );
}

export const autoCompleteJob: Job = {
  name,
  async run(ctx, now) {
    const { autoCompleteDays } = await ctx.settings.current();
    const cutoff = new Date(now.getTime() - autoCompleteDays * DAY_MS);
    const note = `Completed automatically ${autoCompleteDays} ${autoCompleteDays === 1 ? 'day' : 'days'} after delivery`;
    return eachDuePackage(ctx, { name, due: dueAt(cutoff), oldestFirst: packages.deliveredAt }, ({ tx }, id) =>
      completePackage(asDatabase(tx), ctx.notifier, { packageId: id, actorId: null, note }),
    );
  },
};
