import { z } from 'zod';
import type { PaymentWebhookEvent } from './payment-provider.ts';

// Stripe's event format (https://docs.stripe.com/api/events/object), read by both adapters: the
// sandbox sends the same events, so from the webhook on one code path serves both. Only fields that
// have been stable across API versions are read, so the webhook endpoint's API version can move.

const id = z.string().min(1).max(255);

const lastPaymentError = z
  .object({ code: z.string().nullish(), decline_code: z.string().nullish(), message: z.string().nullish() })
  .loose();

// An expandable field: the id, or the object when expanded. The sandbox expands a failed payment's
// PaymentIntent to carry the decline reason, as Stripe does when asked to.
const paymentIntentRef = z.union([id, z.object({ id, last_payment_error: lastPaymentError.nullish() }).loose()]);

const checkoutSession = z
  .object({
    id,
    object: z.literal('checkout.session'),
    payment_status: z.string().nullish(),
    amount_total: z.number().int().min(0).nullish(),
    currency: z
      .string()
      .regex(/^[a-zA-Z]{3}$/)
      .nullish(),
    client_reference_id: z.string().nullish(),
    metadata: z.record(z.string(), z.unknown()).nullish(),
    payment_intent: paymentIntentRef.nullish(),
  })
  .loose();
type CheckoutSession = z.infer<typeof checkoutSession>;

const stripeEvent = z
  .object({
    id,
    object: z.literal('event'),
    type: z.string().min(1).max(255),
    data: z.object({ object: z.record(z.string(), z.unknown()) }).loose(),
  })
  .loose();

const FAILED_WITHOUT_REASON = 'The payment did not go through';

/** Our payment id: set both as metadata and as client_reference_id at checkout. */
function paymentIdOf(object: { metadata?: Record<string, unknown> | null; client_reference_id?: unknown }) {
  const fromMetadata = object.metadata?.payment_id;
  if (typeof fromMetadata === 'string' && fromMetadata && fromMetadata.length <= 255) return fromMetadata;
  const reference = object.client_reference_id;
  return typeof reference === 'string' && reference && reference.length <= 255 ? reference : null;
}

function paymentIntentId(session: CheckoutSession): string | null {
  const ref = session.payment_intent;
  if (!ref) return null;
  return typeof ref === 'string' ? ref : ref.id;
}

function failureReason(session: CheckoutSession): string {
  const ref = session.payment_intent;
  const error = ref && typeof ref === 'object' ? ref.last_payment_error : null;
  const reason = error?.message?.trim() || error?.decline_code || error?.code;
  return reason ? reason.slice(0, 500) : FAILED_WITHOUT_REASON;
}

/** A paid checkout, or null when it lacks what a payment needs (it cannot: Stripe always sends both). */
function succeeded(base: Omit<PaymentWebhookEvent, 'kind'>, session: CheckoutSession): PaymentWebhookEvent | null {
  if (session.amount_total == null || !session.currency) return null;
  return {
    ...base,
    kind: 'succeeded',
    amount: session.amount_total,
    currency: session.currency.toUpperCase(),
    providerPaymentRef: paymentIntentId(session),
  };
}

function readCheckoutSessionEvent(
  eventId: string,
  type: string,
  object: Record<string, unknown>,
): PaymentWebhookEvent | null {
  const parsed = checkoutSession.safeParse(object);
  if (!parsed.success) return null;
  const session = parsed.data;
  const base = { eventId, type, paymentId: paymentIdOf(session), providerRef: session.id };
  switch (type) {
    case 'checkout.session.completed':
      // "unpaid" here is a delayed method (SEPA debit, bank transfer…): an async_payment_* event follows.
      return session.payment_status === 'paid' ? succeeded(base, session) : { ...base, kind: 'other' };
    case 'checkout.session.async_payment_succeeded':
      return succeeded(base, session);
    case 'checkout.session.async_payment_failed':
      return { ...base, kind: 'failed', reason: failureReason(session) };
    case 'checkout.session.expired':
      return { ...base, kind: 'cancelled' };
    default:
      return { ...base, kind: 'other' };
  }
}

/**
 * Reads a verified Stripe event. Null when it is not an event we can read (not a v1 event, or a
 * checkout session event without a session in it): the webhook answers 400 and Stripe retries.
 */
export function readStripeEvent(value: unknown): PaymentWebhookEvent | null {
  const parsed = stripeEvent.safeParse(value);
  if (!parsed.success) return null;
  const { id: eventId, type, data } = parsed.data;
  if (type.startsWith('checkout.session.')) return readCheckoutSessionEvent(eventId, type, data.object);
  // Acknowledged and ignored; a payment id is kept for the log when the object carries our metadata.
  const metadata = data.object.metadata;
  const paymentId =
    typeof metadata === 'object' && metadata !== null
      ? paymentIdOf({ metadata: metadata as Record<string, unknown> })
      : null;
  return { eventId, type, paymentId, providerRef: null, kind: 'other' };
}
