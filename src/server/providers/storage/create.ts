import type { Config } from '#server/config.ts';
import type { AvatarStorage } from './avatar-storage.ts';
import { createLocalAvatarStorage, createLocalPackagePhotoStorage, createLocalPrivatePhotoStorage } from './local.ts';
import type { PackagePhotoStorage } from './package-photo-storage.ts';
import type { PrivatePhotoStorage } from './private-photo-storage.ts';

/** The data folder today; S3-compatible storage is not built yet (ADR 0013 says when it would be). */
export function createAvatarStorage(config: Pick<Config, 'dataDir'>): AvatarStorage {
  return createLocalAvatarStorage(config.dataDir);
}

/** Package photos beside the avatars, in the same data folder (ADR 0013). */
export function createPackagePhotoStorage(config: Pick<Config, 'dataDir'>): PackagePhotoStorage {
  return createLocalPackagePhotoStorage(config.dataDir);
}

/** Evidence and handover photos in a folder of their own, never served by a public route. */
export function createPrivatePhotoStorage(config: Pick<Config, 'dataDir'>): PrivatePhotoStorage {
  return createLocalPrivatePhotoStorage(config.dataDir);
}
