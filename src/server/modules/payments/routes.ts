import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import type { CodeKeys } from '#server/lib/codes.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import { member } from '#server/plugins/auth-guard.ts';
import type { SandboxPaymentProvider } from '#server/providers/payments/sandbox.ts';
import type { StripePaymentProvider } from '#server/providers/payments/stripe.ts';
import { AppError, apiErrorSchema } from '#shared/errors.ts';
import { packageParamsSchema } from '#shared/packages.ts';
import {
  paymentSchema,
  sandboxCardSchema,
  sandboxCheckoutParamsSchema,
  sandboxCheckoutSchema,
  sandboxResultSchema,
  startPaymentResponseSchema,
  webhookAckSchema,
} from '#shared/payments.ts';
import { requestParamsSchema } from '#shared/requests.ts';
import { checkoutPages, latestPayment, startPayment } from './checkout.ts';
import { refundMismatchedPayment, refundStrayPayment } from './refunds.ts';
import { cardOutcome, getSandboxCheckout, openSandboxCheckout } from './sandbox.ts';
import { startTopUp } from './top-up.ts';
import { handlePaymentWebhook } from './webhook.ts';

export interface PaymentRoutesOptions {
  db: Database;
  provider: SandboxPaymentProvider | StripePaymentProvider;
  notifier: Notifier;
  settings: SettingsStore;
  baseUrl: string;
  /** Makes the handover codes of a match a paid difference completes (docs/product.md §4.5). */
  codeKeys: CodeKeys;
}

const pathAndQuery = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

