import type { ErrorParams } from '#shared/errors.ts';
import { type Currency, formatMoney } from '#shared/money.ts';
import type { ErrorWords } from '../types.ts';

function transferFailed({ destination, reason }: ErrorParams): string {
  if (destination === undefined) return 'The payment provider did not finish this transfer. Try again in a moment.';
  return reason !== undefined
    ? `Stripe refused the transfer to ${destination}, so the payout is still requested. ${reason}`
    : `Stripe did not confirm the transfer to ${destination}, so the payout is still requested. Try again in a minute: the retry carries the same key, so Stripe makes the transfer at most once.`;
}

function overBalance({ available, currency }: ErrorParams): string {
  return typeof available === 'number' && available > 0 && typeof currency === 'string'
    ? `You can ask for at most ${formatMoney(available, currency as Currency, 'en')}, your available balance.`
    : 'You have no available balance to pay out yet.';
}

export const payoutsWords = {
  TRANSFER_FAILED: { message: transferFailed },
  PAYOUT_NOT_FOUND: 'This payout no longer exists. Reload the page to see it as it is now.',
  PAYOUT_OVER_BALANCE: { message: overBalance, field: 'amount' },
  PAYOUT_STRIPE_NOT_CONFIGURED:
    'This payout goes to a Stripe account, and Stripe is not set up on this server any more. Set Stripe up again to send it.',
  OWN_PAYOUT: 'Ask another administrator to send your own payout.',
  PAYOUT_ALREADY_SENT: {
    message: ({ sentOn }) => `This payout was already marked sent${sentOn ? ` on ${sentOn}` : ''}.`,
  },
  PAYOUT_HAS_NO_BANK_DETAILS: {
    message: ({ method }) =>
      method === 'stripe_connect'
        ? 'This payout goes to a Stripe account; it has no bank details.'
        : 'This payout has no bank details.',
  },
  BANK_DETAILS_UNREADABLE:
    'These bank details cannot be read any more (the app secret changed since). Contact the traveler for their bank details.',
} as const satisfies Record<string, ErrorWords>;
