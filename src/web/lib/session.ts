import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authKeys, authQueries } from '#web/api/auth.ts';
import { onUnauthorized } from './http.ts';
import { announceSessionChange, onSessionChangeElsewhere } from './session-events.ts';

/** The signed-in user, or null for a visitor. Refetched on focus, on socket reconnect and on any 401. */
export function useSession() {
  return useQuery({
    ...authQueries.me(),
    staleTime: 30_000,
    refetchOnWindowFocus: 'always',
  });
}

/** GET /api/auth/is-admin; asked only once the session says someone is signed in (a visitor gets 401). */
export function useIsAdmin(signedIn: boolean) {
  return useQuery({
    ...authQueries.isAdmin(),
    staleTime: 30_000,
    enabled: signedIn,
  });
}

/** Keeps the session view fresh when any request learns the session is gone, or another tab changes it. */
export function useSessionRefresh() {
  const client = useQueryClient();
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: authKeys.session() });
    const offUnauthorized = onUnauthorized(refresh);
    const offElsewhere = onSessionChangeElsewhere(refresh);
    return () => {
      offUnauthorized();
      offElsewhere();
    };
  }, [client]);
}

/**
 * After this tab signs in, up or out: refetch every session query (even ones no page shows, so the
 * next decision never reads a cached identity) and tell the other tabs.
 */
export async function refreshSessionEverywhere(client: QueryClient): Promise<void> {
  announceSessionChange();
  await client.invalidateQueries({ queryKey: authKeys.session(), refetchType: 'all' });
}
