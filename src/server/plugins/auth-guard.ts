import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { getSessionUser, isAdmin, isVerifiedProfile, type SessionUser } from '#server/modules/auth/service.ts';
import type { Sessions } from '#server/modules/auth/sessions.ts';
import { AppError } from '#shared/errors.ts';

/**
 * Who may call a route (ADR 0039): anyone, a signed-in member, a member with a verified profile
 * (docs/product.md §1.2), or an administrator.
 */
export type RouteAuth = 'visitor' | 'member' | 'verified' | 'admin';

export const ROUTE_AUTH_LEVELS: readonly RouteAuth[] = ['visitor', 'member', 'verified', 'admin'];

export interface RouteAccess {
  method: string;
  url: string;
  auth: RouteAuth;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every API route outside /api/admin, whose prefix makes its routes administrators' (ADR 0044). */
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    /** The caller of a member, verified or admin route, resolved before its input was validated. */
    sessionUser: SessionUser | null;
  }
  interface FastifyInstance {
    /** Every route registered after this plugin and who may call it. */
    routeAccess: readonly RouteAccess[];
    /** The one session resolver requests go through; `optionalUser` memoises it per request. */
    resolveSession: (headers: IncomingHttpHeaders) => Promise<SessionUser | null>;
  }
}

/** The swagger UI's own routes: a third-party plugin registers them and cannot declare anything. */
const isDocsUi = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

const isApi = (url: string) => url === '/api' || url.startsWith('/api/');

/** The back office's API: everything under it is for administrators, and nothing admin-only lives elsewhere (ADR 0044). */
export const ADMIN_API_PREFIX = '/api/admin';

const isAdminApi = (url: string) => url === ADMIN_API_PREFIX || url.startsWith(`${ADMIN_API_PREFIX}/`);

/** Who may call a route, from its prefix or its declaration; the OpenAPI document states the same. */
export function routeAuth(route: { url: string; config?: FastifyContextConfig }): RouteAuth {
  if (isAdminApi(route.url)) return 'admin';
  if (!isApi(route.url) || route.config?.signedWebhook === true) return 'visitor';
  return route.config?.auth ?? 'visitor';
}

/**
 * What is wrong with a route's declaration, if anything: an API route that says nothing about who
 * may call it (a forgotten guard must not compile into a release), a back-office route that claims
 * to be open to members, or an admin-only route outside the back office's prefix.
 */
function declarationProblem(route: { url: string; config?: FastifyContextConfig }): string | undefined {
  const declared = route.config?.auth;
  if (isAdminApi(route.url)) {
    return declared === undefined || declared === 'admin'
      ? undefined
      : `declares auth '${declared}' under ${ADMIN_API_PREFIX}, which is for administrators only (ADR 0044)`;
  }
  if (declared === 'admin') return `is for administrators: move it under ${ADMIN_API_PREFIX} (ADR 0044)`;
  if (!isApi(route.url) || isDocsUi(route.url)) return undefined;
  if (route.config?.signedWebhook === true) return undefined;
  return ROUTE_AUTH_LEVELS.includes(declared as RouteAuth)
    ? undefined
    : "does not declare who may call it: add config: { auth: 'visitor' | 'member' | 'verified' } (ADR 0039)";
}

// Keyed by the request object: the lookup dies with the request, and a visitor route that reads the
// session twice (or a guard followed by a handler) still asks the resolver once.
const lookups = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** The caller on a visitor route that reads the session if there is one; resolved at most once per request. */
export function optionalUser(req: FastifyRequest): Promise<SessionUser | null> {
  let lookup = lookups.get(req);
  if (!lookup) {
    lookup = req.server.resolveSession(req.headers);
    lookups.set(req, lookup);
  }
  return lookup;
}

/**
 * The caller of a member, verified or admin route, already checked by the guard. The throw only
 * matters if a handler calls this on a visitor route, where nobody resolved the session.
 */
export function member(req: FastifyRequest): SessionUser {
  if (!req.sessionUser) throw new AppError('UNAUTHENTICATED');
  return req.sessionUser;
}

const signedOut = () => new AppError('UNAUTHENTICATED');

/**
 * Sign-in comes before validation: a visitor calling a members' route gets 401 whatever they send,
 * not a list of what is wrong with their input; a member calling an administrator's route gets 403
 * the same way. Every API route declares `config: { auth }` (or is a provider's signed webhook), and
 * start-up fails on one that does not, so a route is never open or closed by accident (ADR 0039).
 */
export const authGuardPlugin = fp(async (app: FastifyInstance, options: { sessions: Sessions }) => {
  const access: RouteAccess[] = [];
  app.decorate('routeAccess', access);
  app.decorate('resolveSession', (headers: IncomingHttpHeaders) => getSessionUser(options.sessions, headers));
  app.decorateRequest('sessionUser', null);

  const guards: Record<Exclude<RouteAuth, 'visitor'>, preValidationAsyncHookHandler> = {
    member: async (req: FastifyRequest) => {
      const user = await optionalUser(req);
      if (!user) throw signedOut();
      req.sessionUser = user;
    },
    // No route declares this yet: the actions that need a verified profile each say what to verify
    // for in their services (docs/product.md §1.2), and their messages are kept.
    verified: async (req: FastifyRequest) => {
      const user = await optionalUser(req);
      if (!user) throw signedOut();
      if (!isVerifiedProfile(user)) throw new AppError('PROFILE_NOT_VERIFIED');
      req.sessionUser = user;
    },
    admin: async (req: FastifyRequest) => {
      const user = await optionalUser(req);
      if (!user) throw signedOut();
      if (!isAdmin(user)) throw new AppError('ADMIN_ONLY');
      req.sessionUser = user;
    },
  };

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const problem = declarationProblem(route);
    if (problem) throw new Error(`${methods.join(',')} ${route.url} ${problem}.`);
    const auth = routeAuth(route);
    for (const method of methods) {
      if (method !== 'HEAD') access.push({ method, url: route.url, auth });
    }
    if (auth === 'visitor') return;
    const existing = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [guards[auth], ...existing];
  });
});