export const WEBHOOK_URL = '/api/payments/webhook/stripe';
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** Payments: start a checkout, the provider's signed webhook, the return page's poll, the sandbox checkout. */
export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, options) => {
  const { db, provider, notifier, settings, baseUrl, codeKeys } = options;

  app.post(
    '/api/packages/:id/payments',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['payments'],
        summary: "Pay for my draft: opens (or reuses) its checkout and answers the provider's page",
        params: packageParamsSchema,
        response: { 200: startPaymentResponseSchema, ...errors, 503: apiErrorSchema },
      },
    },
    async (req) => startPayment(db, provider, settings, member(req), req.params.id, baseUrl),
  );

  app.post(
    '/api/requests/:id/top-up',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['payments'],
        summary:
          "Pay the difference of a reward agreed above the one paid (the sender, while the request is agreed): opens (or reuses) its checkout and answers the provider's page",
        params: requestParamsSchema,
        response: { 200: startPaymentResponseSchema, ...errors, 503: apiErrorSchema },
      },
    },
    async (req) => startTopUp(db, provider, settings, member(req), req.params.id, baseUrl),
  );

  app.get(
    '/api/packages/:id/payments/latest',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['payments'],
        summary: 'The newest payment of my package (the return page polls it until the webhook has spoken)',
        params: packageParamsSchema,
        response: { 200: paymentSchema, ...errors },
      },
    },
    async (req) => latestPayment(db, member(req), req.params.id),
  );

  // The provider's webhook reads the raw bytes: the signature covers them exactly as sent.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));
    raw.post(
      WEBHOOK_URL,
      {
        config: { signedWebhook: true },
        schema: {
          tags: ['payments'],
          summary: 'Payment provider webhook (Stripe events; the sandbox sends the same, signed with its own secret)',
          response: { 200: webhookAckSchema, 400: apiErrorSchema },
        },
      },
      async (req) => {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const parsed = provider.parseWebhook(body, req.headers);
        if (!parsed.ok) {
          req.log.warn({ reason: parsed.reason }, 'payment webhook rejected');
          app.metrics.paymentWebhooks.inc({ outcome: 'rejected' });
          throw new AppError('INVALID_PAYMENT_WEBHOOK', { detail: parsed.reason });
        }
        const outcome = await handlePaymentWebhook(
          db,
          notifier,
          { kind: provider.kind, codeKeys, settings },
          parsed.event,
          req.log,
        );
        req.log.info(
          { outcome: outcome.kind, type: parsed.event.type, eventId: parsed.event.eventId },
          'payment webhook',
        );
        app.metrics.paymentWebhooks.inc({ outcome: outcome.kind });
        if (outcome.kind === 'refund_needed') {
          req.log.warn({ paymentId: outcome.payment.id }, 'payment for a package that no longer takes it: refunding');
          // The event is recorded; if this refund fails the admin sees a succeeded payment on a
          // package that was not published, and refunds it from the back office.
          await refundStrayPayment(db, provider, outcome.payment).catch((err) =>
            req.log.error({ err, paymentId: outcome.payment.id }, 'automatic refund failed'),
          );
        }
        if (outcome.kind === 'amount_mismatch') {
          // Recorded and the admins told in the webhook's transaction; if this refund fails the
          // payment shows it unrefunded and an admin sends it back at the provider.
          await refundMismatchedPayment(db, provider, outcome.payment).catch((err) =>
            req.log.error({ err, paymentId: outcome.payment.id }, 'refund of a mismatched payment failed'),
          );
        }
        return { received: true as const };
      },
    );
  });

  if (provider.kind === 'sandbox') {
    const sandbox = provider;
    const deliver = async (event: { body: string; signature: string }) => {
      const res = await app.inject({
        method: 'POST',
        url: WEBHOOK_URL,
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        payload: event.body,
      });
      if (res.statusCode !== 200) app.log.error({ status: res.statusCode, body: res.body }, 'sandbox webhook failed');
    };

    app.get(
      '/api/payments/sandbox/:ref',
      {
        config: { auth: 'member' },
        schema: {
          tags: ['payments'],
          summary: 'The sandbox checkout behind /pay/sandbox/{ref} (embedded provider only)',
          params: sandboxCheckoutParamsSchema,
          response: { 200: sandboxCheckoutSchema, ...errors },
        },
      },
      async (req) => getSandboxCheckout(db, member(req).id, req.params.ref),
    );

    app.post(
      '/api/payments/sandbox/:ref/pay',
      {
        config: { auth: 'member' },
        schema: {
          tags: ['payments'],
          summary: 'Pay the sandbox checkout with a test card; the result arrives through the signed webhook',
          params: sandboxCheckoutParamsSchema,
          body: sandboxCardSchema,
          response: { 200: sandboxResultSchema, ...errors },
        },
      },
      async (req) => {
        const me = member(req);
        const { payment, currency } = await openSandboxCheckout(db, me.id, req.params.ref);
        const outcome = cardOutcome(req.body.cardNumber);
        await deliver(
          sandbox.eventsFor({
            paymentId: payment.id,
            packageId: payment.packageId,
            providerRef: req.params.ref,
            amount: payment.amount,
            currency,
            outcome,
          }),
        );
        return { redirectTo: new URL(checkoutPages(baseUrl, payment).successUrl).pathname, outcome };
      },
    );

    app.post(
      '/api/payments/sandbox/:ref/cancel',
      {
        config: { auth: 'member' },
        schema: {
          tags: ['payments'],
          summary: 'Leave the sandbox checkout without paying',
          params: sandboxCheckoutParamsSchema,
          response: { 200: sandboxResultSchema, ...errors },
        },
      },
      async (req) => {
        const me = member(req);
        const { payment, currency } = await openSandboxCheckout(db, me.id, req.params.ref);
        await deliver(
          sandbox.eventsFor({
            paymentId: payment.id,
            packageId: payment.packageId,
            providerRef: req.params.ref,
            amount: payment.amount,
            currency,
            outcome: 'cancelled',
          }),
        );
        return {
          redirectTo: pathAndQuery(checkoutPages(baseUrl, payment).cancelUrl),
          outcome: 'cancelled' as const,
        };
      },
    );
  }
};
