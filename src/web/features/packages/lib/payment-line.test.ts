import { describe, expect, it } from 'vitest';
import { paymentLine } from './payment-line.ts';

const payment = {
  amount: 2750,
  fee: 250,
  currency: 'EUR' as const,
  refundedAmount: 0,
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-03T10:00:00.000Z',
};
const date = (iso: string) => iso.slice(0, 10);
const euro = (cents: number) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' }).format(cents / 100);

describe('paymentLine', () => {
  it('says what was paid and where it is now, by the package’s state', () => {
    expect(paymentLine({ ...payment, status: 'succeeded' }, date, 'matched')).toBe(
      `Paid ${euro(2750)} on 2026-05-01. We hold it until the package is delivered.`,
    );
    expect(paymentLine({ ...payment, status: 'succeeded' }, date, 'disputed')).toBe(
      `Paid ${euro(2750)} on 2026-05-01. It stays held while an administrator looks into the dispute.`,
    );
    // A completed package's money has left escrow: never "held until delivered".
    expect(paymentLine({ ...payment, status: 'succeeded' }, date, 'completed')).toBe(
      `Paid ${euro(2750)} on 2026-05-01. Completed: the reward was released to the traveler.`,
    );
  });

  it('says a full refund, with its amount and day', () => {
    expect(paymentLine({ ...payment, status: 'refunded', refundedAmount: 2750 }, date, 'cancelled')).toBe(
      `Paid ${euro(2750)} on 2026-05-01. Refunded in full (${euro(2750)}) on 2026-05-03.`,
    );
  });

  it('names the kept platform fee of a refund after a match', () => {
    expect(paymentLine({ ...payment, status: 'partially_refunded', refundedAmount: 2500 }, date, 'cancelled')).toBe(
      `Paid ${euro(2750)} on 2026-05-01. Refunded ${euro(2500)} on 2026-05-03; ${euro(250)} kept (the platform fee).`,
    );
  });

  it.each(['pending', 'failed', 'cancelled'] as const)('tells nothing of a %s checkout', (status) => {
    expect(paymentLine({ ...payment, status }, date, 'draft')).toBeNull();
  });
});
