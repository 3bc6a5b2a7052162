import type { Readable } from 'node:stream';

/** Where a storage keeps its objects: the data folder (the embedded default) or an S3-compatible bucket. */
export type StorageKind = 'local' | 's3';

/** A stored image as it is served back: streamed, never read whole into memory (ADR 0061). */
export interface StoredObject {
  body: Readable;
  contentType: string;
  /** Bytes, when the store says (it always does today); sent as Content-Length. */
  size: number | undefined;
}

/** What a storage takes: the bytes made here, or a stream (a copy from another store). */
export type ObjectBody = Buffer | Readable;

/** One kind of image in a store: its folder (a key prefix in a bucket), the URLs it is served at, its keys. */
export interface ObjectFolder {
  folder: string;
  urlPrefix: string;
  keyPattern: RegExp;
}

/** Keys become file names and object names: only our own key shape may reach either. */
export function checkedKey(folder: ObjectFolder, key: string): string {
  if (!folder.keyPattern.test(key)) throw new Error(`Invalid ${folder.folder} key: ${key}`);
  return key;
}

/** The key behind a URL this folder handed out, or null for any other URL. */
export function keyOfUrl(folder: ObjectFolder, url: string): string | null {
  if (!url.startsWith(folder.urlPrefix)) return null;
  const key = url.slice(folder.urlPrefix.length);
  return folder.keyPattern.test(key) ? key : null;
}
