import Stripe from 'stripe';
import {
  type PaymentProvider,
  PaymentProviderError,
  type PayoutTransfer,
  type PayoutTransferResult,
  type ProviderPaymentView,
  type RefundResult,
} from './payment-provider.ts';
import { parseStripeWebhook } from './stripe-webhook.ts';

export interface StripeOptions {
  /**
   * `sk_…` (or a restricted `rk_…` key allowed to create Checkout Sessions, Refunds and Transfers, and
   * to read PaymentIntents for the back office's reconciliation).
   */
  secretKey: string;
  /** `whsec_…` of the webhook endpoint `POST /api/payments/webhook/stripe`. */
  webhookSecret: string;
  /** Where the API is, e.g. `http://127.0.0.1:12345`; Stripe's own when absent. Tests point it at a fake. */
  apiBase?: string;
  timeoutMs?: number;
  maxNetworkRetries?: number;
}

export interface StripePaymentProvider extends PaymentProvider {
  readonly kind: 'stripe';
  /** Stripe Connect: a Transfer to the traveler's connected account. */
  payout(transfer: PayoutTransfer): Promise<PayoutTransferResult>;
  inspect: NonNullable<PaymentProvider['inspect']>;
}

/** The SDK takes host, port and protocol apart (https://github.com/stripe/stripe-node#configuration). */
function apiAddress(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

// Stripe's "Invalid API Key provided: sk_test_****abcd" shows part of the key; no part of one is
// ever quoted in our errors or logs.
const API_KEY = /\b(?:sk|rk|pk)_(?:test|live)_[A-Za-z0-9*]+/g;

function assertAmount(amount: number, what = 'A refund'): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new PaymentProviderError(`${what} is a positive whole number of minor units, not ${amount}`);
  }
}

/** One payout, one transfer: a retry, or a second admin's click, gets the first transfer back. */
export const payoutIdempotencyKey = (payoutId: string) => `tagalong-payout-${payoutId}`;

/**
 * Stripe Checkout (https://docs.stripe.com/payments/checkout): one Checkout Session per payment, the
 * result confirmed only by the signed webhook, refunds through the Refunds API, and payouts to travelers'
 * Stripe Connect accounts through the Transfers API (https://docs.stripe.com/connect/separate-charges-and-transfers).
 */
export function createStripePaymentProvider(options: StripeOptions): StripePaymentProvider {
  if (!options.secretKey.trim() || !options.webhookSecret.trim()) {
    throw new Error('Stripe needs both a secret key and a webhook signing secret');
  }
  const stripe = new Stripe(options.secretKey, {
    timeout: options.timeoutMs ?? 10_000,
    // Every POST carries an idempotency key (ours, or one the SDK makes), so a retry never creates a second object.
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    telemetry: false,
    appInfo: { name: 'Tagalong' },
    ...apiAddress(options.apiBase),
  });

  const redact = (text: string) => text.replaceAll(options.secretKey, '[redacted]').replace(API_KEY, '[redacted]');

  /** Runs one SDK call; its failure becomes a PaymentProviderError with Stripe's words, never the key. */
  async function call<T>(action: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) {
        const status = error.statusCode ?? null;
        const where = status === null ? '' : ` (HTTP ${status})`;
        const code = error.code ? ` [${error.code}]` : '';
        const requestId = error.requestId ? ` (request ${error.requestId})` : '';
        // The SDK error is not kept as the cause: it may quote the key, and its message is all we need.
        throw new PaymentProviderError(
          `Stripe could not ${action}${where}${code}: ${redact(error.message).slice(0, 500)}${requestId}`,
          { httpStatus: status },
        );
      }
      throw new PaymentProviderError(`Stripe could not ${action}: unexpected failure`, { cause: error });
    }
  }

  /** A read that answers null for an object Stripe does not have, and fails like `call` otherwise. */
  function find<T>(action: string, request: () => Promise<T>): Promise<T | null> {
    return call(action, async () => {
      try {
        return await request();
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError && error.code === 'resource_missing') return null;
        throw error;
      }
    });
  }

  /** The PaymentIntent of a checkout, for a payment whose webhook did not carry it. */
  async function paymentIntentOf(sessionId: string | null): Promise<string> {
    if (sessionId) {
      const session = await call('read the checkout', () => stripe.checkout.sessions.retrieve(sessionId));
      const ref = session.payment_intent;
      if (ref) return typeof ref === 'string' ? ref : ref.id;
    }
    throw new PaymentProviderError('Stripe has no charge to refund for this payment');
  }

  return {
    kind: 'stripe',
    async createCheckout(input) {
      const metadata = { payment_id: input.paymentId, package_id: input.packageId };
      const session = await call('create the checkout', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                price_data: {
                  currency: input.currency.toLowerCase(),
                  unit_amount: input.amount,
                  product_data: { name: input.packageTitle },
                },
                quantity: 1,
              },
            ],
            customer_email: input.customerEmail,
            client_reference_id: input.paymentId,
            // On the PaymentIntent too, so charges and refunds in Stripe's dashboard say which payment they are.
            metadata,
            payment_intent_data: { metadata },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          // One payment, one session: a retry after a lost answer gets the same session back.
          { idempotencyKey: `tagalong-checkout-${input.paymentId}` },
        ),
      );
      if (!session.url) throw new PaymentProviderError('Stripe created a checkout without a page to send the payer to');
      return { url: session.url, providerRef: session.id };
    },
    parseWebhook: (rawBody, headers) => parseStripeWebhook(rawBody, headers, options.webhookSecret),
    async refund(payment, amount, refundOptions = {}): Promise<RefundResult> {
      assertAmount(amount);
      const paymentIntent = payment.providerPaymentRef ?? (await paymentIntentOf(payment.providerRef));
      const idempotencyKey = refundOptions.idempotencyKey ?? `tagalong-refund-${paymentIntent}-${amount}`;
      const refund = await call('refund the payment', () =>
        stripe.refunds.create({ payment_intent: paymentIntent, amount }, { idempotencyKey }),
      );
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new PaymentProviderError(`Stripe refused the refund (${refund.status})`);
      }
      return { providerRefundRef: refund.id, amount: refund.amount };
    },
    async inspect(payment): Promise<ProviderPaymentView | null> {
      let intentId = payment.providerPaymentRef;
      if (!intentId && payment.providerRef) {
        const sessionId = payment.providerRef;
        const session = await find('read the checkout', () => stripe.checkout.sessions.retrieve(sessionId));
        const ref = session?.payment_intent;
        intentId = ref ? (typeof ref === 'string' ? ref : ref.id) : null;
      }
      // A checkout without a PaymentIntent was never paid: Stripe holds nothing for it.
      if (!intentId) return null;
      const id = intentId;
      const intent = await find('read the payment', () =>
        stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }),
      );
      if (!intent) return null;
      // The charge that went through is the latest one; refunds, whoever made them, are counted on it.
      const charge = intent.latest_charge;
      return {
        reference: intent.id,
        status: intent.status,
        amount: intent.amount_received,
        currency: intent.currency.toUpperCase(),
        refunded: charge && typeof charge !== 'string' ? charge.amount_refunded : 0,
      };
    },
    async payout(transfer) {
      assertAmount(transfer.amount, 'A transfer');
      const created = await call('transfer the payout', () =>
        stripe.transfers.create(
          {
            amount: transfer.amount,
            currency: transfer.currency.toLowerCase(),
            destination: transfer.destination,
            metadata: { payoutId: transfer.payoutId },
          },
          { idempotencyKey: payoutIdempotencyKey(transfer.payoutId) },
        ),
      );
      return { providerTransferRef: created.id };
    },
  };
}
