import { errorStatus, toApiError } from '#web/lib/api-error.ts';

// How a payout request can fail, in the traveler's words. The server names fields by the request's
// shape ("bankDetails.iban"); the form's fields are flat ("iban").

export type PayoutFormField = 'amount' | 'currency' | 'method' | 'accountHolder' | 'iban' | 'stripeAccountId';
const formField: Record<string, PayoutFormField> = {
  amount: 'amount',
  currency: 'currency',
  method: 'method',
  'bankDetails.accountHolder': 'accountHolder',
  'bankDetails.iban': 'iban',
  stripeAccountId: 'stripeAccountId',
};

/** Form field → first message, for the fields the server blamed. */
export function payoutFieldErrors(err: unknown): Partial<Record<PayoutFormField, string>> {
  const out: Partial<Record<PayoutFormField, string>> = {};
  for (const [path, messages] of Object.entries(toApiError(err).fields ?? {})) {
    const field = formField[path];
    if (field && messages[0] && !out[field]) out[field] = messages[0];
  }
  return out;
}

/** One sentence for the whole form, when no field takes the blame. */
export function describePayoutError(err: unknown): string {
  const error = toApiError(err);
  const status = errorStatus(err);
  if (error.code === 'NETWORK') return error.message;
  if (status === 401) return 'Your session has ended. Sign in again to continue.';
  if (status === 403) return error.message || 'Verify your profile before asking for a payout.';
  if (status === 429) return 'Too many attempts. Wait a minute and try again.';
  if (status !== undefined && status < 500 && error.message) return error.message;
  const reference = error.requestId ? ` (reference ${error.requestId.slice(0, 8).toUpperCase()})` : '';
  return `Something went wrong on our side. Please try again in a moment.${reference}`;
}
