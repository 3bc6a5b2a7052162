import type { SessionUser } from './session-user.ts';

/**
 * Sessions already checked by Better Auth, by the signed cookie value that proved them, so a request
 * from a known session costs no database trip (ADR 0038). An entry lives until the shorter of
 * `ttlMs` and the session's own expiry, and is dropped as soon as its member or session changes.
 */
export interface SessionCache {
  get(cookieValue: string): SessionUser | undefined;
  /** Caches a lookup unless something was forgotten since `epoch` (the lookup may have read it stale). */
  set(cookieValue: string, entry: { token: string; user: SessionUser; expiresAt: Date }, epoch: number): void;
  /** Taken before a lookup: a forget() during the lookup makes its answer uncacheable. */
  epoch(): number;
  forgetUser(userId: string): void;
  forgetToken(token: string): void;
  forgetAll(): void;
  readonly size: number;
}

interface Entry {
  token: string;
  user: SessionUser;
  until: number;
}

export function createSessionCache(options: { ttlMs: number; max: number; now?: () => number }): SessionCache {
  const now = options.now ?? Date.now;
  // Insertion-ordered: the first key is the oldest entry, evicted first when full.
  const entries = new Map<string, Entry>();
  let epoch = 0;

  const drop = (matches: (entry: Entry) => boolean) => {
    epoch += 1;
    for (const [key, entry] of entries) if (matches(entry)) entries.delete(key);
  };

  return {
    get(cookieValue) {
      const entry = entries.get(cookieValue);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        entries.delete(cookieValue);
        return undefined;
      }
      return entry.user;
    },
    set(cookieValue, { token, user, expiresAt }, since) {
      if (since !== epoch) return;
      const until = Math.min(now() + options.ttlMs, expiresAt.getTime());
      if (until <= now()) return;
      entries.delete(cookieValue);
      entries.set(cookieValue, { token, user, until });
      while (entries.size > options.max) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    epoch: () => epoch,
    forgetUser: (userId) => drop((entry) => entry.user.id === userId),
    forgetToken: (token) => drop((entry) => entry.token === token),
    forgetAll: () => drop(() => true),
    get size() {
      return entries.size;
    },
  };
}
