import type { FastifyContextConfig, FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { getSessionUser, type SessionUser } from '#server/modules/auth/service.ts';
import type { Sessions } from '#server/modules/auth/sessions.ts';
import { AppError } from '#shared/errors.ts';

/** Who may call a route: anyone, or only a signed-in member (ADR 0032). */
export type RouteAuth = 'visitor' | 'member';

export interface RouteAccess {
  method: string;
  url: string;
  auth: RouteAuth;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `visitor` opens an API route to callers without a session; every other API route is `member`. */
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    /** The member a `member` route was called by, resolved before its input was validated. */
    sessionUser: SessionUser | null;
  }
  interface FastifyInstance {
    /** Every route registered after this plugin and who may call it. */
    routeAccess: readonly RouteAccess[];
  }
}

/** Who may call a route, from its declaration; the OpenAPI document states the same. */
export function routeAuth(route: { url: string; config?: FastifyContextConfig }): RouteAuth {
  const isApi = route.url.startsWith('/api/');
  const open = !isApi || route.config?.auth === 'visitor' || route.config?.signedWebhook === true;
  return open ? 'visitor' : 'member';
}

/**
 * Sign-in comes before validation: a visitor calling a members' route gets 401 whatever they send,
 * not a list of what is wrong with their input. API routes are members-only unless they say
 * `config: { auth: 'visitor' }` (or are a provider's signed webhook), so a new route is closed until
 * someone decides otherwise. The session is read in a preValidation hook, before Fastify validates
 * params, query and body; handlers keep their own session reads, which also check roles.
 */
export const authGuardPlugin = fp(async (app: FastifyInstance, options: { sessions: Sessions }) => {
  const access: RouteAccess[] = [];
  app.decorate('routeAccess', access);
  app.decorateRequest('sessionUser', null);

  const requireMember: preValidationAsyncHookHandler = async (req: FastifyRequest) => {
    const user = await getSessionUser(options.sessions, req.headers);
    if (!user) throw new AppError('UNAUTHENTICATED', 'You are not signed in.');
    req.sessionUser = user;
  };

  app.addHook('onRoute', (route) => {
    const auth = routeAuth(route);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') access.push({ method, url: route.url, auth });
    }
    if (auth !== 'member') return;
    const existing = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [requireMember, ...existing];
  });
});
