import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#web/lib/http.ts';
import { refreshSessionEverywhere } from '#web/lib/session.ts';
import { authKeys } from './auth-keys.ts';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

/** POST /api/auth/sign-up/email; the new account is signed in at once, so the session is refetched. */
export function useSignUp() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: authKeys.signUp,
    mutationFn: async (input: SignUpInput) => {
      await http('/api/auth/sign-up/email', { method: 'POST', body: input });
      await refreshSessionEverywhere(client);
    },
  });
}
