import { z } from 'zod';
import { isCommonPassword } from './common-passwords.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordRuleMessages } from './password-limits.ts';

// The limits live in password-limits.ts; the common-password rule is enforced by a server hook too.
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordRuleMessages };

/** A password someone is choosing (sign-up, reset): refused here before the server refuses it. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, passwordRuleMessages.tooShort)
  .max(PASSWORD_MAX_LENGTH, passwordRuleMessages.tooLong)
  .refine((password) => !isCommonPassword(password), passwordRuleMessages.tooCommon);

export type PasswordStrengthLabel = 'Too short' | 'Too common' | 'Weak' | 'Fair' | 'Good' | 'Strong';

export interface PasswordStrength {
  /** 0 when the password would be refused; 1–4 otherwise. */
  score: 0 | 1 | 2 | 3 | 4;
  label: PasswordStrengthLabel;
}

const characterClasses = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/];

/**
 * A deliberately simple score for the meter: length counts most, then variety of characters. It
 * only advises; the rules that refuse a password are the ones in newPasswordSchema.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < PASSWORD_MIN_LENGTH) return { score: 0, label: 'Too short' };
  if (isCommonPassword(password)) return { score: 0, label: 'Too common' };
  // One character repeated ("aaaaaaaaaaaa") is guessed at once, however long.
  if (/^(.)\1*$/.test(password)) return { score: 1, label: 'Weak' };
  const classes = characterClasses.filter((pattern) => pattern.test(password)).length;
  let points = 0;
  if (password.length >= 12) points++;
  if (password.length >= 16) points++;
  if (classes >= 2) points++;
  if (classes >= 3) points++;
  const score = Math.min(4, 1 + points) as 1 | 2 | 3 | 4;
  const labels = { 1: 'Weak', 2: 'Fair', 3: 'Good', 4: 'Strong' } as const;
  return { score, label: labels[score] };
}
