import { expect, it } from 'vitest';
import { translateProviderError } from './provider-errors.ts';

it('turns a validation error into per-field messages', () => {
  const body = {
    code: 'VALIDATION_ERROR',
    message: '[body.name] Invalid input: expected string; [body.email] Invalid input: expected string, received number',
  };
  expect(translateProviderError(body, 'r1')).toEqual({
    error: {
      code: 'VALIDATION_FAILED',
      message: 'Some fields are not valid.',
      fields: { name: ['Invalid input: expected string'], email: ['Invalid input: expected string, received number'] },
      requestId: 'r1',
    },
  });
});

it('keeps the provider code of other errors', () => {
  expect(
    translateProviderError({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }, 'r2'),
  ).toEqual({
    error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password', requestId: 'r2' },
  });
});

it('leaves bodies already in our shape, and non-errors, alone', () => {
  expect(translateProviderError({ error: { code: 'X', message: 'y' } }, 'r')).toBeNull();
  expect(translateProviderError({ token: 'abc' }, 'r')).toBeNull();
  expect(translateProviderError(null, 'r')).toBeNull();
});
