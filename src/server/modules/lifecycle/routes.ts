import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { CodeKeys } from '#server/lib/codes.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import { getPackage } from '#server/modules/packages/service.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import { member } from '#server/plugins/auth-guard.ts';
import type { PaymentProvider } from '#server/providers/payments/payment-provider.ts';
import type { TextMessageSender } from '#server/providers/sms/sms.ts';
import { packagePhotoKeyPattern } from '#server/providers/storage/package-photo-storage.ts';
import type { PrivatePhotoStorage } from '#server/providers/storage/private-photo-storage.ts';
import { sendStoredObject } from '#server/providers/storage/send.ts';
import { AppError, apiErrorSchema } from '#shared/errors.ts';
import {
  addEvidenceSchema,
  codeSchema,
  disputeSchema,
  EVIDENCE_MAX_PHOTOS,
  openDisputeSchema,
  packageCodesSchema,
  resolveDisputeSchema,
} from '#shared/lifecycle.ts';
import { handoffPhotoQuerySchema, PACKAGE_LIMITS, packageParamsSchema, packageViewSchema } from '#shared/packages.ts';
import { confirmDelivery } from './complete.ts';
import { textDeliveryCode } from './delivery-sms.ts';
import { getDispute, openDispute } from './disputes.ts';
import { addEvidence } from './evidence.ts';
import { addHandoffPhoto } from './handoff-photos.ts';
import { CodeLockedError, enterCode, getCodes } from './handover.ts';
import { readPrivatePhoto } from './private-photos.ts';
import { resolveDispute } from './resolve.ts';
import { withdrawAsTraveler } from './withdraw.ts';

export interface LifecycleRoutesOptions {
  db: Database;
  notifier: Notifier;
  codeKeys: CodeKeys;
  /** Texts the delivery code to the recipient; null when no provider can send our own text. */
  texts: TextMessageSender | null;
  settings: SettingsStore;
  /** Evidence and handover photos: private to the package's parties and admins. */
  photos: PrivatePhotoStorage;
}

const e = apiErrorSchema;
const moveErrors = { 400: e, 401: e, 403: e, 404: e, 409: e };

const photoMegabytes = PACKAGE_LIMITS.photoBytes / (1024 * 1024);
const photoError = (detail: string, field: string) =>
  new AppError('VALIDATION_FAILED', { detail, fields: { [field]: [detail] } });
const privatePhotoParamsSchema = packageParamsSchema.extend({
  key: z.string().regex(packagePhotoKeyPattern, 'Not a photo key'),
});

interface Upload {
  text: string | undefined;
  files: Buffer[];
}

/**
 * The parts of a multipart upload: `photo` files (each at most 8 MB, the package photos' limit) and
 * an optional `text` field. Limits the stream itself breaks become the same 400s as package photos.
 */
async function readUpload(app: FastifyInstance, req: FastifyRequest, maxFiles: number): Promise<Upload> {
  if (!req.isMultipart()) throw photoError('Send the form as multipart/form-data.', 'photo');
  const upload: Upload = { text: undefined, files: [] };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== 'text') throw photoError(`Unexpected field ${part.fieldname}.`, part.fieldname);
        upload.text = String(part.value);
      } else {
        if (part.fieldname !== 'photo') throw photoError('Send photos in the field named photo.', 'photo');
        const bytes = await part.toBuffer();
        if (bytes.length > 0) upload.files.push(bytes);
      }
    }
  } catch (err) {
    if (err instanceof app.multipartErrors.RequestFileTooLargeError) {
      throw photoError(`Choose photos of ${photoMegabytes} MB or less.`, 'photo');
    }
    if (err instanceof app.multipartErrors.FilesLimitError) {
      throw photoError(`Send at most ${maxFiles} photo${maxFiles === 1 ? '' : 's'} at once.`, 'photo');
    }
    if (err instanceof app.multipartErrors.FieldsLimitError || err instanceof app.multipartErrors.PartsLimitError) {
      throw photoError('Send one text and the photos, nothing else.', 'photo');
    }
    throw err;
  }
  return upload;
}

