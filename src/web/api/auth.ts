import { queryOptions } from '@tanstack/react-query';
import type { IsAdminResponse, LinkedAccount, Me, SessionView } from '#shared/auth.ts';
import { http } from '#web/lib/http.ts';

// The auth resource (`/api/auth/…`, server module `auth` and the Better Auth endpoints it mounts):
// who is signed in, and how they can sign in (docs/decisions/0037-one-web-data-layer.md).

/** The ways a signed-in user can sign in, as the sign-in methods screen reads the linked accounts. */
export interface SignInMethods {
  password: boolean;
  google: { id: string; linkedAt: string } | null;
}

export const authKeys = {
  all: ['auth'] as const,
  /** Every read of who is signed in: refetched together whenever the session may have changed. */
  session: () => [...authKeys.all, 'session'] as const,
  me: () => [...authKeys.session(), 'me'] as const,
  isAdmin: () => [...authKeys.session(), 'is-admin'] as const,
  /** Per user, so a new session never reads another's. */
  signInMethods: (userId: string) => [...authKeys.all, 'sign-in-methods', userId] as const,
};

export const authQueries = {
  /** GET /api/auth/session: the signed-in user, or null for a visitor. */
  me: () =>
    queryOptions({
      queryKey: authKeys.me(),
      queryFn: async ({ signal }): Promise<Me | null> =>
        (await http<SessionView>('/api/auth/session', { signal })).user,
    }),

  /** GET /api/auth/is-admin (a visitor gets 401). */
  isAdmin: () =>
    queryOptions({
      queryKey: authKeys.isAdmin(),
      queryFn: ({ signal }) => http<IsAdminResponse>('/api/auth/is-admin', { signal }),
    }),

  /** GET /api/auth/list-accounts, read as the ways the signed-in user can sign in (password, Google). */
  signInMethods: (userId: string) =>
    queryOptions({
      queryKey: authKeys.signInMethods(userId),
      queryFn: async ({ signal }): Promise<SignInMethods> => {
        const accounts = await http<LinkedAccount[]>('/api/auth/list-accounts', { signal });
        const google = accounts.find((a) => a.providerId === 'google');
        return {
          password: accounts.some((a) => a.providerId === 'credential'),
          google: google ? { id: google.id, linkedAt: google.createdAt } : null,
        };
      },
    }),
};
