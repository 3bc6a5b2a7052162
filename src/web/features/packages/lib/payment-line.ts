import { formatMoney } from '#shared/money.ts';
import type { PackageStatus } from '#shared/package-status.ts';
import type { Payment } from '#shared/payments.ts';
import { moneyNow } from '#web/lib/money-words.ts';

/**
 * The sender's one-line account of a package's money, from its newest payment: what was paid and
 * what came back. Null when there is nothing settled to tell (a checkout still open, declined or
 * left); `date` formats an ISO time in the viewer's locale.
 */
export function paymentLine(
  payment: Pick<Payment, 'status' | 'amount' | 'fee' | 'currency' | 'refundedAmount' | 'createdAt' | 'updatedAt'>,
  date: (iso: string) => string,
  packageStatus: PackageStatus,
): string | null {
  const money = (amount: number) => formatMoney(amount, payment.currency);
  const paid = `Paid ${money(payment.amount)} on ${date(payment.createdAt)}`;
  switch (payment.status) {
    case 'succeeded':
      return [`${paid}.`, moneyNow(packageStatus, 'sender')].filter(Boolean).join(' ');
    case 'refunded':
      return `${paid}. Refunded in full (${money(payment.refundedAmount)}) on ${date(payment.updatedAt)}.`;
    case 'partially_refunded': {
      const kept = payment.amount - payment.refundedAmount;
      return `${paid}. Refunded ${money(payment.refundedAmount)} on ${date(payment.updatedAt)}; ${money(kept)} kept${
        kept === payment.fee ? ' (the platform fee)' : ''
      }.`;
    }
    default:
      return null;
  }
}
