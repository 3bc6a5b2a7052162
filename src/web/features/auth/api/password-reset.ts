import { useMutation } from '@tanstack/react-query';
import { http } from '#web/lib/http.ts';
import { authMutationKeys } from './auth-keys.ts';

/** Where the e-mail's link lands (Better Auth adds `?token=` or `?error=INVALID_TOKEN`). */
export const RESET_PASSWORD_PATH = '/auth/reset-password';

/** POST /api/auth/request-password-reset: always 200, whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationKey: authMutationKeys.requestPasswordReset,
    mutationFn: async (email: string) => {
      await http('/api/auth/request-password-reset', {
        method: 'POST',
        body: { email, redirectTo: RESET_PASSWORD_PATH },
      });
    },
  });
}

export interface ResetPasswordInput {
  token: string;
  newPassword: string;
}

/** POST /api/auth/reset-password: the token works once; every session of the account is signed out. */
export function useResetPassword() {
  return useMutation({
    mutationKey: authMutationKeys.resetPassword,
    mutationFn: async (input: ResetPasswordInput) => {
      await http('/api/auth/reset-password', { method: 'POST', body: input });
    },
  });
}
