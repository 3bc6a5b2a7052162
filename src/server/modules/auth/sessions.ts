import type { IncomingHttpHeaders } from 'node:http';
import { fromNodeHeaders } from 'better-auth/node';
import type { Auth } from './auth.ts';
import { createSessionCache, type SessionCache } from './session-cache.ts';
import type { SessionChanges } from './session-changes.ts';
import { type SessionUser, toSessionUser } from './session-user.ts';

/**
 * Who is behind a request. A session Better Auth has checked is kept for a short while by the signed
 * cookie that proved it, so the requests that follow cost no database trip; any change to the member
 * or the session, on any node, drops it first (ADR 0038).
 */
export interface Sessions {
  user(headers: IncomingHttpHeaders): Promise<SessionUser | null>;
  /** After a change this server made to a member outside Better Auth (profile, identity check…). */
  userChanged(userId: string): Promise<void>;
  readonly cache: SessionCache;
}

/** How long a checked session is trusted without asking the database again. */
export const SESSION_CACHE_TTL_MS = 30_000;
const SESSION_CACHE_MAX = 10_000;

// Better Auth's session cookie: "<token>.<signature>", URL-encoded, "__Secure-" prefixed over HTTPS.
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]*)/;

function sessionCookie(headers: IncomingHttpHeaders): string | null {
  const match = headers.cookie?.match(SESSION_COOKIE);
  return match?.[1] ? match[1] : null;
}

/** Whether a request carries a session cookie at all: without one it is a visitor's, unasked. */
export function hasSessionCookie(headers: IncomingHttpHeaders): boolean {
  return sessionCookie(headers) !== null;
}

export function createSessions(
  auth: Auth,
  changes: SessionChanges,
  options: { ttlMs?: number; now?: () => number } = {},
): Sessions {
  const cache = createSessionCache({
    ttlMs: options.ttlMs ?? SESSION_CACHE_TTL_MS,
    max: SESSION_CACHE_MAX,
    now: options.now,
  });
  changes.subscribe((change) => {
    if ('userId' in change) cache.forgetUser(change.userId);
    else if ('token' in change) cache.forgetToken(change.token);
    else cache.forgetAll();
  });

  return {
    cache,
    async user(headers) {
      const cookie = sessionCookie(headers);
      // No session cookie, no session: Better Auth reads sessions from that cookie alone.
      if (!cookie) return null;
      const cached = cache.get(cookie);
      if (cached !== undefined) return cached;
      const epoch = cache.epoch();
      const result = await auth.api.getSession({ headers: fromNodeHeaders(headers) });
      if (!result) return null;
      const user = toSessionUser(result.user);
      cache.set(cookie, { token: result.session.token, user, expiresAt: new Date(result.session.expiresAt) }, epoch);
      return user;
    },
    userChanged: (userId) => changes.publish({ userId }),
  };
}
