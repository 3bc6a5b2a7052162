import { createHmac, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Currency } from '#shared/money.ts';
import {
  type PaymentProvider,
  PaymentProviderError,
  PROVIDER_SUCCEEDED,
  type ProviderPaymentView,
} from './payment-provider.ts';
import { parseStripeWebhook } from './stripe-webhook.ts';

/**
 * The embedded payments: our page at /pay/sandbox/{ref} stands in for Stripe's hosted
 * checkout, and its result comes back through the same webhook as Stripe's, as a Stripe event signed
 * the Stripe way with a secret only this server knows.
 *
 * It has no `payout`: without Stripe there is no Connect account to send money to, and a made-up
 * transfer reference would tell a traveler their money left when nobody sent it. Payouts stay bank
 * transfers an admin makes by hand (ADR 0026).
 */
export interface SandboxPaymentProvider extends PaymentProvider {
  readonly kind: 'sandbox';
  /** The signed webhook the sandbox page sends for what the payer did. */
  eventsFor(input: SandboxCheckoutResult): SignedEvent;
  inspect: NonNullable<PaymentProvider['inspect']>;
}

export interface SandboxCheckoutResult {
  paymentId: string;
  packageId: string;
  /** The checkout's `cs_sandbox_…` from createCheckout. */
  providerRef: string;
  amount: number;
  currency: Currency;
  outcome: 'paid' | 'declined' | 'cancelled';
}

export interface SignedEvent {
  body: string;
  /** The value of the `stripe-signature` header. */
  signature: string;
}

/** Derived from the auth secret so a deployment has one secret to manage, not two. */
export function sandboxWebhookSecret(authSecret: string): string {
  return `whsec_${createHmac('sha256', authSecret).update('tagalong:payments-sandbox-webhooks').digest('hex')}`;
}

// Stripe-like ids; 144 random bits, so a checkout page address cannot be guessed.
const sandboxId = (prefix: string) => `${prefix}_sandbox_${randomBytes(18).toString('base64url')}`;

// What Stripe says for its decline test card 4000 0000 0000 0002.
const CARD_DECLINED = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' } as const;
const CARD_DECLINED_MESSAGE = 'Your card was declined.';

function checkoutSession(input: SandboxCheckoutResult): Record<string, unknown> {
  const metadata = { payment_id: input.paymentId, package_id: input.packageId };
  const common = {
    id: input.providerRef,
    object: 'checkout.session',
    mode: 'payment',
    amount_total: input.amount,
    amount_subtotal: input.amount,
    currency: input.currency.toLowerCase(),
    client_reference_id: input.paymentId,
    metadata,
    livemode: false,
  };
  switch (input.outcome) {
    case 'paid':
      return { ...common, status: 'complete', payment_status: 'paid', payment_intent: sandboxId('pi') };
    case 'declined':
      // Expanded, as Stripe does on request, so the decline reason travels with the event.
      return {
        ...common,
        status: 'complete',
        payment_status: 'unpaid',
        payment_intent: {
          id: sandboxId('pi'),
          object: 'payment_intent',
          status: 'requires_payment_method',
          metadata,
          last_payment_error: { ...CARD_DECLINED, message: CARD_DECLINED_MESSAGE },
        },
      };
    case 'cancelled':
      return { ...common, status: 'expired', payment_status: 'unpaid', payment_intent: null };
  }
}

/**
 * What the sandbox did for one checkout: the checkout it opened, the payment it signed, the refunds it
 * was asked for. Kept in this process's memory only: the sandbox charges nobody and has no books of its
 * own, so after a restart (or for checkouts another process opened, as the demo's seeded ones) it knows
 * nothing and says so (null), as a provider that has no such payment would. The newest few thousand
 * are kept, so a long-running demo does not grow without end.
 */
interface SandboxRecord {
  amount: number;
  currency: string;
  /** The `pi_sandbox_…` the payer's result carried; null while the checkout is open or was left. */
  paymentIntent: string | null;
  status: string;
  refunded: number;
  /** The refunds counted, by reference: a retry with the same key is one refund, as at Stripe. */
  refunds: Set<string>;
}
const KEPT_RECORDS = 5_000;

