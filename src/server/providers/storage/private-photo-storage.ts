import type { ObjectBody, StorageKind, StoredObject } from './stored-object.ts';

/**
 * Photos only a package's parties and admins may see: dispute evidence and handover photos
 * (docs/product.md §2.4, §2.5). Same keys and image pipeline as package photos, but a folder of their
 * own and no public route: the package's own route serves them after checking who asks, so a leaked
 * URL shows nothing to anyone else.
 */
export interface PrivatePhotoStorage {
  readonly kind: StorageKind;
  /** Stores the bytes under the key (the returned URL is not used: a private photo's URL names its package). */
  put(key: string, body: ObjectBody, contentType: string): Promise<unknown>;
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
}
