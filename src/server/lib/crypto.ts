import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Secrets at rest (ADR 0019): AES-256-GCM with a random 96-bit IV per record and the 128-bit tag, so a
// changed byte is detected rather than decrypted into garbage. Keys are derived from the app's secret
// with HKDF and a fixed label per use, so the session secret itself never encrypts anything and one
// use's key cannot open another's records.

const VERSION = 'v1';
// A full-length tag only: a shortened one would make forgeries easier.
const TAG_BYTES = 16;

export type DataKey = Buffer & { readonly __dataKey: true };

/** A 256-bit key for one use (`label`), derived from the app secret. The same inputs give the same key. */
export function deriveKey(appSecret: string, label: string): DataKey {
  if (appSecret.length < 32) throw new Error('The app secret must be at least 32 characters');
  return Buffer.from(hkdfSync('sha256', appSecret, 'tagalong', label, 32)) as DataKey;
}

/**
 * Encrypts `plaintext` as `v1.<iv>.<tag>.<ciphertext>` (base64url). `context` is authenticated but not
 * stored (the record's id): a ciphertext copied onto another record no longer opens.
 */
export function seal(key: DataKey, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
}

export class SealedDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealedDataError';
  }
}

/** Opens what `seal` made with the same key and context; throws SealedDataError otherwise. */
export function open(key: DataKey, sealed: string, context: string): string {
  const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) {
    throw new SealedDataError('Not a sealed value');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    // Wrong key (the app secret changed), wrong record, or altered bytes: GCM cannot tell which.
    throw new SealedDataError('The sealed value cannot be opened with this key');
  }
}
