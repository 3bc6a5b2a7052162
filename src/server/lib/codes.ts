import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_LENGTH } from '#shared/lifecycle.ts';
import { type DataKey, deriveKey, open, seal } from './crypto.ts';

// The pickup and delivery codes (ADR 0020). Each is kept twice and never in plaintext: an
// HMAC to check what the traveler types, and an AES-GCM sealed copy the sender can be shown. Both are
// bound to the package and the kind of code, so a value copied onto another package or swapped
// between pickup and delivery neither matches nor opens.

export type CodeKind = 'pickup' | 'delivery';

export interface CodeKeys {
  readonly hash: DataKey;
  readonly seal: DataKey;
}

/** Two keys of their own, derived from the app secret (ADR 0019's deriveKey, one label per use). */
export function handoverCodeKeys(appSecret: string): CodeKeys {
  return {
    hash: deriveKey(appSecret, 'tagalong/handover-code-hmac/v1'),
    seal: deriveKey(appSecret, 'tagalong/handover-code-seal/v1'),
  };
}

/** Six digits from the CSPRNG, leading zeros kept: every code from 000000 to 999999 equally likely. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

const context = (packageId: string, kind: CodeKind) => `package:${packageId}:${kind}-code`;

export function hashCode(keys: CodeKeys, packageId: string, kind: CodeKind, code: string): string {
  return createHmac('sha256', keys.hash)
    .update(`${context(packageId, kind)}:${code}`)
    .digest('hex');
}

/** Compares in constant time, so the answer's timing says nothing about how close a guess was. */
export function codeMatches(
  keys: CodeKeys,
  stored: string | null,
  packageId: string,
  kind: CodeKind,
  code: string,
): boolean {
  if (!stored) return false;
  const expected = Buffer.from(stored, 'hex');
  const actual = Buffer.from(hashCode(keys, packageId, kind, code), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export function sealCode(keys: CodeKeys, packageId: string, kind: CodeKind, code: string): string {
  return seal(keys.seal, code, context(packageId, kind));
}

/** Throws SealedDataError when the app secret changed or the value was altered. */
export function openCode(keys: CodeKeys, packageId: string, kind: CodeKind, sealed: string): string {
  return open(keys.seal, sealed, context(packageId, kind));
}

/** A fresh code of each kind, as the columns of the package row store them. */
export function newHandoverCodes(keys: CodeKeys, packageId: string) {
  const pickup = generateCode();
  const delivery = generateCode();
  return {
    pickupCodeHash: hashCode(keys, packageId, 'pickup', pickup),
    pickupCodeSealed: sealCode(keys, packageId, 'pickup', pickup),
    deliveryCodeHash: hashCode(keys, packageId, 'delivery', delivery),
    deliveryCodeSealed: sealCode(keys, packageId, 'delivery', delivery),
  };
}
