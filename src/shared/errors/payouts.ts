import type { ErrorEntry } from './entry.ts';

export const payoutsErrors = {
  /** A payment provider refused or did not finish a transfer we asked for (a payout to a Stripe account). */
  TRANSFER_FAILED: { status: 502, message: 'The payment provider refused or did not finish the transfer.' },
} as const satisfies Record<string, ErrorEntry>;