/** Stripe's PaymentIntent word for each outcome of the sandbox page. */
const INTENT_STATUS = { paid: PROVIDER_SUCCEEDED, declined: 'requires_payment_method', cancelled: 'canceled' } as const;

const EVENT_TYPES = {
  paid: 'checkout.session.completed',
  declined: 'checkout.session.async_payment_failed',
  cancelled: 'checkout.session.expired',
} as const;

export function createSandboxPaymentProvider(options: { baseUrl: string; authSecret: string }): SandboxPaymentProvider {
  const secret = sandboxWebhookSecret(options.authSecret);
  const records = new Map<string, SandboxRecord>();
  const byIntent = new Map<string, string>();
  const remember = (providerRef: string, record: SandboxRecord) => {
    records.delete(providerRef);
    records.set(providerRef, record);
    if (record.paymentIntent) byIntent.set(record.paymentIntent, providerRef);
    for (const [oldest, old] of records) {
      if (records.size <= KEPT_RECORDS) break;
      records.delete(oldest);
      if (old.paymentIntent) byIntent.delete(old.paymentIntent);
    }
  };
  const recordOf = (payment: { providerRef: string | null; providerPaymentRef: string | null }) => {
    const ref = payment.providerRef ?? (payment.providerPaymentRef && byIntent.get(payment.providerPaymentRef));
    return ref ? records.get(ref) : undefined;
  };
  return {
    kind: 'sandbox',
    async createCheckout(input) {
      const providerRef = sandboxId('cs');
      remember(providerRef, {
        amount: input.amount,
        currency: input.currency,
        paymentIntent: null,
        status: 'open',
        refunded: 0,
        refunds: new Set(),
      });
      return { url: `${options.baseUrl}/pay/sandbox/${providerRef}`, providerRef };
    },
    parseWebhook: (rawBody, headers) => parseStripeWebhook(rawBody, headers, secret),
    async refund(payment, amount, refundOptions = {}) {
      if (!Number.isSafeInteger(amount) || amount <= 0) {
        throw new PaymentProviderError(`A refund is a positive whole number of minor units, not ${amount}`);
      }
      // Nothing was charged, so nothing is sent back; the ledger still records the refund. As with
      // Stripe, a retry with the same key answers with the same refund.
      const key = refundOptions.idempotencyKey;
      const providerRefundRef = key
        ? `re_sandbox_${createHmac('sha256', secret).update(`refund:${key}`).digest('base64url').slice(0, 24)}`
        : sandboxId('re');
      const record = recordOf(payment);
      if (record && !record.refunds.has(providerRefundRef)) {
        record.refunds.add(providerRefundRef);
        record.refunded += amount;
      }
      return { providerRefundRef, amount };
    },
    async inspect(payment): Promise<ProviderPaymentView | null> {
      const record = recordOf(payment);
      if (!record?.paymentIntent) return null;
      return {
        reference: record.paymentIntent,
        status: record.status,
        // What the payer's result said was paid; nothing was received for a declined card.
        amount: record.status === PROVIDER_SUCCEEDED ? record.amount : 0,
        currency: record.currency,
        refunded: record.refunded,
      };
    },
    eventsFor(input) {
      const session = checkoutSession(input);
      const intent = session.payment_intent as string | { id: string } | null;
      const paymentIntent = typeof intent === 'string' ? intent : (intent?.id ?? null);
      const before = records.get(input.providerRef);
      // What it signs is what it holds: the amount and currency the result carries, not the checkout's.
      remember(input.providerRef, {
        amount: input.amount,
        currency: input.currency,
        paymentIntent,
        status: INTENT_STATUS[input.outcome],
        refunded: before?.refunded ?? 0,
        refunds: before?.refunds ?? new Set(),
      });
      const payload = JSON.stringify({
        id: sandboxId('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: EVENT_TYPES[input.outcome],
        data: { object: session },
      });
      return { body: payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
  };
}
