import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { packages } from '#server/db/schema/packages.ts';
import { requests } from '#server/db/schema/requests.ts';
import type { Transaction } from '#server/db/transaction.ts';
import { expirePendingRequestsOf } from '#server/modules/requests/public.ts';
import { eachItem, withClaim } from './claim.ts';
import { JOB_BATCH_SIZE, type Job } from './job.ts';

// Pending requests expire when their package leaves `open` (docs/product.md §4). The services that move a
// package expire them in the same transaction; this job sweeps up whatever is left (a package moved
// by a path that did not, or by an older version). A package still open past its deliver-by date is
// the expiry job's, which expires the package and its requests together.

const name = 'expire-requests';

const hasPending = sql`exists (select 1 from ${requests} where ${requests.packageId} = ${packages.id} and ${requests.status} in ('pending', 'agreed'))`;

export const expireRequestsJob: Job = {
  name,
  async run(ctx) {
    // From the pending requests (their partial unique index holds only those), not from every package.
    const due = await ctx.db
      .selectDistinct({ id: requests.packageId })
      .from(requests)
      .innerJoin(packages, eq(packages.id, requests.packageId))
      .where(and(inArray(requests.status, ['pending', 'agreed']), ne(packages.status, 'open')))
      .orderBy(asc(requests.packageId))
      .limit(JOB_BATCH_SIZE);

    const claim = async (tx: Transaction, id: string) => {
      const [row] = await tx
        .select({ id: packages.id })
        .from(packages)
        .where(and(eq(packages.id, id), ne(packages.status, 'open'), hasPending))
        .for('update', { skipLocked: true });
      return row !== undefined;
    };

    let expired = 0;
    const result = await eachItem(
      ctx,
      name,
      due.map((d) => d.id),
      async (id) => {
        let count = 0;
        const done = await withClaim(
          ctx,
          (tx) => claim(tx, id),
          async ({ tx, notify }) => {
            count = await expirePendingRequestsOf(tx, notify, id);
          },
        );
        expired += count;
        return done;
      },
    );
    // Counted in requests, not packages: that is what members see expire.
    return { processed: expired, failed: result.failed };
  },
};
