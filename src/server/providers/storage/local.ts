import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_URL_PREFIX, avatarKeyPattern } from '#shared/profiles.ts';
import type { AvatarStorage } from './avatar-storage.ts';
import { PACKAGE_PHOTO_URL_PREFIX, type PackagePhotoStorage, packagePhotoKeyPattern } from './package-photo-storage.ts';
import type { PrivatePhotoStorage } from './private-photo-storage.ts';

const contentTypes: Record<string, string> = { '.webp': 'image/webp' };

interface FolderOptions {
  /** The folder under the data folder. */
  folder: string;
  urlPrefix: string;
  keyPattern: RegExp;
}

/** Images as files in one folder of the data folder, each served at `urlPrefix + key`. */
function createFolderStorage(dataDir: string, { folder: name, urlPrefix, keyPattern }: FolderOptions) {
  const folder = path.resolve(dataDir, name);
  const fileOf = (key: string) => {
    // The key becomes a file name: only our own key shape may reach the file system.
    if (!keyPattern.test(key)) throw new Error(`Invalid ${name} key: ${key}`);
    return path.join(folder, key);
  };
  return {
    kind: 'local' as const,
    async put(key: string, bytes: Buffer, contentType: string) {
      const file = fileOf(key);
      if (contentTypes[path.extname(key)] !== contentType) throw new Error(`Unexpected content type ${contentType}`);
      await mkdir(folder, { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, file);
      return `${urlPrefix}${key}`;
    },
    async get(key: string) {
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
    async delete(key: string) {
      await rm(fileOf(key), { force: true });
    },
    keyOf(url: string) {
      if (!url.startsWith(urlPrefix)) return null;
      const key = url.slice(urlPrefix.length);
      return keyPattern.test(key) ? key : null;
    },
  };
}

/** Avatars as files under `<dataDir>/avatars/`, served by GET /api/avatars/:key. */
export function createLocalAvatarStorage(dataDir: string): AvatarStorage {
  return createFolderStorage(dataDir, {
    folder: 'avatars',
    urlPrefix: AVATAR_URL_PREFIX,
    keyPattern: avatarKeyPattern,
  });
}

/** Package photos as files under `<dataDir>/package-photos/`, served by GET /api/package-photos/:key. */
export function createLocalPackagePhotoStorage(dataDir: string): PackagePhotoStorage {
  return createFolderStorage(dataDir, {
    folder: 'package-photos',
    urlPrefix: PACKAGE_PHOTO_URL_PREFIX,
    keyPattern: packagePhotoKeyPattern,
  });
}

/**
 * Evidence and handover photos as files under `<dataDir>/private-photos/`, apart from the public
 * package photos, served only by GET /api/packages/:id/private-photos/:key to the package's parties.
 */
export function createLocalPrivatePhotoStorage(dataDir: string): PrivatePhotoStorage {
  return createFolderStorage(dataDir, {
    folder: 'private-photos',
    urlPrefix: '/api/packages/private-photos/',
    keyPattern: packagePhotoKeyPattern,
  });
}
