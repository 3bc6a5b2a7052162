import { and, eq, lte } from 'drizzle-orm';
import { packages } from '#server/db/schema/packages.ts';
import { expirePackage } from '#server/modules/lifecycle/public.ts';
import { isRefundUnavailable, noteRefundFailure } from '#server/modules/payments/public.ts';
import { asDatabase } from './claim.ts';
import { eachDuePackage } from './due-packages.ts';
import type { Job } from './job.ts';

// open → expired once the deliver-by date has passed with no traveler matched (docs/product.md §2), with
// the whole payment refunded (§5) and the package's pending requests expired with it.

const name = 'expire-packages';

export const expirePackagesJob: Job = {
  name,
  async run(ctx, now) {
    const due = and(eq(packages.status, 'open'), lte(packages.deliverBy, now));
    const refundsFailed = new Map<string, unknown>();
    const result = await eachDuePackage(
      ctx,
      { name, due, oldestFirst: packages.deliverBy },
      // The provider refunds inside the claim: no other node can refund this package meanwhile.
      async ({ tx }, id) => {
        try {
          await expirePackage(asDatabase(tx), ctx.notifier, ctx.provider, { packageId: id });
        } catch (err) {
          if (isRefundUnavailable(err)) refundsFailed.set(id, err);
          throw err;
        }
      },
    );
    // The claim rolled back with the expiry; the failure is written apart so the dashboard shows it.
    // The next run tries again, and a refund that goes through clears it.
    for (const [packageId, err] of refundsFailed) await noteRefundFailure(ctx.db, { packageId }, err);
    return result;
  },
};
