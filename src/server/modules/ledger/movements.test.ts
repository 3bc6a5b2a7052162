import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertBalanced,
  paymentReceived,
  payoutToTraveler,
  refundToSender,
  releaseToTraveler,
  UnbalancedEntryError,
} from './movements.ts';

const id = fc.uuid();
const minor = fc.integer({ min: 1, max: 100_000_000 });
const currency = fc.constantFrom('EUR' as const, 'USD' as const, 'GBP' as const);
const sum = (lines: { amount: number }[]) => lines.reduce((s, l) => s + l.amount, 0);

describe('ledger movements', () => {
  it('every movement balances, whatever the amounts', () => {
    fc.assert(
      fc.property(
        id,
        id,
        id,
        minor,
        minor,
        fc.integer({ min: 0, max: 1_000_000 }),
        currency,
        (a, b, c, x, y, fee, cur) => {
          const entries = [
            paymentReceived({ paymentId: a, packageId: b, senderId: c, amount: x, currency: cur }),
            releaseToTraveler({ paymentId: a, packageId: b, travelerId: c, reward: x, fee, currency: cur }),
            refundToSender({ paymentId: a, packageId: b, amount: x, keptFee: fee, currency: cur, key: 'k' }),
            payoutToTraveler({ payoutId: a, travelerId: c, amount: y, currency: cur }),
          ];
          for (const entry of entries) {
            expect(() => assertBalanced(entry)).not.toThrow();
            expect(sum(entry.lines)).toBe(0);
            expect(new Set(entry.lines.map((l) => l.account)).size).toBe(entry.lines.length);
          }
        },
      ),
    );
  });

  it('refuses zero, negative or fractional amounts', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ max: 0 }), fc.double({ noInteger: true, noNaN: true })), (bad) => {
        expect(() =>
          paymentReceived({ paymentId: 'p', packageId: 'k', senderId: 's', amount: bad, currency: 'EUR' }),
        ).toThrow(UnbalancedEntryError);
      }),
    );
  });

  it('rejects an entry whose lines do not sum to zero', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.integer({ min: -1000, max: 1000 }).filter((n) => n !== 0),
          { minLength: 2, maxLength: 6 },
        ),
        (amounts) => {
          const lines = amounts.map((amount, i) => ({ account: `a${i}`, amount }));
          if (sum(lines) === 0) expect(() => assertBalanced({ lines })).not.toThrow();
          else expect(() => assertBalanced({ lines })).toThrow(UnbalancedEntryError);
        },
      ),
    );
  });
});
