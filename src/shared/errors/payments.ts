import type { ErrorEntry } from './entry.ts';

export const paymentsErrors = {
  /** Someone other than the sender (an admin looking on) tried to pay for a package. */
  SENDER_ONLY_PAYS: { status: 403, message: 'Only the sender pays for a package.' },
  /** The draft misses fields or breaks a rule; `fields` say which. */
  PACKAGE_NOT_READY_TO_PAY: { status: 400, message: 'Finish the package before paying for it.' },
  PACKAGE_ALREADY_PAID: { status: 409, message: 'This package has been paid for already.' },
  /** Another click is opening this package's checkout right now. */
  CHECKOUT_OPENING: { status: 409, message: 'A checkout for this package is being opened. Try again in a moment.' },
  CHECKOUT_NOT_FOUND: { status: 404, message: 'There is no such checkout.' },
  /** The checkout was paid, declined or cancelled already. */
  CHECKOUT_CLOSED: { status: 409, message: 'This checkout is closed. Go back to the package to pay again.' },
  PAYMENT_NOT_FOUND: { status: 404, message: 'There is no such payment.' },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    status: 503,
    message: 'The payment service is not answering. Try again in a minute.',
  },
  /** A reconciliation of a payment made with another provider than the one this server runs with. */
  PAYMENT_OTHER_PROVIDER: {
    status: 409,
    message: 'This payment was made with another payment provider than the one in use, so it cannot be checked here.',
  },
  /** The provider did not refund; nothing was recorded, so the same refund can be asked again. */
  REFUND_UNAVAILABLE: {
    status: 503,
    message: 'The payment service could not refund right now. Try again in a minute.',
  },
  /** The provider's webhook carried a wrong signature or a body we do not read. */
  INVALID_PAYMENT_WEBHOOK: { status: 400, message: 'The webhook signature or body is not valid.' },
  PAYMENT_NOT_REFUNDABLE: { status: 409, message: 'Only a payment that went through can be refunded.' },
  /** `params.refundable` and `params.currency`, when known, say what is left. */
  REFUND_TOO_LARGE: { status: 409, message: 'That is more than is left of this payment.' },
  /** An admin refund of a package past pickup (in transit, delivered, disputed): §5.5, money moves by a dispute. */
  REFUND_AFTER_PICKUP: {
    status: 409,
    message: 'After pickup, refunds go through a dispute: resolve one for the sender instead.',
  },
  NO_PAYMENT_IN_ESCROW: { status: 409, message: 'This package has no payment held in escrow.' },
  PAYMENT_PARTLY_REFUNDED: {
    status: 409,
    message: 'This payment has been refunded in part; it cannot be released.',
  },
  /** A ledger movement would take a holding account, or one payment's share of escrow, below zero. */
  LEDGER_INSUFFICIENT_FUNDS: { status: 409, message: 'There is not enough money in the account for this movement.' },
  /** Cancelling a paid package (its refund is this domain's). */
  CANCEL_SENDER_ONLY: { status: 403, message: 'Only the sender can cancel this package.' },
  CANCEL_AFTER_PICKUP: {
    status: 409,
    message: 'After pickup only an administrator can cancel a package. If something went wrong, open a dispute.',
  },
  /** `params.status` is the package's status. */
  PACKAGE_NOT_CANCELLABLE: { status: 409, message: 'A package in this status cannot be cancelled.' },
} as const satisfies Record<string, ErrorEntry>;
