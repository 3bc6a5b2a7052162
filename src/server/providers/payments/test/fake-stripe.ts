import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { Checkout, CheckoutInput, PaymentProvider } from '#server/providers/payments/payment-provider.ts';
import { STRIPE_SIGNATURE_HEADER } from '#server/providers/payments/stripe-webhook.ts';
import { createFakeConnect, type FakeConnect } from './fake-stripe-connect.ts';
import { invalidInteger, missingParam, now, type Reply, stripeError, stripeId } from './fake-stripe-replies.ts';
import { parseStripeForm } from './stripe-form.ts';

export interface StripeRequest {
  method: string | undefined;
  path: string | undefined;
  headers: IncomingHttpHeaders;
  /** The form-encoded body read back into objects and arrays (every leaf a string, as sent). */
  body: Record<string, unknown>;
  rawBody: string;
}

export interface FakeStripe extends Pick<FakeConnect, 'accounts' | 'transfers' | 'connectAccount'> {
  /** The `apiBase` for this server. */
  url: string;
  requests: StripeRequest[];
  /** Checkout Sessions created so far, by id. */
  sessions: Map<string, Record<string, unknown>>;
  refunds: Map<string, Record<string, unknown>>;
  /** PaymentIntents of the sessions paid so far, by id: what Stripe holds, to change behind our back in a test. */
  paymentIntents: Map<string, FakePaymentIntent>;
  /** Pays an open session as Stripe would, and returns the `checkout.session.completed` event it sends. */
  completeSession(sessionId: string): Record<string, unknown>;
  /** Answers the next request with `status` (and `body`, or a Stripe-like error), whatever it asks. */
  failNext(status: number, body?: unknown): void;
  close(): Promise<void>;
}

export interface FakePaymentIntent {
  amount: number;
  currency: string;
  refunded: number;
  status: string;
  chargeId: string;
  metadata: unknown;
}

export const FAKE_STRIPE_KEYS = {
  secretKey: 'sk_test_51FakeKey0123456789abcdefghijklmnopqrstuvwxyzABCDEF',
  webhookSecret: 'whsec_fake0123456789abcdefghijklmnopqrstuv',
} as const;

