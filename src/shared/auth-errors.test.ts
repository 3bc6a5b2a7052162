import { describe, expect, it } from 'vitest';
import { type AuthFailure, type AuthFlow, describeAuthError, supportReference } from './auth-errors.ts';

const failure = (status: number | undefined, code?: string, extra: Partial<AuthFailure> = {}): AuthFailure => ({
  status,
  code,
  ...extra,
});

describe('sign-in', () => {
  it('words a wrong password and an unknown user identically', () => {
    const wrongPassword = describeAuthError('sign-in', failure(401, 'INVALID_EMAIL_OR_PASSWORD'));
    const unknownUser = describeAuthError('sign-in', failure(401, 'USER_NOT_FOUND'));
    const bareUnauthorized = describeAuthError('sign-in', failure(401));
    expect(wrongPassword.message).toBe('Email or password is incorrect');
    expect(unknownUser).toEqual(wrongPassword);
    expect(bareUnauthorized).toEqual(wrongPassword);
    expect(wrongPassword.actions).toEqual([]);
  });

  it('asks to wait after too many attempts, whatever the code', () => {
    for (const code of [undefined, 'AUTH_ERROR', 'RATE_LIMITED', 'INVALID_EMAIL_OR_PASSWORD']) {
      expect(describeAuthError('sign-in', failure(429, code)).message).toBe(
        'Too many attempts. Wait a minute and try again.',
      );
    }
  });

  it('says a banned account is disabled, with a way to contact us', () => {
    const view = describeAuthError('sign-in', failure(403, 'BANNED_USER'));
    expect(view.message).toBe('This account has been disabled.');
    expect(view.actions).toEqual([{ kind: 'link', to: '/need-help', label: 'Contact us' }]);
  });

  it('asks to confirm the e-mail address first, offering to resend it', () => {
    const view = describeAuthError('sign-in', failure(403, 'EMAIL_NOT_VERIFIED'));
    expect(view.message).toBe('Confirm your e-mail address first.');
    expect(view.actions).toEqual([{ kind: 'resend-verification', label: 'Resend the e-mail' }]);
  });
});

it("says Tagalong can't be reached when no answer came back, in every flow", () => {
  const flows: AuthFlow[] = ['sign-in', 'sign-up', 'resend-verification', 'forgot-password', 'reset-password'];
  for (const flow of flows) {
    expect(describeAuthError(flow, failure(undefined)).message).toBe("Can't reach Tagalong. Check your connection.");
  }
});

describe('anything else', () => {
  it('gives a generic message with a reference from the request id', () => {
    const view = describeAuthError(
      'sign-in',
      failure(500, 'INTERNAL', { requestId: '3f2a9c1d-1111-4222-8333-444455556666' }),
    );
    expect(view.reason).toBe('UNKNOWN');
    expect(view.reference).toBe('3F2A9C1D');
    expect(view.message).toContain('reference 3F2A9C1D');
    expect(view.actions).toEqual([{ kind: 'link', to: '/need-help', label: 'Contact us' }]);
  });

  it('falls back to a time-based reference without a request id', () => {
    const view = describeAuthError('sign-up', failure(502), 1_700_000_000_000);
    expect(view.reference).toBe(supportReference(undefined, 1_700_000_000_000));
    expect(view.reference).toMatch(/^T[0-9A-Z]+$/);
  });

  it('does not read a sign-in code in another flow', () => {
    expect(describeAuthError('reset-password', failure(401, 'INVALID_EMAIL_OR_PASSWORD')).reason).toBe('UNKNOWN');
  });
});

describe('sign-up', () => {
  it('puts password and e-mail problems beside their field', () => {
    expect(describeAuthError('sign-up', failure(400, 'PASSWORD_TOO_COMMON'))).toMatchObject({
      reason: 'PASSWORD_TOO_COMMON',
      field: 'password',
    });
    expect(describeAuthError('sign-up', failure(400, 'PASSWORD_TOO_SHORT')).field).toBe('password');
    expect(describeAuthError('sign-up', failure(400, 'INVALID_EMAIL')).field).toBe('email');
  });

  it('points a taken address to sign-in and reset, without saying whose it is', () => {
    const view = describeAuthError('sign-up', failure(422, 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL'));
    expect(view.reason).toBe('ACCOUNT_EXISTS');
    expect(view.actions.map((a) => (a.kind === 'link' ? a.to : a.kind))).toEqual([
      '/auth/login',
      '/auth/forgot-password',
    ]);
  });

  it('places a validation failure on the first field the form has', () => {
    const view = describeAuthError('sign-up', failure(400, 'VALIDATION_FAILED', { fields: { email: ['Invalid'] } }));
    expect(view).toMatchObject({ reason: 'INVALID_INPUT', field: 'email' });
  });
});

describe('links from e-mails', () => {
  it('says a used or expired reset link has expired, with a way to get a new one', () => {
    for (const code of ['INVALID_TOKEN', 'TOKEN_EXPIRED']) {
      const view = describeAuthError('reset-password', failure(400, code));
      expect(view.message).toBe('This link has expired or was already used.');
      expect(view.actions).toEqual([{ kind: 'link', to: '/auth/forgot-password', label: 'Get a new link' }]);
    }
    // The `?error=INVALID_TOKEN` Better Auth adds to the redirect carries no status.
    expect(describeAuthError('reset-password', failure(undefined, 'INVALID_TOKEN')).reason).toBe('RESET_LINK_INVALID');
  });

  it('says a used or expired confirmation link has expired', () => {
    expect(describeAuthError('verify-email', failure(undefined, 'TOKEN_EXPIRED')).reason).toBe('VERIFY_LINK_INVALID');
  });

  it('words any Google failure the same way', () => {
    expect(describeAuthError('google-sign-in', failure(undefined, 'unable_to_link_account')).reason).toBe(
      'GOOGLE_FAILED',
    );
    expect(describeAuthError('google-sign-in', failure(400, 'PROVIDER_NOT_FOUND')).reason).toBe('GOOGLE_FAILED');
  });
});

it('words the ways a Google sign-in can be refused', () => {
  expect(describeAuthError('google-sign-in', { status: undefined, code: 'account_not_linked' }).reason).toBe(
    'GOOGLE_ACCOUNT_NOT_LINKED',
  );
  expect(describeAuthError('google-sign-in', { status: undefined, code: 'email_not_verified' }).reason).toBe(
    'GOOGLE_EMAIL_NOT_VERIFIED',
  );
  expect(describeAuthError('google-sign-in', { status: undefined, code: 'banned' }).reason).toBe('ACCOUNT_DISABLED');
  expect(describeAuthError('google-sign-in', { status: undefined, code: 'something_else' }).reason).toBe(
    'GOOGLE_FAILED',
  );
});
