import { createSandboxPaymentProvider, type SandboxPaymentProvider } from './sandbox.ts';
import { createStripePaymentProvider, type StripeOptions, type StripePaymentProvider } from './stripe.ts';

/** What choosing a provider needs; config.ts gains these keys when payments are wired in. */
export interface PaymentProviderConfig {
  baseUrl: string;
  authSecret: string;
  /** Set when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are. */
  stripe?: Pick<StripeOptions, 'secretKey' | 'webhookSecret' | 'apiBase'>;
}

/**
 * Stripe when its keys are configured; otherwise the embedded sandbox. A union, so `kind === 'sandbox'`
 * narrows to the provider whose checkout page can sign its own events.
 */
export function createPaymentProvider(config: PaymentProviderConfig): SandboxPaymentProvider | StripePaymentProvider {
  if (config.stripe) return createStripePaymentProvider(config.stripe);
  return createSandboxPaymentProvider({ baseUrl: config.baseUrl, authSecret: config.authSecret });
}
