import { AVATAR_URL_PREFIX, avatarKeyPattern } from '#shared/profiles.ts';
import { PACKAGE_PHOTO_URL_PREFIX, packagePhotoKeyPattern } from './package-photo-storage.ts';
import type { ObjectFolder } from './stored-object.ts';

/** Avatars, served by GET /api/avatars/:key. */
export const avatarFolder: ObjectFolder = {
  folder: 'avatars',
  urlPrefix: AVATAR_URL_PREFIX,
  keyPattern: avatarKeyPattern,
};

/** Package photos, served by GET /api/package-photos/:key. */
export const packagePhotoFolder: ObjectFolder = {
  folder: 'package-photos',
  urlPrefix: PACKAGE_PHOTO_URL_PREFIX,
  keyPattern: packagePhotoKeyPattern,
};

/**
 * Evidence and handover photos, apart from the public package photos, served only by
 * GET /api/packages/:id/private-photos/:key to the package's parties.
 */
export const privatePhotoFolder: ObjectFolder = {
  folder: 'private-photos',
  urlPrefix: '/api/packages/private-photos/',
  keyPattern: packagePhotoKeyPattern,
};

/** Every folder a store holds, in the order the copy command walks them. */
export const objectFolders: readonly ObjectFolder[] = [avatarFolder, packagePhotoFolder, privatePhotoFolder];
