/** Mutation keys of the auth feature, so a page can tell a form's request is still in flight. */
export const authKeys = {
  signIn: ['auth', 'sign-in'] as const,
  signUp: ['auth', 'sign-up'] as const,
  resendVerification: ['auth', 'resend-verification'] as const,
  requestPasswordReset: ['auth', 'request-password-reset'] as const,
  resetPassword: ['auth', 'reset-password'] as const,
  googleSignIn: ['auth', 'google-sign-in'] as const,
};
