import { describe, expect, it } from 'vitest';
import {
  codeMatches,
  generateCode,
  handoverCodeKeys,
  hashCode,
  newHandoverCodes,
  openCode,
  sealCode,
} from './codes.ts';
import { SealedDataError } from './crypto.ts';

const keys = handoverCodeKeys('a-test-secret-that-is-long-enough-for-hkdf');
const otherKeys = handoverCodeKeys('another-secret-that-is-long-enough-for-hkdf');
const packageId = '3f7c2a9e-1b4d-4c8e-9a6f-0d2e5b7c1a93';
const otherPackage = '9b1e4d2c-7a3f-4e6b-8c5d-1f0a2e3b4c5d';

describe('handover codes', () => {
  it('are six digits, leading zeros kept, spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    // Each first digit turns up: a generator that never produced "0…" would fail here.
    expect(new Set(codes.map((c) => c[0])).size).toBe(10);
  });

  it('match only the same code, for the same package, kind and key', () => {
    const stored = hashCode(keys, packageId, 'pickup', '012345');
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain('012345');
    expect(codeMatches(keys, stored, packageId, 'pickup', '012345')).toBe(true);
    expect(codeMatches(keys, stored, packageId, 'pickup', '012346')).toBe(false);
    expect(codeMatches(keys, stored, packageId, 'delivery', '012345')).toBe(false);
    expect(codeMatches(keys, stored, otherPackage, 'pickup', '012345')).toBe(false);
    expect(codeMatches(otherKeys, stored, packageId, 'pickup', '012345')).toBe(false);
    expect(codeMatches(keys, null, packageId, 'pickup', '012345')).toBe(false);
    expect(codeMatches(keys, 'not-hex', packageId, 'pickup', '012345')).toBe(false);
  });

  it('open from their sealed copy only with the same key, package and kind', () => {
    const sealed = sealCode(keys, packageId, 'delivery', '987654');
    expect(sealed).not.toContain('987654');
    expect(openCode(keys, packageId, 'delivery', sealed)).toBe('987654');
    expect(() => openCode(keys, packageId, 'pickup', sealed)).toThrow(SealedDataError);
    expect(() => openCode(keys, otherPackage, 'delivery', sealed)).toThrow(SealedDataError);
    expect(() => openCode(otherKeys, packageId, 'delivery', sealed)).toThrow(SealedDataError);
  });

  it('come as a pair of columns whose hash and sealed copy agree', () => {
    const columns = newHandoverCodes(keys, packageId);
    const pickup = openCode(keys, packageId, 'pickup', columns.pickupCodeSealed);
    const delivery = openCode(keys, packageId, 'delivery', columns.deliveryCodeSealed);
    expect(codeMatches(keys, columns.pickupCodeHash, packageId, 'pickup', pickup)).toBe(true);
    expect(codeMatches(keys, columns.deliveryCodeHash, packageId, 'delivery', delivery)).toBe(true);
  });
});
