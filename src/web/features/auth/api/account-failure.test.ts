import { ofetch } from 'ofetch';
import { describe, expect, it } from 'vitest';
import { PHONE_NUMBER_MESSAGE } from '#shared/phone.ts';
import { describeCode, describeError, NETWORK_MESSAGE } from '#web/lib/errors/describe-error.ts';
import {
  describeAccountFailure,
  describeGoogleRequestFailure,
  describeLinkError,
  linkErrorCode,
} from './account-failure.ts';
import { retryAfterSeconds } from './mobile-otp.ts';

/** The FetchError ofetch throws for a response (or for no response at all), without a server. */
async function failure(
  answer: { status: number; body: unknown; headers?: Record<string, string> } | 'offline',
): Promise<unknown> {
  const http = ofetch.create(
    { retry: 0 },
    {
      fetch: async () => {
        if (answer === 'offline') throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json', ...answer.headers },
        });
      },
    },
  );
  return http('/api/auth/sign-in/email', { method: 'POST', body: {} }).then(
    () => {
      throw new Error('expected a failure');
    },
    (err: unknown) => err,
  );
}

const answer = (status: number, code: string, extra: object = {}) =>
  failure({ status, body: { error: { code, message: 'the server words', ...extra } } });

describe('describeAccountFailure', () => {
  it('words a wrong password and an unknown account alike, without the server sentence', async () => {
    const view = describeAccountFailure(await answer(401, 'INVALID_CREDENTIALS'));
    expect(view).toMatchObject({ message: 'Email or password is incorrect', field: null, actions: [] });
  });

  it('offers the ways out a code has', async () => {
    expect(describeAccountFailure(await answer(403, 'ACCOUNT_DISABLED')).actions).toEqual([
      { kind: 'link', to: '/need-help', label: 'Contact us' },
    ]);
    expect(describeAccountFailure(await answer(403, 'EMAIL_NOT_VERIFIED')).actions).toEqual([
      { kind: 'resend-verification', label: 'Resend the e-mail' },
    ]);
    const exists = describeAccountFailure(await answer(422, 'ACCOUNT_EXISTS'));
    expect(exists.field).toBe('email');
    expect(exists.actions.map((a) => a.label)).toEqual(['Sign in', 'Reset your password']);
  });

  it('reads any 429 as too many attempts', async () => {
    const view = describeAccountFailure(await answer(429, 'SOMETHING_NEWER'));
    expect(view.message).toBe('Too many attempts. Wait a minute and try again.');
  });

  it('asks to check the form for a refused field, beside the field the form calls it', async () => {
    const view = describeAccountFailure(await answer(400, 'VALIDATION_FAILED', { fields: { newPassword: ['x'] } }));
    expect(view).toMatchObject({
      message: "Some details aren't valid. Check the form and try again.",
      field: 'password',
    });
  });

  it('gives a failure on our side a reference to quote and a way to reach us', async () => {
    const view = describeAccountFailure(await answer(500, 'INTERNAL', { requestId: 'abcdef12-3456' }));
    expect(view.message).toBe(
      'Something went wrong on our side. Try again in a moment; if it keeps happening, contact us and quote reference ABCDEF12.',
    );
    expect(view.actions).toEqual([{ kind: 'link', to: '/need-help', label: 'Contact us' }]);
    const generic = describeAccountFailure(await answer(400, 'ACCOUNT_REQUEST_FAILED'), { now: 36 });
    expect(generic.reference).toBe('T10');
  });

  it('words an unexpected Google sign-in failure as Google', async () => {
    const view = describeAccountFailure(await answer(500, 'INTERNAL'), { unexpected: 'GOOGLE_SIGN_IN_FAILED' });
    expect(view.message).toMatch(/^Signing in with Google didn't work\./);
    expect(describeAccountFailure(await failure('offline')).message).toBe(NETWORK_MESSAGE);
  });
});

describe("a link's ?error=", () => {
  it.each([
    ['google-sign-in', 'access_denied', 'GOOGLE_SIGN_IN_FAILED'],
    ['google-sign-in', 'banned', 'ACCOUNT_DISABLED'],
    ['google-sign-in', 'account_not_linked', 'GOOGLE_ACCOUNT_NOT_LINKED'],
    ['verify-email', 'INVALID_TOKEN', 'VERIFY_LINK_INVALID'],
    ['reset-password', 'INVALID_TOKEN', 'RESET_LINK_INVALID'],
    ['google-link', 'email_does_not_match', 'GOOGLE_EMAIL_MISMATCH'],
    ['google-link', 'state_mismatch', 'GOOGLE_LINK_FAILED'],
  ] as const)('on %s, %s reads as %s', (flow, code, ours) => {
    expect(linkErrorCode(flow, code)).toBe(ours);
  });

  it('words the reset link with a way to a new one', () => {
    expect(describeLinkError('reset-password', 'TOKEN_EXPIRED')).toMatchObject({
      message: 'This link has expired or was already used.',
      actions: [{ kind: 'link', to: '/auth/forgot-password', label: 'Get a new link' }],
    });
    expect(describeLinkError('google-link', 'access_denied').message).toBe(
      'Google sign-in was cancelled, so nothing changed.',
    );
  });
});

describe('linking Google', () => {
  it('asks for a fresh sign-in, and offers one when the session has ended', async () => {
    expect(describeGoogleRequestFailure(await answer(403, 'SESSION_NOT_FRESH'))).toMatchObject({
      message: 'For your safety, sign in again before unlinking Google.',
      actions: [{ kind: 'link', to: '/auth/login?redirect=%2Fauth%2Fconnect-with-google', label: 'Sign in again' }],
    });
    expect(describeGoogleRequestFailure(await answer(401, 'UNAUTHENTICATED'))).toMatchObject({
      message: 'Your session has ended. Sign in again to continue.',
      actions: [{ label: 'Sign in again' }],
    });
    expect(describeGoogleRequestFailure(await answer(400, 'LAST_SIGN_IN_METHOD')).actions).toEqual([
      { kind: 'link', to: '/auth/forgot-password', label: 'Set a password' },
    ]);
  });
});

describe('the mobile number words', () => {
  it('words each failure', async () => {
    expect(describeCode('MOBILE_NUMBER_TAKEN').message).toBe('This number is already linked to another account.');
    expect(describeCode('INVALID_PHONE_NUMBER').message).toBe(PHONE_NUMBER_MESSAGE);
    expect(describeCode('MOBILE_CODE_EXPIRED', { minutes: 10 }).message).toBe(
      'This code has expired: codes last 10 minutes. Request a new code.',
    );
    expect(describeCode('TOO_MANY_MOBILE_CODE_ATTEMPTS').message).toBe('Too many attempts — request a new code.');
    expect(describeCode('MOBILE_SIGNED_OUT').message).toBe(
      'You have been signed out. Sign in again to add your mobile number.',
    );
  });

  it('counts the tries left after a wrong code', () => {
    const words = (attemptsLeft: number) => describeCode('WRONG_MOBILE_CODE', { attemptsLeft }).message;
    expect(words(4)).toBe("That code isn't right. You have 4 attempts left.");
    expect(words(1)).toBe("That code isn't right. You have 1 attempt left.");
    expect(words(0)).toBe('Too many attempts — request a new code.');
  });

  it("says how long the limiter wants, from the answer's params and header", async () => {
    const limited = await failure({
      status: 429,
      body: { error: { code: 'MOBILE_RATE_LIMITED', message: 'x', params: { retryAfterSeconds: 42 } } },
      headers: { 'x-retry-after': '41.2' },
    });
    expect(describeError(limited).message).toBe('Too many requests in a short time. Wait 42 seconds, then try again.');
    expect(retryAfterSeconds(limited)).toBe(42);
    expect(describeCode('MOBILE_RATE_LIMITED').message).toBe(
      'Too many requests in a short time. Wait a minute, then try again.',
    );
  });
});
