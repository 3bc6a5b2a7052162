import { and, eq, inArray } from 'drizzle-orm';
import { payments } from '#server/db/schema/payments.ts';
import type { Transaction } from '#server/db/transaction.ts';
import { postEntry, releaseToTraveler } from '#server/modules/ledger/public.ts';
import { AppError } from '#shared/errors.ts';
import type { Currency } from '#shared/money.ts';

/**
 * Completion, or a dispute resolved for the traveler (docs/product.md §5): the reward from escrow to the
 * traveler's balance and the fee to the platform, in the caller's transaction (the one that completes
 * the package). Idempotent: releasing twice posts once. The lifecycle module calls it.
 */
export async function releasePayment(
  tx: Transaction,
  input: { packageId: string; travelerId: string; kind?: 'completion' | 'dispute_release'; actorId?: string | null },
): Promise<void> {
  const [paid] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.packageId, input.packageId), inArray(payments.status, ['succeeded', 'partially_refunded'])))
    .for('update');
  if (!paid) throw new AppError('NO_PAYMENT_IN_ESCROW');
  if (paid.refundedAmount > 0) throw new AppError('PAYMENT_PARTLY_REFUNDED');
  await postEntry(
    tx,
    releaseToTraveler({
      paymentId: paid.id,
      packageId: paid.packageId,
      currency: paid.currency as Currency,
      travelerId: input.travelerId,
      reward: paid.reward,
      fee: paid.fee,
      ...(input.kind ? { kind: input.kind } : {}),
    }),
    input.actorId ?? null,
  );
}
