/** Keys of the auth feature: mutations (so a page can tell a request is still in flight) and its queries. */
export const authKeys = {
  signIn: ['auth', 'sign-in'] as const,
  signUp: ['auth', 'sign-up'] as const,
  resendVerification: ['auth', 'resend-verification'] as const,
  requestPasswordReset: ['auth', 'request-password-reset'] as const,
  resetPassword: ['auth', 'reset-password'] as const,
  googleSignIn: ['auth', 'google-sign-in'] as const,
  linkGoogle: ['auth', 'link-google'] as const,
  unlinkGoogle: ['auth', 'unlink-google'] as const,
  /** Query: the ways a signed-in user can sign in (password, Google); per user, so a new session never reads another's. */
  signInMethods: (userId: string) => ['auth', 'sign-in-methods', userId] as const,
};
