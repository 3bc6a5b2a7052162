import { describe, expect, it } from 'vitest';
import { paymentStatuses } from '#shared/payments.ts';
import { callbackView } from './callback-view.ts';

describe('callbackView', () => {
  it.each([
    ['pending', false, 'processing'],
    ['pending', true, 'cancelled'],
    ['succeeded', false, 'succeeded'],
    ['failed', false, 'failed'],
    ['cancelled', false, 'cancelled'],
    ['refunded', false, 'refunded'],
    ['partially_refunded', false, 'refunded'],
  ] as const)('%s (left the checkout: %s) shows %s', (status, leftCheckout, view) => {
    expect(callbackView({ status }, { leftCheckout })).toBe(view);
  });

  it('never lets the return address make a payment look paid or failed', () => {
    for (const status of paymentStatuses) {
      const left = callbackView({ status }, { leftCheckout: true });
      const stayed = callbackView({ status }, { leftCheckout: false });
      if (status === 'pending') expect([left, stayed]).toEqual(['cancelled', 'processing']);
      else expect(left).toBe(stayed);
    }
  });
});
