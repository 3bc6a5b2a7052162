import { and, desc, eq, inArray } from 'drizzle-orm';
import { payments } from '#server/db/schema/payments.ts';
import type { Transaction } from '#server/db/transaction.ts';
import type { PaymentRow } from '#server/modules/payments/public.ts';

/**
 * The package's payment that went through (and may still hold money in escrow), newest first, locked
 * for the caller's transaction: the refund it is about to work out cannot be changed under it.
 */
export async function heldPaymentOf(tx: Transaction, packageId: string): Promise<PaymentRow | undefined> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.packageId, packageId), inArray(payments.status, ['succeeded', 'partially_refunded'])))
    .orderBy(desc(payments.createdAt))
    .limit(1)
    .for('update');
  return payment;
}
