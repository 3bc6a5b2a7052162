import { errorStatus, toApiError } from '#web/lib/api-error.ts';

// Every way a payment request can fail, in the sender's words, in one table. `kind` lets a screen
// offer the way out next to the words (finish the verification, finish the draft, reload).

export type PaymentFlow = 'start' | 'sandbox-pay' | 'sandbox-cancel';

export type PaymentFailureKind =
  | 'offline'
  | 'session'
  | 'not_verified'
  | 'unfinished'
  | 'invalid'
  | 'not_found'
  | 'conflict'
  | 'closed'
  | 'unavailable'
  | 'rate_limited'
  | 'server';

export interface PaymentFailure {
  kind: PaymentFailureKind;
  message: string;
}

const nothingCharged = 'Nothing has been charged.';

/** The words for one failed payment request; field errors of the card form are placed by `cardFieldErrorsOf`. */
export function describePaymentError(flow: PaymentFlow, err: unknown): PaymentFailure {
  const error = toApiError(err);
  const status = errorStatus(err);
  const checkout = flow !== 'start';
  if (error.code === 'NETWORK') return { kind: 'offline', message: `${error.message} ${nothingCharged}` };
  if (status === 401) return { kind: 'session', message: 'Your session has ended. Sign in again to continue.' };
  if (status === 403 && !checkout) {
    return {
      kind: 'not_verified',
      message: `Verify your profile (e-mail, mobile number and identity check) before you pay. ${nothingCharged}`,
    };
  }
  if (status === 400) {
    if (!checkout) {
      return { kind: 'unfinished', message: `Finish the package before paying for it. ${nothingCharged}` };
    }
    const first = Object.values(error.fields ?? {})[0]?.[0];
    return { kind: 'invalid', message: first ?? 'Check the card details and try again.' };
  }
  if (status === 404 || (status === 403 && checkout)) {
    return checkout
      ? { kind: 'not_found', message: 'This checkout is not one of yours, or it no longer exists.' }
      : { kind: 'not_found', message: 'This package no longer exists.' };
  }
  if (status === 409) {
    return checkout
      ? { kind: 'closed', message: 'This checkout is closed: it was paid, declined or cancelled already.' }
      : // The server says which: paid already, or a checkout being opened by another click.
        { kind: 'conflict', message: error.message || 'This package can’t be paid for right now.' };
  }
  if (status === 429) return { kind: 'rate_limited', message: 'Too many attempts. Wait a minute and try again.' };
  if (status === 503) {
    return {
      kind: 'unavailable',
      message: `The payment service is not answering. ${nothingCharged} Try again in a minute.`,
    };
  }
  const reference = error.requestId ? ` (reference ${error.requestId.slice(0, 8).toUpperCase()})` : '';
  return { kind: 'server', message: `Something went wrong on our side. Please try again in a moment.${reference}` };
}

/** The card form's fields the server may name in a 400, with its first message for each. */
export function cardFieldErrorsOf(err: unknown): Partial<Record<'cardNumber' | 'expiry' | 'cvc' | 'name', string>> {
  if (errorStatus(err) !== 400) return {};
  const out: Partial<Record<'cardNumber' | 'expiry' | 'cvc' | 'name', string>> = {};
  for (const [field, messages] of Object.entries(toApiError(err).fields ?? {})) {
    if ((field === 'cardNumber' || field === 'expiry' || field === 'cvc' || field === 'name') && messages[0]) {
      out[field] = messages[0];
    }
  }
  return out;
}
