import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#web/lib/http.ts';
import { refreshSessionEverywhere } from '#web/lib/session.ts';
import { authMutationKeys } from './auth-keys.ts';

export interface SignInInput {
  email: string;
  password: string;
  rememberMe: boolean;
}

/**
 * POST /api/auth/sign-in/email. It settles only once every session query (user, admin flag) has
 * been refetched, so whatever the app does next reads the new identity, not a cached visitor.
 */
export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: authMutationKeys.signIn,
    mutationFn: async (input: SignInInput) => {
      await http('/api/auth/sign-in/email', { method: 'POST', body: input });
      await refreshSessionEverywhere(client);
    },
  });
}
