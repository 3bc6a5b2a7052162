import type { payments } from '#server/db/schema/payments.ts';
import type { Currency } from '#shared/money.ts';
import { type Payment, type PaymentStatus, paymentStatuses } from '#shared/payments.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** Every payment row is one of the two kinds the contract names; the column's default is `package`. */
const kindOf = (row: PaymentRow): Payment['kind'] => (row.kind === 'top_up' ? 'top_up' : 'package');

export function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    packageId: row.packageId,
    kind: kindOf(row),
    status: (paymentStatuses as readonly string[]).includes(row.status) ? (row.status as PaymentStatus) : 'pending',
    provider: row.provider === 'stripe' ? 'stripe' : 'sandbox',
    amount: row.amount,
    reward: row.reward,
    fee: row.fee,
    currency: row.currency as Currency,
    refundedAmount: row.refundedAmount,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
