import type { ErrorParams } from '#shared/errors.ts';
import { type Currency, formatMoney } from '#shared/money.ts';
import type { ErrorWords } from '../types.ts';

/** Said with every failure to start paying, so the sender knows no money moved. */
export const NOTHING_CHARGED = 'Nothing has been charged.';

function refundTooLarge({ refundable, currency }: ErrorParams): string {
  if (typeof refundable !== 'number' || typeof currency !== 'string')
    return 'That is more than is left of this payment.';
  return refundable > 0
    ? `At most ${formatMoney(refundable, currency as Currency, 'en')} of this payment can still be refunded.`
    : 'Nothing of this payment can be refunded any more: what it paid was refunded or has left escrow.';
}

export const paymentsWords = {
  SENDER_ONLY_PAYS: 'Only the sender pays for a package.',
  PACKAGE_NOT_READY_TO_PAY: `Finish the package before paying for it. ${NOTHING_CHARGED}`,
  PACKAGE_ALREADY_PAID: 'This package has been paid for already.',
  CHECKOUT_OPENING: 'A checkout for this package is being opened. Try again in a moment.',
  CHECKOUT_NOT_FOUND: 'This checkout is not one of yours, or it no longer exists.',
  CHECKOUT_CLOSED: 'This checkout is closed: it was paid, declined or cancelled already.',
  PAYMENT_NOT_FOUND: 'This payment no longer exists. Reload the page to see it as it is now.',
  PAYMENT_PROVIDER_UNAVAILABLE: `The payment service is not answering. ${NOTHING_CHARGED} Try again in a minute.`,
  PAYMENT_OTHER_PROVIDER:
    'This payment was made with another payment provider than the one Tagalong uses now, so it can’t be checked from here. Look it up in that provider’s dashboard.',
  REFUND_UNAVAILABLE: 'The payment service could not refund right now. Nothing has changed. Try again in a minute.',
  INVALID_PAYMENT_WEBHOOK: 'The payment service’s message could not be read.',
  PAYMENT_NOT_REFUNDABLE: 'Only a payment that went through can be refunded.',
  REFUND_TOO_LARGE: { message: refundTooLarge, field: 'amount' },
  REFUND_AFTER_PICKUP:
    'After pickup, refunds go through a dispute: resolve one for the sender instead. Nothing was refunded.',
  NO_PAYMENT_IN_ESCROW: 'This package has no payment held in escrow.',
  PAYMENT_PARTLY_REFUNDED: 'This payment has been refunded in part, so it can’t be released.',
  LEDGER_INSUFFICIENT_FUNDS: 'There isn’t enough money left for this. Reload the page to see it as it is now.',
  CANCEL_SENDER_ONLY: 'Only the sender can cancel this package.',
  CANCEL_AFTER_PICKUP:
    'After pickup only an administrator can cancel a package. If something went wrong, open a dispute.',
  PACKAGE_NOT_CANCELLABLE: {
    message: ({ status }) =>
      typeof status === 'string'
        ? `A package that is ${status.replaceAll('_', ' ')} cannot be cancelled.`
        : 'This package can’t be cancelled any more.',
  },
} as const satisfies Record<string, ErrorWords>;
