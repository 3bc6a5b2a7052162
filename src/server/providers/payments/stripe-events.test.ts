import { describe, expect, it } from 'vitest';
import { readStripeEvent } from './stripe-events.ts';

function session(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'cs_test_a1',
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    amount_total: 2450,
    currency: 'eur',
    client_reference_id: 'pay_1',
    metadata: { payment_id: 'pay_1', package_id: 'pkg_1' },
    payment_intent: 'pi_test_1',
    ...fields,
  };
}

function event(type: string, object: Record<string, unknown>, fields: Record<string, unknown> = {}) {
  return { id: 'evt_test_1', object: 'event', type, data: { object }, livemode: false, ...fields };
}

const base = { eventId: 'evt_test_1', paymentId: 'pay_1', providerRef: 'cs_test_a1' };

describe('Stripe events → payment events', () => {
  it('reads a paid checkout.session.completed as succeeded, with our payment id and the PaymentIntent', () => {
    expect(readStripeEvent(event('checkout.session.completed', session()))).toEqual({
      ...base,
      type: 'checkout.session.completed',
      kind: 'succeeded',
      amount: 2450,
      currency: 'EUR',
      providerPaymentRef: 'pi_test_1',
    });
  });

  it('reads an unpaid checkout.session.completed as other: a delayed method reports later', () => {
    expect(readStripeEvent(event('checkout.session.completed', session({ payment_status: 'unpaid' })))).toEqual({
      ...base,
      type: 'checkout.session.completed',
      kind: 'other',
    });
    expect(
      readStripeEvent(event('checkout.session.completed', session({ payment_status: 'no_payment_required' }))),
    ).toMatchObject({ kind: 'other' });
  });

  it('reads checkout.session.async_payment_succeeded as succeeded', () => {
    expect(readStripeEvent(event('checkout.session.async_payment_succeeded', session()))).toMatchObject({
      ...base,
      kind: 'succeeded',
      amount: 2450,
      currency: 'EUR',
      providerPaymentRef: 'pi_test_1',
    });
  });

  it('reads checkout.session.async_payment_failed as failed, with the decline reason when the intent is expanded', () => {
    const expanded = {
      id: 'pi_test_1',
      object: 'payment_intent',
      last_payment_error: {
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      },
    };
    expect(
      readStripeEvent(
        event('checkout.session.async_payment_failed', session({ payment_status: 'unpaid', payment_intent: expanded })),
      ),
    ).toEqual({
      ...base,
      type: 'checkout.session.async_payment_failed',
      kind: 'failed',
      reason: 'Your card was declined.',
    });

    const codeOnly = { ...expanded, last_payment_error: { code: 'card_declined', message: '  ' } };
    expect(
      readStripeEvent(event('checkout.session.async_payment_failed', session({ payment_intent: codeOnly }))),
    ).toMatchObject({ kind: 'failed', reason: 'card_declined' });
    expect(readStripeEvent(event('checkout.session.async_payment_failed', session()))).toMatchObject({
      kind: 'failed',
      reason: 'The payment did not go through',
    });
  });

  it('reads checkout.session.expired as cancelled', () => {
    expect(
      readStripeEvent(event('checkout.session.expired', session({ status: 'expired', payment_intent: null }))),
    ).toEqual({ ...base, type: 'checkout.session.expired', kind: 'cancelled' });
  });

  it('takes the payment id from client_reference_id when the metadata lacks it', () => {
    expect(readStripeEvent(event('checkout.session.completed', session({ metadata: {} })))).toMatchObject({
      paymentId: 'pay_1',
      kind: 'succeeded',
    });
    expect(
      readStripeEvent(event('checkout.session.expired', session({ metadata: null, client_reference_id: null }))),
    ).toMatchObject({ paymentId: null, kind: 'cancelled' });
  });

  it('reads an expanded PaymentIntent of a paid session by its id', () => {
    const paid = session({ payment_intent: { id: 'pi_test_9', object: 'payment_intent' } });
    expect(readStripeEvent(event('checkout.session.completed', paid))).toMatchObject({
      kind: 'succeeded',
      providerPaymentRef: 'pi_test_9',
    });
  });

  it('acknowledges any other event as other, keeping our payment id when its object has our metadata', () => {
    const intent = { id: 'pi_test_1', object: 'payment_intent', metadata: { payment_id: 'pay_1' } };
    expect(readStripeEvent(event('payment_intent.succeeded', intent))).toEqual({
      eventId: 'evt_test_1',
      type: 'payment_intent.succeeded',
      paymentId: 'pay_1',
      providerRef: null,
      kind: 'other',
    });
    expect(readStripeEvent(event('charge.refunded', { id: 'ch_1', object: 'charge' }))).toMatchObject({
      paymentId: null,
      kind: 'other',
    });
    expect(readStripeEvent(event('checkout.session.something_new', session()))).toMatchObject({ kind: 'other' });
  });

  it.each([
    ['null', null],
    ['a string', 'checkout.session.completed'],
    ['no id', { ...event('checkout.session.completed', session()), id: undefined }],
    ['an empty id', event('checkout.session.completed', session(), { id: '' })],
    ['not an event object', event('checkout.session.completed', session(), { object: 'v2.core.event' })],
    ['no type', event('checkout.session.completed', session(), { type: undefined })],
    ['no data', { id: 'evt_1', object: 'event', type: 'checkout.session.completed' }],
    ['data.object not an object', { id: 'evt_1', object: 'event', type: 'x', data: { object: 'cs_1' } }],
    ['a session without an id', event('checkout.session.completed', session({ id: undefined }))],
    ['another object in a session event', event('checkout.session.completed', session({ object: 'payment_intent' }))],
    ['a paid session without an amount', event('checkout.session.completed', session({ amount_total: null }))],
    ['a paid session without a currency', event('checkout.session.completed', session({ currency: null }))],
    ['a fractional amount', event('checkout.session.completed', session({ amount_total: 24.5 }))],
    ['a negative amount', event('checkout.session.async_payment_succeeded', session({ amount_total: -1 }))],
    ['a currency that is not a code', event('checkout.session.completed', session({ currency: 'euro' }))],
    ['a numeric payment_intent', event('checkout.session.completed', session({ payment_intent: 7 }))],
  ])('refuses %s', (_name, value) => {
    expect(readStripeEvent(value)).toBeNull();
  });
});
