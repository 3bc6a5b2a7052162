import { useMutation } from '@tanstack/react-query';
import { http } from '#web/lib/http.ts';
import { authMutationKeys } from './auth-keys.ts';

export interface GoogleSignInInput {
  /** Where Google's callback lands once signed in (a same-site path). */
  callbackURL: string;
  /** Where a failed sign-in lands, with `?error=`. */
  errorCallbackURL: string;
}

/**
 * POST /api/auth/sign-in/social answers with the address of Google's sign-in page (the configured
 * OpenID Connect issuer, ADR 0014); the browser goes there and comes back through
 * /api/auth/callback/google. The mutation stays pending while the page unloads.
 */
export function useGoogleSignIn() {
  return useMutation({
    mutationKey: authMutationKeys.googleSignIn,
    mutationFn: async (input: GoogleSignInInput) => {
      const { url } = await http<{ url?: string; redirect?: boolean }>('/api/auth/sign-in/social', {
        method: 'POST',
        body: { provider: 'google', ...input },
      });
      if (!url) throw new Error('Google sign-in did not return an address to go to');
      window.location.assign(url);
    },
  });
}