/** A v1 snapshot event as Stripe sends it to a webhook endpoint. */
export function stripeEvent(type: string, object: Record<string, unknown>): Record<string, unknown> {
  return {
    id: stripeId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: now(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/**
 * An event body as Stripe delivers it, with the `stripe-signature` header signed with `webhookSecret`.
 * `timestamp` (seconds) signs it as of another time, e.g. to make a stale signature.
 */
export function signedStripeEvent(
  event: unknown,
  webhookSecret: string,
  options: { timestamp?: number } = {},
): { body: string; headers: { 'content-type': string; [STRIPE_SIGNATURE_HEADER]: string } } {
  // Stripe sends pretty-printed JSON; the signature covers exactly these bytes.
  const body = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: webhookSecret,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
  return { body, headers: { 'content-type': 'application/json', [STRIPE_SIGNATURE_HEADER]: signature } };
}

/**
 * A local stand-in for https://api.stripe.com on 127.0.0.1 (random port), answering the calls the
 * adapter makes in Stripe's shapes: create and read a Checkout Session, read a PaymentIntent (with its
 * latest charge, what it received and what was refunded of it), create a Refund, create a Transfer
 * to a connected account (the accounts the test connects with `connectAccount`). It checks the
 * secret key, reads the SDK's form encoding, records every request and replays idempotent ones the
 * way Stripe does (same key and parameters: the first answer again; other parameters: an error).
 */
export async function startFakeStripe(keys: { secretKey: string } = FAKE_STRIPE_KEYS): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const refunds = new Map<string, Record<string, unknown>>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const idempotent = new Map<string, { request: string; reply: Reply }>();
  const failures: Reply[] = [];
  const connect = createFakeConnect();

  function createSession(body: Record<string, unknown>): Reply {
    if (body.mode !== 'payment')
      return body.mode ? stripeError(400, 'invalid_request_error', 'Invalid mode') : missingParam('mode');
    if (typeof body.success_url !== 'string') return missingParam('success_url');
    const items = body.line_items;
    if (!Array.isArray(items) || items.length !== 1) return missingParam('line_items');
    const item = items[0] as { price_data?: Record<string, unknown>; quantity?: string };
    const price = item.price_data;
    if (!price) return missingParam('line_items[0][price_data]');
    const currency = String(price.currency ?? '');
    if (!/^[a-z]{3}$/.test(currency)) {
      return stripeError(400, 'invalid_request_error', `Invalid currency: ${currency}.`, { param: 'currency' });
    }
    const unitAmount = Number(price.unit_amount);
    const quantity = Number(item.quantity ?? '1');
    if (!Number.isSafeInteger(unitAmount)) return invalidInteger('line_items[0][price_data][unit_amount]');
    if (!Number.isSafeInteger(quantity) || quantity < 1) return invalidInteger('line_items[0][quantity]');
    const productData = price.product_data as Record<string, unknown> | undefined;
    if (!productData?.name) return missingParam('line_items[0][price_data][product_data][name]');
    const id = stripeId('cs');
    const session = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: unitAmount * quantity,
      amount_total: unitAmount * quantity,
      currency,
      customer_email: body.customer_email ?? null,
      client_reference_id: body.client_reference_id ?? null,
      metadata: body.metadata ?? {},
      success_url: body.success_url,
      cancel_url: body.cancel_url ?? null,
      payment_intent: null,
      url: `https://checkout.stripe.com/c/pay/${id}#fake`,
      livemode: false,
      created: now(),
      expires_at: now() + 24 * 3600,
    };
    sessions.set(id, session);
    return { status: 200, body: session };
  }

  function createRefund(body: Record<string, unknown>): Reply {
    const paymentIntentId = body.payment_intent;
    if (typeof paymentIntentId !== 'string') return missingParam('payment_intent');
    const intent = paymentIntents.get(paymentIntentId);
    if (!intent) {
      return stripeError(404, 'invalid_request_error', `No such payment_intent: '${paymentIntentId}'`, {
        code: 'resource_missing',
        param: 'payment_intent',
      });
    }
    const amount = body.amount === undefined ? intent.amount - intent.refunded : Number(body.amount);
    if (!Number.isSafeInteger(amount) || amount < 1) return invalidInteger('amount');
    if (amount > intent.amount - intent.refunded) {
      return stripeError(
        400,
        'invalid_request_error',
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - intent.refunded})`,
        { code: 'amount_too_large', param: 'amount' },
      );
    }
    intent.refunded += amount;
    const refund = {
      id: stripeId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: paymentIntentId,
      status: 'succeeded',
      metadata: body.metadata ?? {},
      created: now(),
    };
    refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  /** A PaymentIntent as Stripe answers it; its charge in full when asked with `expand[]=latest_charge`. */
  function readPaymentIntent(id: string, query: Record<string, unknown>): Reply {
    const intent = paymentIntents.get(id);
    if (!intent) {
      return stripeError(404, 'invalid_request_error', `No such payment_intent: '${id}'`, {
        code: 'resource_missing',
        param: 'intent',
      });
    }
    const expand = Object.values((query.expand as Record<string, unknown> | undefined) ?? {});
    const received = intent.status === 'succeeded' ? intent.amount : 0;
    const charge = {
      id: intent.chargeId,
      object: 'charge',
      amount: intent.amount,
      amount_captured: received,
      amount_refunded: intent.refunded,
      currency: intent.currency,
      paid: received > 0,
      payment_intent: id,
      refunded: received > 0 && intent.refunded === received,
      status: received > 0 ? 'succeeded' : 'failed',
    };
    return {
      status: 200,
      body: {
        id,
        object: 'payment_intent',
        amount: intent.amount,
        amount_received: received,
        currency: intent.currency,
        status: intent.status,
        latest_charge: expand.includes('latest_charge') ? charge : charge.id,
        metadata: intent.metadata,
        livemode: false,
        created: now(),
      },
    };
  }

  function route(method: string | undefined, path: string, body: Record<string, unknown>): Reply {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(body);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(body);
    if (method === 'POST' && path === '/v1/transfers') return connect.createTransfer(body);
    const intent = /^\/v1\/payment_intents\/([^/?]+)$/.exec(path);
    if (method === 'GET' && intent) return readPaymentIntent(decodeURIComponent(intent[1] ?? ''), body);
    const read = /^\/v1\/checkout\/sessions\/([^/?]+)$/.exec(path);
    if (method === 'GET' && read) {
      const session = sessions.get(decodeURIComponent(read[1] ?? ''));
      if (session) return { status: 200, body: session };
      return stripeError(404, 'invalid_request_error', `No such checkout.session: '${read[1]}'`, {
        code: 'resource_missing',
      });
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  function answer(request: StripeRequest): Reply {
    const failure = failures.shift();
    if (failure) return failure;
    const auth = request.headers.authorization ?? '';
    if (auth !== `Bearer ${keys.secretKey}`) {
      // Stripe quotes the key it was given, masked but for the last four characters.
      const given = auth.replace(/^Bearer /, '');
      return stripeError(
        401,
        'invalid_request_error',
        `Invalid API Key provided: ${given.slice(0, 8)}****${given.slice(-4)}`,
      );
    }
    const key = request.headers['idempotency-key'];
    if (request.method !== 'POST' || typeof key !== 'string') {
      return route(request.method, request.path ?? '', request.body);
    }
    const seen = idempotent.get(key);
    const fingerprint = `${request.method} ${request.path} ${request.rawBody}`;
    if (seen) {
      if (seen.request === fingerprint) return seen.reply;
      return stripeError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    const reply = route(request.method, request.path ?? '', request.body);
    // Stripe saves a result only once the request began executing: a refused one may be retried.
    if (reply.status === 200) idempotent.set(key, { request: fingerprint, reply });
    return reply;
  }

  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      // GETs carry their parameters in the query string.
      const body = parseStripeForm(req.method === 'GET' ? url.search.slice(1) : raw);
      const request = { method: req.method, path: url.pathname, headers: req.headers, body, rawBody: raw };
      requests.push(request);
      const reply = answer(request);
      res.writeHead(reply.status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(7).toString('hex')}`,
      });
      res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    refunds,
    paymentIntents,
    accounts: connect.accounts,
    transfers: connect.transfers,
    connectAccount: connect.connectAccount,
    completeSession(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const paymentIntent = stripeId('pi');
      const amount = Number(session.amount_total);
      paymentIntents.set(paymentIntent, {
        amount,
        currency: String(session.currency),
        refunded: 0,
        status: 'succeeded',
        chargeId: stripeId('ch'),
        metadata: session.metadata,
      });
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: paymentIntent, url: null });
      return stripeEvent('checkout.session.completed', { ...session });
    },
    failNext(status, body) {
      failures.push({
        status,
        body: body ?? {
          error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message: `Fake failure ${status}` },
        },
      });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        // The SDK keeps connections alive; they would hold the server open.
        server.closeAllConnections();
      }),
  };
}

