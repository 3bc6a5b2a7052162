import { describe, expect, it } from 'vitest';
import { formatPhoneNumber, normalizePhoneNumber, PHONE_NUMBER_MESSAGE, phoneNumberSchema } from './phone.ts';

describe('normalizePhoneNumber', () => {
  it.each([
    ['+44 7400 123456', undefined, '+447400123456'],
    ['+44 (0)7400 123456', undefined, '+447400123456'],
    ['+447400123456', undefined, '+447400123456'],
    ['07400 123456', 'GB', '+447400123456'],
    ['0044 7400 123456', 'GB', '+447400123456'],
    ['+1 (202) 555-0123', undefined, '+12025550123'],
    ['202.555.0123', 'US', '+12025550123'],
    ['(202) 555-0123', 'US', '+12025550123'],
    ['+33 6 12 34 56 78', undefined, '+33612345678'],
    ['06 12 34 56 78', 'FR', '+33612345678'],
    ['  +33 612-345-678  ', undefined, '+33612345678'],
    // Full-width digits and plus sign, as some East Asian keyboards type them.
    ['＋４４ ７４００ １２３４５６', undefined, '+447400123456'],
  ])('%j (default country %s) → %s', (input, country, expected) => {
    expect(normalizePhoneNumber(input, country)).toBe(expected);
  });

  it('lets a country code in the input win over the default country', () => {
    expect(normalizePhoneNumber('+33 6 12 34 56 78', 'GB')).toBe('+33612345678');
  });

  it('ignores a default country it does not know', () => {
    expect(normalizePhoneNumber('+44 7400 123456', 'XX')).toBe('+447400123456');
    expect(normalizePhoneNumber('07400 123456', 'XX')).toBeNull();
  });

  it.each([
    '',
    '   ',
    'abc',
    'call me',
    '1',
    '+44',
    '+44 7400',
    '+1 202 555',
    '+44 7400 1234567890',
    // A national number needs a country: from the input or the default.
    '07400 123456',
    // Text around the number, an extension, a URI: not a number to text.
    '+44 7400 123456 please',
    '+1 202 555 0123 ext. 12',
    'tel:+447400123456',
    // Ofcom's range for drama: never assigned, so never valid.
    '+44 7700 900123',
    '+999 123 456 789',
    `+44 ${'7'.repeat(60)}`,
  ])('rejects %j', (input) => {
    expect(normalizePhoneNumber(input)).toBeNull();
  });

  it('is idempotent on its own output (the server accepts only what it returns)', () => {
    for (const e164 of ['+447400123456', '+12025550123', '+33612345678']) {
      expect(normalizePhoneNumber(e164)).toBe(e164);
    }
  });
});

describe('formatPhoneNumber', () => {
  it('spaces an E.164 number the international way', () => {
    expect(formatPhoneNumber('+447400123456')).toBe('+44 7400 123456');
    expect(formatPhoneNumber('+33612345678')).toBe('+33 6 12 34 56 78');
  });

  it('returns what it cannot parse unchanged', () => {
    expect(formatPhoneNumber('garbage')).toBe('garbage');
  });
});

describe('phoneNumberSchema', () => {
  it('parses to E.164', () => {
    expect(phoneNumberSchema.parse(' +1 (202) 555-0123 ')).toBe('+12025550123');
  });

  it('asks for a number when empty', () => {
    const result = phoneNumberSchema.safeParse('  ');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Enter your mobile number');
  });

  it.each(['07400 123456', '+44 7400', 'not a number'])('says how to write %j', (input) => {
    const result = phoneNumberSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([PHONE_NUMBER_MESSAGE]);
  });
});
