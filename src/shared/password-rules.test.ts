import { describe, expect, it } from 'vitest';
import { commonPasswords, isCommonPassword } from './common-passwords.ts';
import { newPasswordSchema, PASSWORD_MIN_LENGTH, passwordRuleMessages, passwordStrength } from './password-rules.ts';

describe('the common-password list', () => {
  it('holds only passwords the length rule would let through, once each, in lower case', () => {
    expect(commonPasswords.length).toBeGreaterThan(1000);
    expect(commonPasswords.every((p) => p.length >= PASSWORD_MIN_LENGTH && p === p.toLowerCase())).toBe(true);
    expect(new Set(commonPasswords).size).toBe(commonPasswords.length);
  });

  it('matches regardless of case', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('PassWord1')).toBe(true);
    expect(isCommonPassword('correct-horse-battery')).toBe(false);
  });
});

describe('newPasswordSchema', () => {
  const firstError = (value: string) => newPasswordSchema.safeParse(value).error?.issues[0]?.message;

  it('refuses short, over-long and common passwords with the words the form shows', () => {
    expect(firstError('short1!')).toBe(passwordRuleMessages.tooShort);
    expect(firstError('x'.repeat(129))).toBe(passwordRuleMessages.tooLong);
    expect(firstError('Baseball')).toBe(passwordRuleMessages.tooCommon);
  });

  it('accepts a long uncommon password', () => {
    expect(newPasswordSchema.safeParse('a-long-enough-password').success).toBe(true);
  });
});

describe('passwordStrength', () => {
  it('scores refused passwords 0 and says why', () => {
    expect(passwordStrength('abc')).toEqual({ score: 0, label: 'Too short' });
    expect(passwordStrength('sunshine')).toEqual({ score: 0, label: 'Too common' });
  });

  it('rises with length and variety', () => {
    const scores = ['zqxjvkwp', 'zqxjvkwp7', 'zqxjvkwp7-abc', 'Zqxjvkwp7-abcdefg'].map(
      (p) => passwordStrength(p).score,
    );
    expect(scores).toEqual([1, 2, 4, 4]);
    expect(passwordStrength('zqxjvkwpmnbt').label).toBe('Fair');
  });

  it('calls one repeated character weak however long it is', () => {
    expect(passwordStrength('q'.repeat(30))).toEqual({ score: 1, label: 'Weak' });
  });
});
