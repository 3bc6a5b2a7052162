import type { Transaction } from '#server/db/transaction.ts';
import { postEntry, releaseToTraveler } from '#server/modules/ledger/public.ts';
import { AppError } from '#shared/errors.ts';
import type { Currency } from '#shared/money.ts';
import { heldPaymentsOf, leftOf } from './held.ts';

/**
 * Completion, or a dispute resolved for the traveler (docs/product.md §5): the reward from escrow to the
 * traveler's balance and the fee to the platform, in the caller's transaction (the one that completes
 * the package). Idempotent: releasing twice posts once. The lifecycle module calls it.
 */
export async function releasePayment(
  tx: Transaction,
  input: { packageId: string; travelerId: string; kind?: 'completion' | 'dispute_release'; actorId?: string | null },
): Promise<void> {
  // The payment that published it and, for a reward agreed above it, the difference (docs/product.md
  // §4.5): each releases its own part of the reward and of the fee.
  const held = await heldPaymentsOf(tx, input.packageId);
  if (held.length === 0) throw new AppError('NO_PAYMENT_IN_ESCROW');
  for (const paid of held) {
    // Escrow holds exactly reward + fee, unless a refund other than a repricing's took some.
    if (paid.reward + paid.fee !== leftOf(paid)) throw new AppError('PAYMENT_PARTLY_REFUNDED');
  }
  for (const paid of held) {
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
    /** The platform's fee out of the same payment, when no refund entry of it keeps it. */
    fee?: number;
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
      fee: input.fee ?? 0,
      kind: 'dispute_release',
    }),
    input.actorId,
  );
}
