import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_URL_PREFIX, avatarKeyPattern } from '#shared/profiles.ts';
import type { AvatarStorage } from './avatar-storage.ts';

const contentTypes: Record<string, string> = { '.webp': 'image/webp' };

function assertKey(key: string): void {
  // The key becomes a file name: only our own key shape may reach the file system.
  if (!avatarKeyPattern.test(key)) throw new Error(`Invalid avatar key: ${key}`);
}

/** Avatars as files under `<dataDir>/avatars/`, served by GET /api/avatars/:key. */
export function createLocalAvatarStorage(dataDir: string): AvatarStorage {
  const folder = path.resolve(dataDir, 'avatars');
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(folder, key);
  };
  return {
    kind: 'local',
    async put(key, bytes, contentType) {
      const file = fileOf(key);
      if (contentTypes[path.extname(key)] !== contentType) throw new Error(`Unexpected content type ${contentType}`);
      await mkdir(folder, { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, file);
      return `${AVATAR_URL_PREFIX}${key}`;
    },
    async get(key) {
      const file = fileOf(key);
      try {
        return {
          bytes: await readFile(file),
          contentType: contentTypes[path.extname(key)] ?? 'application/octet-stream',
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    keyOf(url) {
      if (!url.startsWith(AVATAR_URL_PREFIX)) return null;
      const key = url.slice(AVATAR_URL_PREFIX.length);
      return avatarKeyPattern.test(key) ? key : null;
    },
  };
}
