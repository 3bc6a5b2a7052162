import { describe, expect, it } from 'vitest';
import { packageStatuses } from '#shared/package-status.ts';
import { moneyNow, readerOf, totalLabel } from './money-words.ts';

// The money sentences by status and reader: never "held until delivery" once the money has moved,
// never "you pay" to anyone but the sender.

describe('money words', () => {
  it('knows the reader from the package', () => {
    const pkg = { sender: { id: 's' }, traveler: { id: 't' } };
    expect(readerOf(pkg, 's')).toBe('sender');
    expect(readerOf(pkg, 't')).toBe('traveler');
    expect(readerOf(pkg, 'x')).toBe('other');
    expect(readerOf({ sender: { id: 's' }, traveler: null }, undefined)).toBe('other');
  });

  it('names the total for the sender before and after paying, and for everyone else', () => {
    expect(totalLabel('draft', 'sender')).toBe('You pay');
    expect(totalLabel('open', 'sender')).toBe('You paid');
    expect(totalLabel('in_transit', 'traveler')).toBe('The sender pays');
    expect(totalLabel('open', 'other')).toBe('The sender pays');
  });

  it('says the money is held only while it is', () => {
    for (const status of packageStatuses) {
      for (const reader of ['sender', 'traveler', 'other'] as const) {
        const text = moneyNow(status, reader) ?? '';
        const held = /until the package is delivered/.test(text);
        expect(held, `${status} / ${reader}: ${text}`).toBe(
          (['draft', 'open', 'matched', 'in_transit'] as string[]).includes(status) && text !== '',
        );
      }
    }
    expect(moneyNow('completed', 'traveler')).toBe('Completed: your reward was released to your balance.');
    expect(moneyNow('disputed', 'sender')).toBe('It stays held while an administrator looks into the dispute.');
  });
});
