import { describe, expect, it } from 'vitest';
import { translateProviderError } from './provider-errors.ts';

const signIn = { path: '/sign-in/email', status: 401 };

it('turns a validation error into per-field messages', () => {
  const body = {
    code: 'VALIDATION_ERROR',
    message: '[body.name] Invalid input: expected string; [body.email] Invalid input: expected string, received number',
  };
  expect(translateProviderError(body, 'r1', { path: '/sign-up/email', status: 400 })).toEqual({
    error: {
      code: 'VALIDATION_FAILED',
      message: 'Some fields are not valid.',
      fields: { name: ['Invalid input: expected string'], email: ['Invalid input: expected string, received number'] },
      requestId: 'r1',
    },
  });
});

describe('provider codes become catalog codes', () => {
  const codeOf = (code: string | undefined, answer: { path: string; status: number; retryAfter?: string }) =>
    translateProviderError({ code, message: 'Better Auth words' }, 'r', answer)?.error;

  it('words a wrong password and an unknown e-mail alike', () => {
    for (const code of ['INVALID_EMAIL_OR_PASSWORD', 'USER_NOT_FOUND', 'INVALID_PASSWORD', undefined]) {
      expect(codeOf(code, signIn)).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: 'The e-mail address or password is incorrect.',
        requestId: 'r',
      });
    }
  });

  it('reads a code by the endpoint it came from', () => {
    expect(codeOf('INVALID_TOKEN', { path: '/reset-password', status: 400 })?.code).toBe('RESET_LINK_INVALID');
    expect(codeOf('INVALID_TOKEN', { path: '/verify-email', status: 400 })?.code).toBe('VERIFY_LINK_INVALID');
    expect(codeOf('INVALID_PASSWORD', { path: '/change-password', status: 400 })?.code).toBe('WRONG_CURRENT_PASSWORD');
    expect(codeOf('INVALID_EMAIL', { path: '/change-email', status: 400 })?.code).toBe('INVALID_NEW_EMAIL');
    expect(codeOf('INVALID_EMAIL', { path: '/sign-up/email', status: 400 })?.code).toBe('INVALID_EMAIL');
    expect(codeOf('USER_ALREADY_EXISTS', { path: '/sign-up/email', status: 422 })?.code).toBe('ACCOUNT_EXISTS');
    expect(codeOf('BANNED_USER', { path: '/sign-in/email', status: 403 })?.code).toBe('ACCOUNT_DISABLED');
    expect(codeOf('PHONE_NUMBER_EXIST', { path: '/phone-number/send-otp', status: 400 })?.code).toBe(
      'MOBILE_NUMBER_TAKEN',
    );
  });

  it('sends the limiter wait of a rate-limited mobile request', () => {
    expect(codeOf(undefined, { path: '/phone-number/send-otp', status: 429, retryAfter: '42.3' })).toMatchObject({
      code: 'MOBILE_RATE_LIMITED',
      params: { retryAfterSeconds: 43 },
    });
    expect(codeOf('UNAUTHENTICATED', { path: '/phone-number/verify', status: 401 })?.code).toBe('MOBILE_SIGNED_OUT');
    expect(codeOf(undefined, { path: '/forget-password', status: 429 })?.code).toBe('RATE_LIMITED');
    expect(codeOf('OTP_EXPIRED', { path: '/phone-number/verify', status: 400 })).toMatchObject({
      code: 'MOBILE_CODE_EXPIRED',
      params: { minutes: 10 },
    });
  });

  it('gives unknown codes a generic account code, or Google sign-in its own', () => {
    expect(codeOf('SOMETHING_NEW', { path: '/forget-password', status: 400 })?.code).toBe('ACCOUNT_REQUEST_FAILED');
    expect(codeOf('PROVIDER_NOT_FOUND', { path: '/sign-in/social', status: 404 })?.code).toBe('GOOGLE_SIGN_IN_FAILED');
    expect(codeOf('FAILED_TO_GET_SESSION', { path: '/get-session', status: 500 })?.code).toBe('INTERNAL');
  });
});

it('leaves bodies already in our shape, and non-errors, alone', () => {
  expect(translateProviderError({ error: { code: 'X', message: 'y' } }, 'r', signIn)).toBeNull();
  expect(translateProviderError({ token: 'abc' }, 'r', signIn)).toBeNull();
  expect(translateProviderError(null, 'r', signIn)).toBeNull();
});
