import type { Config } from '#server/config.ts';
import type { AvatarStorage } from './avatar-storage.ts';
import { createLocalAvatarStorage } from './local.ts';

/** The data folder today; S3-compatible storage is not built yet (ADR 0013 says when it would be). */
export function createAvatarStorage(config: Pick<Config, 'dataDir'>): AvatarStorage {
  return createLocalAvatarStorage(config.dataDir);
}
