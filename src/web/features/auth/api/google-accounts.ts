import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authKeys, authQueries } from '#web/api/auth.ts';
import { http } from '#web/lib/http.ts';
import { authMutationKeys } from './auth-keys.ts';

/** The ways the signed-in user can sign in. */
export function useSignInMethods(userId: string) {
  return useQuery(authQueries.signInMethods(userId));
}

export interface LinkGoogleInput {
  /** Where the browser lands once Google is linked. */
  callbackURL: string;
  /** Where a failed link lands, with `?error=`. */
  errorCallbackURL: string;
  /** The account's e-mail: Google offers the Google account with that address first. */
  loginHint: string;
}

/**
 * POST /api/auth/link-social: like signing in with Google, but the callback adds the Google account
 * to the signed-in user (same e-mail address only). Pending while the page unloads.
 */
export function useLinkGoogle() {
  return useMutation({
    mutationKey: authMutationKeys.linkGoogle,
    mutationFn: async (input: LinkGoogleInput) => {
      const { url } = await http<{ url?: string; redirect?: boolean }>('/api/auth/link-social', {
        method: 'POST',
        body: { provider: 'google', ...input },
      });
      if (!url) throw new Error('Linking Google did not return an address to go to');
      window.location.assign(url);
    },
  });
}

/** POST /api/auth/unlink-account; the server refuses to remove the last way to sign in. */
export function useUnlinkGoogle(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: authMutationKeys.unlinkGoogle,
    mutationFn: async (linkId: string) => {
      await http('/api/auth/unlink-account', { method: 'POST', body: { accountId: linkId } });
    },
    onSettled: () => client.invalidateQueries({ queryKey: authKeys.signInMethods(userId) }),
  });
}
