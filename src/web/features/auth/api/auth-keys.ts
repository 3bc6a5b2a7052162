/**
 * Mutation keys of the auth feature (so a page can tell a request is still in flight); what it reads
 * is keyed in #web/api/auth.ts.
 */
export const authMutationKeys = {
  signIn: ['auth', 'sign-in'] as const,
  signUp: ['auth', 'sign-up'] as const,
  resendVerification: ['auth', 'resend-verification'] as const,
  requestPasswordReset: ['auth', 'request-password-reset'] as const,
  resetPassword: ['auth', 'reset-password'] as const,
  googleSignIn: ['auth', 'google-sign-in'] as const,
  linkGoogle: ['auth', 'link-google'] as const,
  unlinkGoogle: ['auth', 'unlink-google'] as const,
};
