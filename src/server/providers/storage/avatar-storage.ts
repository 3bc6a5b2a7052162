import type { ObjectBody, StorageKind, StoredObject } from './stored-object.ts';

export type { StoredObject } from './stored-object.ts';

/**
 * Where avatar images live. Keys are chosen by the caller, never reused, so what a key names never
 * changes (served with immutable caching). Adapters: the local data folder (ADR 0013) or an
 * S3-compatible bucket (ADR 0061).
 */
export interface AvatarStorage {
  readonly kind: StorageKind;
  /** Stores the bytes under the key and returns the URL the browser loads them from. */
  put(key: string, body: ObjectBody, contentType: string): Promise<string>;
  /** The stored object, or null when nothing is stored under the key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** The key behind a URL this storage handed out, or null for any other URL (a Google picture). */
  keyOf(url: string): string | null;
}
