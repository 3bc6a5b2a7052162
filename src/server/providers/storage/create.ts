import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '#server/config.ts';
import type { AvatarStorage } from './avatar-storage.ts';
import { avatarFolder, packagePhotoFolder, privatePhotoFolder } from './folders.ts';
import { createFolderStorage } from './local.ts';
import type { PackagePhotoStorage } from './package-photo-storage.ts';
import type { PrivatePhotoStorage } from './private-photo-storage.ts';
import type { S3Settings } from './s3.ts';
import type { ObjectFolder } from './stored-object.ts';

type StorageConfig = Pick<Config, 'dataDir' | 's3'>;

// One client per bucket settings: its connection pool serves the three kinds of image.
const clients = new WeakMap<S3Settings, S3Client>();

// The AWS SDK is loaded only when a bucket is set: most of it is start-up work (and memory) that a
// node serving the data folder never uses.
async function storageFor(config: StorageConfig, folder: ObjectFolder) {
  if (!config.s3) return createFolderStorage(config.dataDir, folder);
  const { createBucketStorage, createS3Client } = await import('./s3.ts');
  let client = clients.get(config.s3);
  if (!client) {
    client = createS3Client(config.s3);
    clients.set(config.s3, client);
  }
  return createBucketStorage(client, config.s3.bucket, folder);
}

/** Avatars: in the S3_BUCKET when set, else the data folder (ADR 0013, 0061). */
export function createAvatarStorage(config: StorageConfig): Promise<AvatarStorage> {
  return storageFor(config, avatarFolder);
}

/** Package photos beside the avatars, in the same bucket or data folder. */
export function createPackagePhotoStorage(config: StorageConfig): Promise<PackagePhotoStorage> {
  return storageFor(config, packagePhotoFolder);
}

/** Evidence and handover photos under a prefix of their own, never served by a public route. */
export function createPrivatePhotoStorage(config: StorageConfig): Promise<PrivatePhotoStorage> {
  return storageFor(config, privatePhotoFolder);
}
