import { and, asc, eq, inArray } from 'drizzle-orm';
import { payments } from '#server/db/schema/payments.ts';
import type { Transaction } from '#server/db/transaction.ts';
import type { PaymentRow } from './mapping.ts';

// What a package holds in escrow: its payment, and the payment of a difference when a reward was
// agreed above it (docs/product.md §4.5). Each is its own charge at the provider, so each is refunded
// and released on its own.

/** The package's payments that went through and may still hold money, oldest first, locked. */
export function heldPaymentsOf(tx: Transaction, packageId: string): Promise<PaymentRow[]> {
  return tx
    .select()
    .from(payments)
    .where(and(eq(payments.packageId, packageId), inArray(payments.status, ['succeeded', 'partially_refunded'])))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .for('update');
}

/** What is left of a payment in escrow. */
export const leftOf = (payment: Pick<PaymentRow, 'amount' | 'refundedAmount'>) =>
  payment.amount - payment.refundedAmount;

/**
 * Shares `total` out over `payments`, the newest first, each taking at most what `room` gives it:
 * a refund comes first out of the difference paid last.
 */
export function spread<T extends PaymentRow>(
  total: number,
  payments: readonly T[],
  room: (payment: T) => number,
): Map<string, number> {
  const parts = new Map<string, number>();
  let rest = total;
  for (const payment of [...payments].reverse()) {
    const part = Math.min(rest, Math.max(0, room(payment)));
    parts.set(payment.id, part);
    rest -= part;
  }
  return parts;
}
