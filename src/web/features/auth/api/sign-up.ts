import { useMutation } from '@tanstack/react-query';
import { http } from '#web/lib/http.ts';
import { authMutationKeys } from './auth-keys.ts';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  /** Where the verification link lands once it has signed the new user in (a same-site path). */
  callbackURL: string;
}

/**
 * POST /api/auth/sign-up/email. The account starts unverified and signed out: the e-mail's link
 * verifies it and signs in. Better Auth answers a taken address exactly like a new one (no account
 * enumeration), so success means "an e-mail is on its way", never "the account is yours".
 */
export function useSignUp() {
  return useMutation({
    mutationKey: authMutationKeys.signUp,
    mutationFn: async (input: SignUpInput) => {
      await http('/api/auth/sign-up/email', { method: 'POST', body: input });
    },
  });
}
