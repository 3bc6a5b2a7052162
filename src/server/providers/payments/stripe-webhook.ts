import type { IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import type { ParsedPaymentWebhook } from './payment-provider.ts';
import { readStripeEvent } from './stripe-events.ts';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

const BAD_SIGNATURE = { ok: false, status: 400, reason: 'missing or invalid stripe-signature' } as const;
const NOT_AN_EVENT = { ok: false, status: 400, reason: 'body is not a Stripe event' } as const;

function hasValidSignature(rawBody: Buffer, header: string, webhookSecret: string): boolean {
  try {
    return Stripe.webhooks.signature?.verifyHeader(rawBody, header, webhookSecret) === true;
  } catch {
    return false;
  }
}

/**
 * Checks a webhook the way Stripe documents it (https://docs.stripe.com/webhooks/signature):
 * `stripe.webhooks.constructEvent` on the raw bytes, with its default 300 s tolerance against replays.
 * Stripe and the sandbox both come through here; only the secret differs. Never throws.
 */
export function parseStripeWebhook(
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
  webhookSecret: string,
): ParsedPaymentWebhook {
  const header = headers[STRIPE_SIGNATURE_HEADER];
  // An array is the header sent twice: the SDK throws on it, and no genuine delivery does it.
  if (typeof header !== 'string' || header === '') return BAD_SIGNATURE;
  let event: unknown;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, header, webhookSecret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) return BAD_SIGNATURE;
    // Other errors come from a malformed header (an empty v1= makes the SDK throw a plain Error) or
    // from a genuine body that is not JSON or is a v2 "thin" event: only the signature tells which.
    return hasValidSignature(rawBody, header, webhookSecret) ? NOT_AN_EVENT : BAD_SIGNATURE;
  }
  const read = readStripeEvent(event);
  if (!read) return NOT_AN_EVENT;
  return { ok: true, event: read };
}
