import multipart from '@fastify/multipart';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { Auth, Sessions } from '#server/modules/auth/public.ts';
import { member } from '#server/plugins/auth-guard.ts';
import type { AvatarStorage } from '#server/providers/storage/avatar-storage.ts';
import { sendStoredObject } from '#server/providers/storage/send.ts';
import { AppError, apiErrorSchema } from '#shared/errors.ts';
import {
  AVATAR_MAX_BYTES,
  avatarParamsSchema,
  deleteAccountResponseSchema,
  deleteAccountSchema,
  profileSchema,
  publicProfileParamsSchema,
  publicProfileSchema,
  updateProfileSchema,
} from '#shared/profiles.ts';
import { deleteAccount, getProfile, getPublicProfile, setAvatar, updateProfile } from './service.ts';

export interface ProfileRoutesOptions {
  auth: Auth;
  sessions: Sessions;
  db: Database;
  storage: AvatarStorage;
  /** The app's clock: which reviews count towards a rating (revealed ones only). */
  clock?: () => Date;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };

const tooLarge = () =>
  new AppError('VALIDATION_FAILED', {
    fields: { avatar: ['Choose a photo of 5 MB or less'] },
    detail: 'The photo is larger than 5 MB.',
  });
const noFile = () =>
  new AppError('VALIDATION_FAILED', { fields: { avatar: ['Choose a JPEG, PNG or WebP image'] }, detail: 'No photo.' });

/** Profiles: my profile and its settings, avatars, account deletion, and public member pages. */
export const profileRoutes: FastifyPluginAsyncZod<ProfileRoutesOptions> = async (
  app,
  { auth, sessions, db, storage, clock = () => new Date() },
) => {
  // Scoped to this plugin: no other route accepts multipart bodies. One file, at most 5 MB, and no
  // other parts worth buffering.
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 2, fieldNameSize: 100, headerPairs: 100 },
  });

  app.get(
    '/api/profile',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['profiles'],
        summary: 'My profile, as I edit it',
        response: { 200: profileSchema, 401: apiErrorSchema },
      },
    },
    async (req) => getProfile(db, member(req).id),
  );

  app.patch(
    '/api/profile',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['profiles'],
        summary: 'Change my name, bio, city, languages or e-mail preference',
        body: updateProfileSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (req) => {
      const me = member(req);
      const profile = await updateProfile(db, me.id, req.body);
      // The name is part of the session's member: the next request reads the new one.
      await sessions.userChanged(me.id);
      return profile;
    },
  );

  app.post(
    '/api/profile/avatar',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['profiles'],
        summary: 'Upload my avatar (one file field `avatar`: JPEG, PNG or WebP, at most 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: profileSchema, ...errors },
      },
    },
    async (req) => {
      const me = member(req);
      if (!req.isMultipart()) throw noFile();
      let upload: Buffer;
      try {
        const part = await req.file();
        if (part?.fieldname !== 'avatar') throw noFile();
        upload = await part.toBuffer();
      } catch (err) {
        if (err instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
        if (err instanceof AppError) throw err;
        if (err instanceof app.multipartErrors.FilesLimitError) throw noFile();
        throw err;
      }
      if (upload.length === 0) throw noFile();
      const profile = await setAvatar(db, storage, me.id, upload);
      await sessions.userChanged(me.id);
      return profile;
    },
  );

  app.delete(
    '/api/profile',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['profiles'],
        summary: 'Delete my account: signs out everywhere and removes or anonymises my personal data',
        body: deleteAccountSchema,
        response: { 200: deleteAccountResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const me = member(req);
      await deleteAccount(db, storage, me.id);
      // Its sessions were deleted with it, outside Better Auth: no node may still know them.
      await sessions.userChanged(me.id);
      // The sessions are gone already; this only has Better Auth expire its cookies in the browser.
      const { headers } = await auth.api.signOut({ headers: fromNodeHeaders(req.headers), returnHeaders: true });
      const cookies = headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return { deleted: true as const };
    },
  );

  app.get(
    '/api/users/:id/public',
    {
      config: { auth: 'visitor' },
      schema: {
        tags: ['profiles'],
        summary: "A member's public profile (never their e-mail or phone); readable by visitors too",
        params: publicProfileParamsSchema,
        response: { 200: publicProfileSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (req) => getPublicProfile(db, req.params.id, clock()),
  );

  app.get(
    '/api/avatars/:key',
    {
      config: { auth: 'visitor' },
      schema: {
        tags: ['profiles'],
        summary: 'An avatar image (image/webp); a key never changes what it names',
        params: avatarParamsSchema,
        response: {
          200: z.unknown().meta({ description: 'The image bytes' }),
          400: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (req, reply) => {
      const stored = await storage.get(req.params.key);
      if (!stored) throw new AppError('AVATAR_NOT_FOUND');
      return sendStoredObject(reply, stored, 'public, max-age=31536000, immutable');
    },
  );
};
