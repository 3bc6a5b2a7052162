import type { IncomingHttpHeaders } from 'node:http';
import type { Currency } from '#shared/money.ts';

/** What a checkout is for: one payment of one package, in minor units. */
export interface CheckoutInput {
  /** Our payment id; travels with the checkout (Stripe: metadata.payment_id) and comes back in the webhook. */
  paymentId: string;
  packageId: string;
  packageTitle: string;
  amount: number;
  currency: Currency;
  customerEmail: string;
  /** The return page for a completed checkout, and for an abandoned one. */
  successUrl: string;
  cancelUrl: string;
}

export interface Checkout {
  /** Where the browser goes to pay (the provider's hosted page, or our sandbox page). */
  url: string;
  /** The provider's id of this checkout (Stripe: the Checkout Session id `cs_…`). */
  providerRef: string;
}

/** A provider webhook reduced to what the payment state machine needs. */
export type PaymentWebhookEvent = {
  /** The provider's event id: a redelivery carries the same one (idempotency key). */
  eventId: string;
  type: string;
  /** Our payment id from the checkout's metadata, when the event carries it. */
  paymentId: string | null;
  /** The checkout's id at the provider. */
  providerRef: string | null;
} & (
  | {
      kind: 'succeeded';
      amount: number;
      currency: string;
      /** The charge to refund later (Stripe: the PaymentIntent id `pi_…`). */
      providerPaymentRef: string | null;
    }
  | { kind: 'failed'; reason: string }
  | { kind: 'cancelled' }
  | { kind: 'other' }
);

export type ParsedPaymentWebhook =
  | { ok: true; event: PaymentWebhookEvent }
  | { ok: false; status: 400; reason: string };

export interface RefundResult {
  providerRefundRef: string;
  amount: number;
}

/** What the provider itself holds for one payment, for reconciling our books with it (docs/product.md §8). */
export interface ProviderPaymentView {
  /** The provider's id of the payment (Stripe: the PaymentIntent `pi_…`). */
  reference: string;
  /** The provider's own word for its state (Stripe: `succeeded`, `processing`, `requires_payment_method`, …). */
  status: string;
  /** Minor units the provider received (0 until it has). */
  amount: number;
  /** Upper case, as our currencies are written. */
  currency: string;
  /** Minor units the provider has sent back. */
  refunded: number;
}

/** The provider's status word for a payment that went through (Stripe's PaymentIntent `succeeded`). */
export const PROVIDER_SUCCEEDED = 'succeeded';

/** Money from our platform's balance at the provider to a traveler's connected account (ADR 0026). */
export interface PayoutTransfer {
  /** Our payout id: the transfer's idempotency key is made from it, and it travels in the metadata. */
  payoutId: string;
  /** Minor units. */
  amount: number;
  currency: Currency;
  /** The connected account (Stripe: `acct_…`). */
  destination: string;
}

export interface PayoutTransferResult {
  /** The provider's id of the transfer (Stripe: `tr_…`), kept as the payout's reference. */
  providerTransferRef: string;
}

/**
 * A payment provider. The sandbox (embedded default) and Stripe share the webhook format:
 * the sandbox signs Stripe-shaped events with a local secret, so from the webhook on both run the
 * same code.
 */
export interface PaymentProvider {
  readonly kind: 'sandbox' | 'stripe';
  createCheckout(input: CheckoutInput): Promise<Checkout>;
  /** Checks the signature of a raw webhook body and reads it; never throws. */
  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): ParsedPaymentWebhook;
  /**
   * Refunds `amount` (minor units) of a succeeded payment. Throws PaymentProviderError on failure.
   * `idempotencyKey`: our id of this refund, so a retry after a lost answer cannot refund twice; without
   * it the key is derived from the payment and the amount (a second refund of the same amount of the
   * same payment within Stripe's 24 h key window would then be answered with the first one).
   */
  refund(
    payment: { providerRef: string | null; providerPaymentRef: string | null; currency: Currency },
    amount: number,
    options?: { idempotencyKey?: string },
  ): Promise<RefundResult>;
  /**
   * Sends a payout to a connected account. Optional: only a provider that can pay travelers out has it
   * (Stripe Connect); without it payouts go to bank accounts by hand. The same payout asked twice is
   * one transfer (the key is the payout's id). Throws PaymentProviderError on failure.
   */
  payout?(transfer: PayoutTransfer): Promise<PayoutTransferResult>;
  /**
   * What the provider holds for a payment: null when it has none (the checkout was never paid, or the
   * provider does not know it). Read only. Optional so a stand-in provider in a test may leave it out;
   * both real providers have it. Throws PaymentProviderError when the provider cannot be asked.
   */
  inspect?(payment: {
    providerRef: string | null;
    providerPaymentRef: string | null;
    currency: Currency;
  }): Promise<ProviderPaymentView | null>;
}

/** The provider failed or refused; the message never contains a secret. */
export class PaymentProviderError extends Error {
  readonly httpStatus: number | null;
  constructor(message: string, details: { httpStatus?: number | null; cause?: unknown } = {}) {
    super(message, { cause: details.cause });
    this.name = 'PaymentProviderError';
    this.httpStatus = details.httpStatus ?? null;
  }
}
