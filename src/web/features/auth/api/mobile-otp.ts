import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FetchError } from 'ofetch';
import { http } from '#web/lib/http.ts';
import { refreshSessionEverywhere } from '#web/lib/session.ts';

// Better Auth's phone-number plugin (src/server/modules/auth/auth.ts): a 6-digit code, valid for
// 10 minutes, 5 tries per code; send-otp is limited to one request a minute.
export const MOBILE_CODE_LENGTH = 6;
export const MOBILE_CODE_ATTEMPTS = 5;
export const MOBILE_CODE_EXPIRES_MINUTES = 10;
export const MOBILE_RESEND_SECONDS = 60;

export const mobileKeys = {
  sendCode: ['auth', 'mobile', 'send-code'] as const,
  verifyCode: ['auth', 'mobile', 'verify-code'] as const,
};

/** Seconds until the rate limiter lets the next request through (its X-Retry-After), if it said. */
export function retryAfterSeconds(err: unknown): number | undefined {
  const header = err instanceof FetchError ? Number(err.response?.headers.get('x-retry-after')) : Number.NaN;
  return header > 0 ? Math.ceil(header) : undefined;
}

/** POST /api/auth/phone-number/send-otp: texts a code to the number (E.164). */
export function useSendMobileCode() {
  return useMutation({
    mutationKey: mobileKeys.sendCode,
    mutationFn: async (phoneNumber: string) => {
      await http('/api/auth/phone-number/send-otp', { method: 'POST', body: { phoneNumber } });
    },
  });
}

export interface VerifyMobileCodeInput {
  phoneNumber: string;
  code: string;
}

/**
 * POST /api/auth/phone-number/verify with `updatePhoneNumber`: the number becomes the signed-in
 * user's, confirmed. Settles once every session query is refetched, so what the page does next
 * (the next onboarding step) reads the confirmed number.
 */
export function useVerifyMobileCode() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: mobileKeys.verifyCode,
    mutationFn: async (input: VerifyMobileCodeInput) => {
      await http('/api/auth/phone-number/verify', { method: 'POST', body: { ...input, updatePhoneNumber: true } });
      await refreshSessionEverywhere(client);
    },
  });
}
