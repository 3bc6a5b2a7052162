import type { ErrorEntry } from './entry.ts';

export const payoutsErrors = {
  /**
   * A payment provider refused or did not finish a transfer we asked for (a payout to a Stripe
   * account). `params.destination` is the account; `params.reason` the provider's own words when it
   * refused (shown to the admin, never a key).
   */
  TRANSFER_FAILED: { status: 502, message: 'The payment provider refused or did not finish the transfer.' },
  PAYOUT_NOT_FOUND: { status: 404, message: 'There is no such payout.' },
  /** `params.available` and `params.currency`: the most the traveler may ask for. */
  PAYOUT_OVER_BALANCE: { status: 409, message: 'The payout is more than the available balance.' },
  /** A payout to a Stripe account, with Stripe no longer set up on this server. */
  PAYOUT_STRIPE_NOT_CONFIGURED: {
    status: 409,
    message: 'This payout goes to a Stripe account, and Stripe is not set up on this server.',
  },
  OWN_PAYOUT: { status: 403, message: 'Ask another administrator to send your own payout.' },
  /** `params.sentOn` (YYYY-MM-DD) when known. */
  PAYOUT_ALREADY_SENT: { status: 409, message: 'This payout was already marked sent.' },
  /** `params.method` says where the payout goes instead. */
  PAYOUT_HAS_NO_BANK_DETAILS: { status: 404, message: 'This payout has no bank details.' },
  /** Sealed with another app secret than the one the server has now. */
  BANK_DETAILS_UNREADABLE: { status: 409, message: 'These bank details cannot be read any more.' },
} as const satisfies Record<string, ErrorEntry>;