/**
 * The delivery lifecycle after a match (docs/product.md §2): the handovers with their codes,
 * confirmation, the traveler's withdrawal, disputes and their resolution. Each move answers with the
 * package as the caller now sees it. Cancelling stays POST /api/packages/{id}/cancel (packages).
 */
export const lifecycleRoutes: FastifyPluginAsyncZod<LifecycleRoutesOptions> = async (app, options) => {
  const { db, notifier, codeKeys, texts, settings, photos } = options;
  // Scoped to this plugin: the evidence form's text and up to 5 photos, each as large as a package photo.
  await app.register(multipart, {
    limits: {
      fileSize: PACKAGE_LIMITS.photoBytes,
      files: EVIDENCE_MAX_PHOTOS,
      fields: 1,
      parts: EVIDENCE_MAX_PHOTOS + 1,
      fieldNameSize: 100,
      fieldSize: 16 * 1024,
      headerPairs: 100,
    },
  });

  /** A locked step says when it reopens, in seconds, as HTTP does for any 429. */
  const withRetryAfter = async <T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (err instanceof CodeLockedError) {
        reply.header('retry-after', String(Math.max(1, Math.ceil((err.until.getTime() - Date.now()) / 1000))));
      }
      throw err;
    }
  };

  for (const [path, kind, summary] of [
    ['/api/packages/:id/pickup', 'pickup', "The traveler enters the sender's pickup code: matched → in transit"],
    [
      '/api/packages/:id/deliver',
      'delivery',
      "The traveler enters the recipient's delivery code: in transit → delivered",
    ],
  ] as const) {
    app.post(
      path,
      {
        config: { auth: 'member' },
        schema: {
          tags: ['lifecycle'],
          summary: `${summary}. Wrong codes are counted; the fifth in a row locks the step for an hour (429 with Retry-After)`,
          params: packageParamsSchema,
          body: codeSchema,
          response: { 200: packageViewSchema, ...moveErrors, 429: e },
        },
      },
      async (req, reply) => {
        const me = member(req);
        await withRetryAfter(reply, () =>
          enterCode(db, notifier, codeKeys, me, { packageId: req.params.id, kind, code: req.body.code }),
        );
        return getPackage(db, settings, me, req.params.id);
      },
    );
  }

  app.get(
    '/api/packages/:id/codes',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['lifecycle'],
        summary: 'The sender’s handover codes: the pickup code until pickup, the delivery code until delivery',
        params: packageParamsSchema,
        response: { 200: packageCodesSchema, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (req) => getCodes(db, codeKeys, member(req), req.params.id),
  );

  app.post(
    '/api/packages/:id/delivery-code/sms',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['lifecycle'],
        summary: "Text the delivery code to the recipient's phone (the sender; a few times an hour per package)",
        params: packageParamsSchema,
        response: { 204: z.null().meta({ description: 'Sent' }), ...moveErrors, 429: e, 503: e },
      },
    },
    async (req, reply) => {
      await textDeliveryCode(db, texts, codeKeys, member(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/packages/:id/confirm',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['lifecycle'],
        summary: 'The sender confirms the delivery: delivered → completed, the reward released to the traveler',
        params: packageParamsSchema,
        response: { 200: packageViewSchema, ...moveErrors },
      },
    },
    async (req) => {
      const me = member(req);
      await confirmDelivery(db, notifier, me, req.params.id);
      return getPackage(db, settings, me, req.params.id);
    },
  );

  app.post(
    '/api/packages/:id/withdraw-traveler',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['lifecycle'],
        summary: 'The traveler withdraws before pickup: the package is open again for other travelers, no refund',
        params: packageParamsSchema,
        response: { 200: packageViewSchema, ...moveErrors },
      },
    },
    async (req) => {
      const me = member(req);
      await withdrawAsTraveler(db, notifier, me, req.params.id);
      return getPackage(db, settings, me, req.params.id);
    },
  );

  app.post(
    '/api/packages/:id/dispute',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['lifecycle'],
        summary:
          'The sender or the traveler opens a dispute after pickup; the money is held until an admin resolves it',
        params: packageParamsSchema,
        body: openDisputeSchema,
        response: { 201: disputeSchema, ...moveErrors },
      },
    },
    async (req, reply) => reply.code(201).send(await openDispute(db, notifier, member(req), req.params.id, req.body)),
  );

  app.get(
    '/api/packages/:id/dispute',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['lifecycle'],
        summary: "The package's latest dispute, for its sender, its traveler and admins",
        params: packageParamsSchema,
        response: { 200: disputeSchema, 400: e, 401: e, 404: e },
      },
    },
    async (req) => getDispute(db, member(req), req.params.id),
  );

  app.post(
    '/api/packages/:id/dispute/evidence',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['lifecycle'],
        summary: `A party adds evidence to the open dispute (multipart: a \`text\` field of up to 2000 characters and/or files in the file field \`photo\`, JPEG, PNG or WebP of at most ${photoMegabytes} MB, ${EVIDENCE_MAX_PHOTOS} photos per party and dispute); the other side and the admins are notified`,
        consumes: ['multipart/form-data'],
        params: packageParamsSchema,
        response: { 201: disputeSchema, ...moveErrors },
      },
    },
    async (req, reply) => {
      const me = member(req);
      const upload = await readUpload(app, req, EVIDENCE_MAX_PHOTOS);
      const parsed = addEvidenceSchema.safeParse({ text: upload.text });
      if (!parsed.success) {
        throw new AppError('VALIDATION_FAILED', { fields: { text: parsed.error.issues.map((i) => i.message) } });
      }
      const dispute = await addEvidence(db, notifier, photos, me, req.params.id, {
        text: parsed.data.text,
        uploads: upload.files,
      });
      return reply.code(201).send(dispute);
    },
  );

  app.post(
    '/api/packages/:id/handoff-photo',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['lifecycle'],
        summary: `The traveler's photo of the handover just made (one photo in the file field \`photo\`, at most ${photoMegabytes} MB): step=pickup while in transit, step=delivery once delivered; one per step, never replaced`,
        consumes: ['multipart/form-data'],
        params: packageParamsSchema,
        querystring: handoffPhotoQuerySchema,
        response: { 200: packageViewSchema, ...moveErrors },
      },
    },
    async (req) => {
      const me = member(req);
      const upload = await readUpload(app, req, 1);
      const [file] = upload.files;
      if (!file || upload.files.length > 1 || upload.text !== undefined) {
        throw photoError('Send one photo in the field named photo.', 'photo');
      }
      await addHandoffPhoto(db, photos, me, req.params.id, req.query.step, file);
      return getPackage(db, settings, me, req.params.id);
    },
  );

  app.get(
    '/api/packages/:id/private-photos/:key',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['lifecycle'],
        summary: "A handover or dispute evidence photo (image/webp), for the package's two parties and admins only",
        params: privatePhotoParamsSchema,
        response: { 200: z.unknown().meta({ description: 'The image bytes' }), 400: e, 401: e, 404: e },
      },
    },
    async (req, reply) => {
      const stored = await readPrivatePhoto(db, photos, member(req), req.params.id, req.params.key);
      // Private: a shared cache must never keep a copy another member could be served.
      return sendStoredObject(reply, stored, 'private, max-age=31536000, immutable');
    },
  );
};

export type LifecycleAdminRoutesOptions = Pick<LifecycleRoutesOptions, 'db' | 'notifier'> & {
  provider: PaymentProvider;
};

/** Resolving a dispute, for administrators (under /api/admin). */
export const lifecycleAdminRoutes: FastifyPluginAsyncZod<LifecycleAdminRoutesOptions> = async (
  app,
  { db, notifier, provider },
) => {
  app.get(
    '/packages/:id/dispute',
    {
      schema: {
        tags: ['admin'],
        summary:
          "The package's latest dispute as its timeline: opening, both sides' evidence, handover photos, resolution",
        params: packageParamsSchema,
        response: { 200: disputeSchema, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (req) => getDispute(db, member(req), req.params.id),
  );

  app.post(
    '/packages/:id/dispute/resolve',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Resolve the open dispute: refund the sender (package refunded) or release to the traveler (completed)',
        params: packageParamsSchema,
        body: resolveDisputeSchema,
        response: { 200: disputeSchema, ...moveErrors, 503: e },
      },
    },
    async (req) => {
      const me = member(req);
      return resolveDispute(db, notifier, provider, me.id, req.params.id, req.body);
    },
  );
};
