import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isStorableText, text, UNSTORABLE_TEXT_MESSAGE } from './text.ts';

describe('text()', () => {
  it.each([
    ['a NUL character', 'Lamp\u0000shade'],
    ['a lone high surrogate', 'Lamp\uD800'],
    ['a lone low surrogate', '\uDC00Lamp'],
    ['two high surrogates', '\uD800\uD800\uDC00'],
  ])('refuses %s', (_name, value) => {
    expect(isStorableText(value)).toBe(false);
    const result = z.object({ title: text().trim().max(100) }).safeParse({ title: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['title'], message: UNSTORABLE_TEXT_MESSAGE }),
    ]);
  });

  it.each([
    ['plain text', 'Lamp shade'],
    ['an emoji (a surrogate pair)', 'Lamp 🛋️'],
    ['accents and other scripts', 'Café — 東京'],
    ['an empty string', ''],
  ])('keeps %s', (_name, value) => {
    expect(isStorableText(value)).toBe(true);
    expect(text().parse(value)).toBe(value);
  });

  it('chains like any string and keeps its own messages', () => {
    const schema = text('Enter a title').trim().min(1, 'Too short');
    expect(schema.parse('  x  ')).toBe('x');
    expect(schema.safeParse(5).error?.issues[0]?.message).toBe('Enter a title');
    expect(schema.safeParse('   ').error?.issues[0]?.message).toBe('Too short');
  });
});
