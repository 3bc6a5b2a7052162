import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import { member } from '#server/plugins/auth-guard.ts';
import { type PackagePhotoStorage, packagePhotoKeyPattern } from '#server/providers/storage/package-photo-storage.ts';
import { sendStoredObject } from '#server/providers/storage/send.ts';
import { AppError, apiErrorSchema } from '#shared/errors.ts';
import {
  createPackageSchema,
  PACKAGE_LIMITS,
  packageListQuerySchema,
  packagePageSchema,
  packageParamsSchema,
  packagePhotoParamsSchema,
  packageSchema,
  packageViewSchema,
  photoOrderSchema,
  updatePackageSchema,
} from '#shared/packages.ts';
import { addPhoto, deletePhoto, reorderPhotos } from './photos.ts';
import {
  cancelPackage,
  createPackage,
  deletePackage,
  getPackage,
  listMyPackages,
  type PaidCancellation,
  updatePackage,
} from './service.ts';

export interface PackageRoutesOptions {
  db: Database;
  storage: PackagePhotoStorage;
  settings: SettingsStore;
  /** Cancels a paid (open or matched) package with its refund; the payments module provides it. */
  cancelPaid?: PaidCancellation;
}

const photoMegabytes = PACKAGE_LIMITS.photoBytes / (1024 * 1024);
const tooLarge = () =>
  new AppError('VALIDATION_FAILED', {
    detail: `The photo must be ${photoMegabytes} MB or smaller.`,
    fields: { photo: [`Choose a photo of ${photoMegabytes} MB or less`] },
  });
const noFile = () =>
  new AppError('VALIDATION_FAILED', {
    detail: 'Choose a photo to upload.',
    fields: { photo: ['Choose a JPEG, PNG or WebP image'] },
  });

const e = apiErrorSchema;
const photoKeyParamsSchema = z.object({ key: z.string().regex(packagePhotoKeyPattern, 'Not a photo key') });

/** Packages: a sender's drafts and photos, package pages by visibility, cancelling a draft. */
export const packageRoutes: FastifyPluginAsyncZod<PackageRoutesOptions> = async (
  app,
  { db, storage, settings, cancelPaid },
) => {
  // Scoped to this plugin: one file per request, at most 8 MB, nothing else worth buffering.
  await app.register(multipart, {
    limits: {
      fileSize: PACKAGE_LIMITS.photoBytes,
      files: 1,
      fields: 0,
      parts: 2,
      fieldNameSize: 100,
      headerPairs: 100,
    },
  });

  app.post(
    '/api/packages',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['packages'],
        summary: 'Start a package as a draft (only the title is needed; the rest can follow step by step)',
        body: createPackageSchema,
        response: { 201: packageSchema, 400: e, 401: e },
      },
    },
    async (req, reply) => {
      const me = member(req);
      return reply.code(201).send(await createPackage(db, settings, me, req.body));
    },
  );

  app.get(
    '/api/packages',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['packages'],
        summary: 'My packages as a sender, last changed first: by tab (group), status and title, a page at a time',
        querystring: packageListQuerySchema,
        response: { 200: packagePageSchema, 400: e, 401: e },
      },
    },
    async (req) => listMyPackages(db, settings, member(req), req.query),
  );

  app.get(
    '/api/packages/:id',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['packages'],
        summary:
          'A package: all of it for its sender, an admin or its traveler; the public part of a published one for other members',
        params: packageParamsSchema,
        response: { 200: packageViewSchema, 400: e, 401: e, 404: e },
      },
    },
    async (req) => getPackage(db, settings, member(req), req.params.id),
  );

  app.patch(
    '/api/packages/:id',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['packages'],
        summary: 'Change fields of my draft; the package rules are checked over the draft as it would be saved',
        params: packageParamsSchema,
        body: updatePackageSchema,
        response: { 200: packageSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (req) => updatePackage(db, settings, member(req), req.params.id, req.body),
  );

  app.delete(
    '/api/packages/:id',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['packages'],
        summary: 'Delete my draft and its photos',
        params: packageParamsSchema,
        response: { 204: z.null().meta({ description: 'Deleted' }), 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (req, reply) => {
      await deletePackage(db, storage, member(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/packages/:id/cancel',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['packages'],
        summary: 'Cancel a package: a draft, or a paid one with the refund of the policy (docs/product.md §5)',
        params: packageParamsSchema,
        response: { 200: packageSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (req) => cancelPackage(db, settings, member(req), req.params.id, cancelPaid),
  );

  app.post(
    '/api/packages/:id/photos',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['packages'],
        summary: `Add a photo to my draft (one file field \`photo\`: JPEG, PNG or WebP, at most ${photoMegabytes} MB)`,
        consumes: ['multipart/form-data'],
        params: packageParamsSchema,
        response: { 200: packageSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (req) => {
      const me = member(req);
      if (!req.isMultipart()) throw noFile();
      let upload: Buffer;
      try {
        const part = await req.file();
        if (part?.fieldname !== 'photo') throw noFile();
        upload = await part.toBuffer();
      } catch (err) {
        if (err instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
        if (err instanceof AppError) throw err;
        if (err instanceof app.multipartErrors.FilesLimitError) throw noFile();
        throw err;
      }
      if (upload.length === 0) throw noFile();
      return addPhoto(db, storage, settings, me, req.params.id, upload);
    },
  );

  app.delete(
    '/api/packages/:id/photos/:photoId',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['packages'],
        summary: 'Remove a photo from my draft',
        params: packagePhotoParamsSchema,
        response: { 200: packageSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (req) => deletePhoto(db, storage, settings, member(req), req.params.id, req.params.photoId),
  );

  app.put(
    '/api/packages/:id/photos/order',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['packages'],
        summary: 'Put the photos of my draft in a new order: every photo id once, the first photo first',
        params: packageParamsSchema,
        body: photoOrderSchema,
        response: { 200: packageSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (req) => reorderPhotos(db, settings, member(req), req.params.id, req.body.photoIds),
  );

  app.get(
    '/api/package-photos/:key',
    {
      config: { auth: 'visitor' },
      schema: {
        tags: ['packages'],
        summary: 'A package photo (image/webp); a key never changes what it names',
        params: photoKeyParamsSchema,
        response: { 200: z.unknown().meta({ description: 'The image bytes' }), 400: e, 404: e },
      },
    },
    async (req, reply) => {
      // Keys are random UUIDs handed out only in views the reader may see, so the URL itself is
      // the permission, as with avatars; the bytes carry no location metadata.
      const stored = await storage.get(req.params.key);
      if (!stored) throw new AppError('PACKAGE_PHOTO_NOT_FOUND');
      return sendStoredObject(reply, stored, 'private, max-age=31536000, immutable');
    },
  );
};
