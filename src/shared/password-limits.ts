// The server's limits: Better Auth's emailAndPassword.minPasswordLength and maxPasswordLength
// (server/modules/auth/auth.ts). In a file of their own, without zod or the common-password list,
// so the error words every page loads do not bring those along (ADR 0054).
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const passwordRuleMessages = {
  tooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters`,
  tooCommon: 'This is one of the most common passwords. Choose one that is harder to guess.',
} as const;
