import { describe, expect, it } from 'vitest';
import { deriveKey, open, SealedDataError, seal } from './crypto.ts';

const secret = 'a-test-app-secret-of-at-least-32-characters';
const key = deriveKey(secret, 'tagalong/test/v1');

describe('sealed secrets (AES-256-GCM, HKDF-derived keys)', () => {
  it('opens what it sealed, and never shows the plaintext', () => {
    const sealed = seal(key, 'DE89370400440532013000', 'payout:1');
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(sealed).not.toContain('DE89');
    expect(open(key, sealed, 'payout:1')).toBe('DE89370400440532013000');
  });

  it('uses a fresh IV each time, so the same plaintext never seals the same way', () => {
    const a = seal(key, 'same', 'ctx');
    const b = seal(key, 'same', 'ctx');
    expect(a).not.toBe(b);
    expect(a.split('.')[1]).not.toBe(b.split('.')[1]);
  });

  it('derives the same key from the same secret and label, and different keys otherwise', () => {
    expect(deriveKey(secret, 'tagalong/test/v1').equals(key)).toBe(true);
    expect(deriveKey(secret, 'tagalong/other/v1').equals(key)).toBe(false);
    expect(deriveKey(`${secret}!`, 'tagalong/test/v1').equals(key)).toBe(false);
    expect(key).toHaveLength(32);
    expect(() => deriveKey('short', 'x')).toThrow(/32 characters/);
  });

  it('refuses another key, another record, altered bytes and garbage', () => {
    const sealed = seal(key, 'secret text', 'payout:1');
    expect(() => open(deriveKey(secret, 'tagalong/other/v1'), sealed, 'payout:1')).toThrow(SealedDataError);
    expect(() => open(key, sealed, 'payout:2')).toThrow(SealedDataError);
    const [v, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => open(key, [v, iv, tag, flipped.toString('base64url')].join('.'), 'payout:1')).toThrow(SealedDataError);
    expect(() => open(key, [v, iv, tag.slice(0, 8), body].join('.'), 'payout:1')).toThrow(SealedDataError);
    expect(() => open(key, 'plain text', 'payout:1')).toThrow(SealedDataError);
    expect(() => open(key, `${sealed}.extra`, 'payout:1')).toThrow(SealedDataError);
  });
});
