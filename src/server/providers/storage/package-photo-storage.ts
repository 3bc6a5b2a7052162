import type { ObjectBody, StorageKind, StoredObject } from './stored-object.ts';

/** Photo keys are ours (a random UUID and the stored format), so a key is checked, never trusted. */
export const packagePhotoKeyPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;
export const PACKAGE_PHOTO_URL_PREFIX = '/api/package-photos/';

/**
 * Where package photos live (resized WebP without metadata). Keys are random and never reused, so
 * what a key names never changes (served with immutable caching). Adapters: the local data folder
 * (ADR 0013) or a bucket (ADR 0061), like avatars.
 */
export interface PackagePhotoStorage {
  readonly kind: StorageKind;
  /** Stores the bytes under the key and returns the URL the browser loads them from. */
  put(key: string, body: ObjectBody, contentType: string): Promise<string>;
  /** The stored object, or null when nothing is stored under the key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
}
