import type { PaymentStatus } from '#shared/payments.ts';

/** A payment's status as the back office says it: the payments list and the reconciliation check. */
export const paymentStatusWords: Record<PaymentStatus, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  amount_mismatch: 'Amount mismatch',
};
