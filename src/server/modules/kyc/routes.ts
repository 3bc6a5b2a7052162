import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import type { Sessions } from '#server/modules/auth/public.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import { member } from '#server/plugins/auth-guard.ts';
import { SIGNATURE_HEADER } from '#server/providers/kyc/callback.ts';
import type { KycProvider } from '#server/providers/kyc/kyc-provider.ts';
import type { SandboxKycProvider, SignedCallback } from '#server/providers/kyc/sandbox.ts';
import { AppError, apiErrorSchema } from '#shared/errors.ts';
import {
  adminKycDecisionSchema,
  adminKycSchema,
  adminUserParamsSchema,
  kycCallbackAckSchema,
  kycStateSchema,
  sandboxCheckSchema,
  sandboxDecisionResponseSchema,
  sandboxDecisionSchema,
  sandboxParamsSchema,
  startKycResponseSchema,
  startKycSchema,
} from '#shared/kyc.ts';
import { decideKyc, getAdminKyc } from './admin.ts';
import { decideSandboxCheck, getSandboxCheck } from './sandbox.ts';
import { getKycState, handleKycCallback, RETURN_PAGE, startKyc } from './service.ts';

export interface KycRoutesOptions {
  sessions: Sessions;
  db: Database;
  provider: KycProvider;
  notifier: Notifier;
  baseUrl: string;
  sandboxDelayMs: number;
  settings: SettingsStore;
  clock: () => Date;
}

const CALLBACK_URL = '/api/kyc/kycaid/callback';

/** The identity check: start it, the provider's signed callback, the sandbox form. */
export const kycRoutes: FastifyPluginAsyncZod<KycRoutesOptions> = async (app, options) => {
  const { sessions, db, provider, notifier } = options;

  app.get(
    '/api/kyc',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['kyc'],
        summary: 'My identity check: status, decline reasons, latest attempt',
        response: { 200: kycStateSchema, 401: apiErrorSchema },
      },
    },
    async (req) => getKycState(db, member(req).id, await options.settings.current(), options.clock()),
  );

  app.post(
    '/api/kyc/start',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['kyc'],
        summary: "Start (or retry) my identity check; answers the provider's page to go to",
        body: startKycSchema,
        response: {
          200: startKycResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (req) => {
      const me = member(req);
      return startKyc(db, provider, me, {
        returnTo: req.body.returnTo ?? null,
        redirectUrl: `${options.baseUrl}${RETURN_PAGE}`,
        rules: await options.settings.current(),
        now: options.clock(),
      });
    },
  );

  // The provider's callback reads the raw bytes: the signature covers them exactly as sent.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
    raw.post(
      CALLBACK_URL,
      {
        config: { signedWebhook: true },
        schema: {
          tags: ['kyc'],
          summary: 'Identity-check provider callback (KYCAID format, signed with x-data-integrity)',
          response: { 200: kycCallbackAckSchema, 400: apiErrorSchema, 401: apiErrorSchema },
        },
      },
      async (req) => {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const parsed = provider.parseCallback(body, req.headers);
        if (!parsed.ok) {
          req.log.warn({ reason: parsed.reason }, 'kyc callback rejected');
          throw parsed.status === 401
            ? new AppError('KYC_CALLBACK_UNSIGNED', { detail: parsed.reason })
            : new AppError('KYC_CALLBACK_INVALID', { detail: parsed.reason });
        }
        const outcome = await handleKycCallback(
          db,
          notifier,
          provider.kind,
          parsed.event,
          req.log,
          sessions.userChanged,
        );
        req.log.info({ outcome, type: parsed.event.type, requestId: parsed.event.requestId }, 'kyc callback');
        return { ok: true as const };
      },
    );
  });

  if (provider.kind === 'sandbox')
    await app.register(sandboxRoutes, { ...options, provider: provider as SandboxKycProvider });
};

export type KycAdminRoutesOptions = Pick<KycRoutesOptions, 'sessions' | 'db' | 'notifier'>;

/** The back office's view of a member's identity check, and its override (under /api/admin). */
export const kycAdminRoutes: FastifyPluginAsyncZod<KycAdminRoutesOptions> = async (app, { sessions, db, notifier }) => {
  app.get(
    '/users/:id/kyc',
    {
      schema: {
        tags: ['admin'],
        summary: "A member's identity check: status, attempts and every change",
        params: adminUserParamsSchema,
        response: {
          200: adminKycSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (req) => {
      member(req);
      return getAdminKyc(db, req.params.id);
    },
  );

  app.post(
    '/users/:id/kyc/decision',
    {
      schema: {
        tags: ['admin'],
        summary: "Override a member's identity check (approve or decline, with a note for the audit log)",
        params: adminUserParamsSchema,
        body: adminKycDecisionSchema,
        response: {
          200: adminKycSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (req) => {
      const me = member(req);
      const decided = await decideKyc(db, notifier, me.id, req.params.id, req.body);
      await sessions.userChanged(req.params.id);
      return decided;
    },
  );
};

/** The embedded provider's form: only registered when no real provider is configured. */
const sandboxRoutes: FastifyPluginAsyncZod<KycRoutesOptions & { provider: SandboxKycProvider }> = async (
  app,
  options,
) => {
  const { db, provider, sandboxDelayMs } = options;
  const timers = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
  });

  // Delivered through the real endpoint, so the signature check and everything after it run exactly
  // as they do for KYCAID.
  const deliver = async (callback: SignedCallback) => {
    const res = await app.inject({
      method: 'POST',
      url: CALLBACK_URL,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: callback.signature },
      payload: callback.body,
    });
    if (res.statusCode !== 200)
      app.log.error({ status: res.statusCode, body: res.body }, 'sandbox kyc callback failed');
  };

  app.get(
    '/api/kyc/sandbox/:token',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['kyc'],
        summary: 'The sandbox identity check behind /kyc/sandbox/{token} (embedded provider only)',
        params: sandboxParamsSchema,
        response: { 200: sandboxCheckSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (req) => getSandboxCheck(db, member(req).id, req.params.token),
  );

  app.post(
    '/api/kyc/sandbox/:token/decision',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['kyc'],
        summary: 'Approve or decline the sandbox check; its result arrives through the signed callback',
        params: sandboxParamsSchema,
        body: sandboxDecisionSchema,
        response: {
          200: sandboxDecisionResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (req) => {
      const me = member(req);
      const callbacks = await decideSandboxCheck(db, provider, me.id, req.params.token, req.body);
      await deliver(callbacks.pending);
      if (sandboxDelayMs === 0) await deliver(callbacks.completed);
      else {
        // A real provider takes a while to review; the return page shows its waiting state meanwhile.
        const timer = setTimeout(() => {
          timers.delete(timer);
          void deliver(callbacks.completed).catch((err) => app.log.error({ err }, 'sandbox kyc callback failed'));
        }, sandboxDelayMs);
        timers.add(timer);
      }
      return { redirectTo: RETURN_PAGE };
    },
  );
};
