import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalUser } from '#server/plugins/auth-guard.ts';
import { errorBody } from '#server/plugins/errors.ts';
import { isAdminResponseSchema, meSchema, sessionViewSchema } from '#shared/auth.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import type { Auth } from './auth.ts';
import { translateProviderError } from './provider-errors.ts';
import { toMe } from './service.ts';

function safeJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
}

export const authRoutes: FastifyPluginAsyncZod<{ auth: Auth }> = async (app, { auth }) => {
  app.get(
    '/api/auth/me',
    {
      config: { auth: 'visitor' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: meSchema, 401: apiErrorSchema },
      },
    },
    async (req, reply) => {
      const user = await optionalUser(req);
      if (!user) return reply.code(401).send(errorBody('UNAUTHENTICATED'));
      return toMe(user);
    },
  );

  // The web app's view of the session: 200 for visitors too, so a visitor's page load logs no error.
  app.get(
    '/api/auth/session',
    {
      config: { auth: 'visitor' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, or null for a visitor',
        response: { 200: sessionViewSchema },
      },
    },
    async (req) => {
      const user = await optionalUser(req);
      return { user: user ? toMe(user) : null };
    },
  );

  app.get(
    '/api/auth/is-admin',
    {
      config: { auth: 'visitor' },
      schema: {
        tags: ['auth'],
        summary: 'Whether the signed-in user is an administrator (401 for a visitor)',
        response: { 200: isAdminResponseSchema, 401: apiErrorSchema },
      },
    },
    async (req, reply) => {
      const user = await optionalUser(req);
      if (!user) return reply.code(401).send(errorBody('UNAUTHENTICATED'));
      const me = toMe(user);
      return {
        isAdmin: me.isAdmin,
        // Older clients read the flag from `prismaUser`; kept so either reading works.
        prismaUser: { id: me.id, isAdmin: me.isAdmin, verifiedProfile: me.verifiedProfile },
      };
    },
  );

  // Better Auth's own endpoints (sign-up, sign-in, sessions, admin plugin); routes above win on
  // exact paths. Bodies reach it as the raw JSON text it expects.
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    // Better Auth decides for itself who may call each of its endpoints.
    config: { auth: 'visitor' },
    schema: { hide: true },
    async handler(req, reply) {
      const url = new URL(req.url, `${req.protocol}://${req.host}`);
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) {
        // The body is re-serialised below, so the caller's length no longer applies.
        if (value === undefined || key === 'content-length') continue;
        headers.append(key, Array.isArray(value) ? value.join(', ') : value);
      }
      const response = await auth.handler(
        new Request(url, {
          method: req.method,
          headers,
          body: req.method === 'GET' || req.body === undefined ? undefined : JSON.stringify(req.body),
        }),
      );
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      if (!response.body) return reply.send(null);
      const raw = Buffer.from(await response.arrayBuffer());
      if (response.status >= 400 && response.headers.get('content-type')?.includes('application/json')) {
        const translated = translateProviderError(safeJson(raw), req.id, {
          path: url.pathname.replace(/^\/api\/auth/, ''),
          status: response.status,
          retryAfter: response.headers.get('x-retry-after'),
        });
        if (translated) return reply.send(translated);
      }
      return reply.send(raw);
    },
  });
};
