import { and, eq, lte } from 'drizzle-orm';
import { packages } from '#server/db/schema/packages.ts';
import { expirePackage } from '#server/modules/lifecycle/public.ts';
import { asDatabase } from './claim.ts';
import { eachDuePackage } from './due-packages.ts';
import type { Job } from './job.ts';

// open → expired once the deliver-by date has passed with no traveler matched (docs/product.md §2), with
// the whole payment refunded (§5) and the package's pending requests expired with it.

const name = 'expire-packages';

export const expirePackagesJob: Job = {
  name,
  run(ctx, now) {
    const due = and(eq(packages.status, 'open'), lte(packages.deliverBy, now));
    return eachDuePackage(
      ctx,
      { name, due, oldestFirst: packages.deliverBy },
      // The provider refunds inside the claim: no other node can refund this package meanwhile.
      ({ tx }, id) => expirePackage(asDatabase(tx), ctx.notifier, ctx.provider, { packageId: id }),
    );
  },
};
