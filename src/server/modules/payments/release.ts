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
  // Escrow holds exactly reward + fee, unless a refund other than a repricing's (docs/product.md §4.5) took some.
  if (paid.reward + paid.fee !== paid.amount - paid.refundedAmount) throw new AppError('PAYMENT_PARTLY_REFUNDED');
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

/**
 * A dispute resolved with a partial refund (docs/product.md §2.5): what is left in escrow after the
 * sender's part and the platform's fee goes to the traveler, in the caller's transaction, posted
 * once per payment like any release.
 */
export async function releaseRest(
  tx: Transaction,
  input: {
    paymentId: string;
    packageId: string;
    currency: Currency;
    travelerId: string;
    amount: number;
    actorId: string;
  },
): Promise<void> {
  await postEntry(
    tx,
    releaseToTraveler({
      paymentId: input.paymentId,
      packageId: input.packageId,
      currency: input.currency,
      travelerId: input.travelerId,
      reward: input.amount,
      fee: 0,
      kind: 'dispute_release',
    }),
    input.actorId,
  );
}
