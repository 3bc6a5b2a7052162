import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '#server/config.ts';
import { checkedKey, keyOfUrl, type ObjectBody, type ObjectFolder, type StoredObject } from './stored-object.ts';

export type S3Settings = NonNullable<Config['s3']>;

/**
 * A client for S3, R2, MinIO, Garage or any S3-compatible store. Checksums only where the operation
 * requires them: the SDK's newer default (a CRC on every upload, sent in a trailer) is not understood
 * by every S3-compatible server, and the object's integrity is the transport's (TLS) and the store's.
 */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isMissing = (err: unknown) =>
  err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404);

/**
 * Images as objects `<folder>/<key>` in one bucket, served through the app at `urlPrefix + key` like
 * the local folder's (ADR 0061): the bucket stays private, the URLs and headers do not change.
 */
export function createBucketStorage(client: S3Client, bucket: string, spec: ObjectFolder) {
  const objectKey = (key: string) => `${spec.folder}/${checkedKey(spec, key)}`;
  return {
    kind: 's3' as const,
    async put(key: string, body: ObjectBody, contentType: string) {
      // One PUT for a small body; a stream goes up in parts as it is read, never whole in memory.
      await new Upload({
        client,
        params: { Bucket: bucket, Key: objectKey(key), Body: body, ContentType: contentType },
      }).done();
      return `${spec.urlPrefix}${key}`;
    },
    async get(key: string): Promise<StoredObject | null> {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        if (!object.Body) return null;
        return {
          body: object.Body as Readable,
          contentType: object.ContentType ?? 'application/octet-stream',
          size: object.ContentLength,
        };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key: string) {
      // Deleting a missing object is a success in S3 already.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    keyOf: (url: string) => keyOfUrl(spec, url),
  };
}