export const EXAMPLE_CHECKOUT: CheckoutInput = {
  paymentId: 'pay_7Yq2mK9xR4',
  packageId: 'pkg_3kP9vQ2mX7',
  packageTitle: 'Winter coat, Lisbon → Berlin',
  amount: 2450,
  currency: 'EUR',
  customerEmail: 'ada@example.com',
  // Query strings and percent-escapes included: Stripe must get back exactly what we send.
  successUrl: 'https://tagalong.example/user/packages/pkg_3kP9vQ2mX7/payment/callback?result=success&x=a+b',
  cancelUrl: 'https://tagalong.example/user/packages/pkg_3kP9vQ2mX7/payment?cancelled=1&next=%2Fhome',
};

/**
 * A checkout created through `provider` (a fresh payment id unless given) and paid at the fake: the
 * checkout, the `checkout.session.completed` event Stripe would deliver, and the PaymentIntent.
 */
export async function paidCheckout(
  provider: PaymentProvider,
  stripe: FakeStripe,
  input: Partial<CheckoutInput> = {},
): Promise<{ checkout: Checkout; event: Record<string, unknown>; paymentIntent: string }> {
  const checkout = await provider.createCheckout({
    ...EXAMPLE_CHECKOUT,
    paymentId: `pay_${randomBytes(9).toString('hex')}`,
    ...input,
  });
  const event = stripe.completeSession(checkout.providerRef);
  const session = (event.data as { object: { payment_intent: string } }).object;
  return { checkout, event, paymentIntent: session.payment_intent };
}
