import { useMutation } from '@tanstack/react-query';
import { http } from '#web/lib/http.ts';
import { authMutationKeys } from './auth-keys.ts';

/**
 * Where the verification link lands once it has verified and signed the user in: the page they were
 * after (`?redirect=`, already checked to be same-site), else their dashboard. Better Auth adds
 * `?error=` to it when the link is bad or expired.
 */
export function verificationCallbackURL(redirect: string | null): string {
  return redirect ?? '/dashboard';
}

export interface ResendVerificationInput {
  email: string;
  callbackURL: string;
}

/** POST /api/auth/send-verification-email: answers the same whether or not the address has an account. */
export function useResendVerification() {
  return useMutation({
    mutationKey: authMutationKeys.resendVerification,
    mutationFn: async (input: ResendVerificationInput) => {
      await http('/api/auth/send-verification-email', { method: 'POST', body: input });
    },
  });
}
