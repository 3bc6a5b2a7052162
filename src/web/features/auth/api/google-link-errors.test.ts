import { ofetch } from 'ofetch';
import { describe, expect, it } from 'vitest';
import { NETWORK_MESSAGE } from './auth-errors.ts';
import { describeGoogleLinkError, describeGoogleRequestError } from './google-link-errors.ts';

/** The FetchError ofetch throws for a response (or for no response at all), without a server. */
async function failure(answer: { status: number; body: unknown } | 'offline'): Promise<unknown> {
  const http = ofetch.create(
    { retry: 0 },
    {
      fetch: async () => {
        if (answer === 'offline') throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        });
      },
    },
  );
  return http('/api/auth/unlink-account', { method: 'POST', body: {} }).then(
    () => {
      throw new Error('expected a failure');
    },
    (err: unknown) => err,
  );
}

describe('describeGoogleLinkError (the ?error= of the way back from Google)', () => {
  it.each([
    ['email_does_not_match', 'uses a different e-mail address'],
    ['account_already_linked_to_different_user', 'already linked to another Tagalong account'],
    ['unable_to_link_account', "Google hasn't confirmed its e-mail address"],
    ['access_denied', 'cancelled'],
    ['state_mismatch', "Linking Google didn't work"],
  ])('words %s', (code, words) => {
    expect(describeGoogleLinkError(code).message).toContain(words);
  });
});

describe('describeGoogleRequestError (unlinking)', () => {
  it('asks for a fresh sign-in when the session is too old to unlink', async () => {
    const err = await failure({ status: 403, body: { error: { code: 'SESSION_NOT_FRESH', message: 'x' } } });
    expect(describeGoogleRequestError(err)).toEqual({
      message: 'For your safety, sign in again before unlinking Google.',
      action: { to: '/auth/login?redirect=%2Fauth%2Fconnect-with-google', label: 'Sign in again' },
    });
  });

  it('offers to set a password when Google is the only way in', async () => {
    const err = await failure({ status: 400, body: { code: 'FAILED_TO_UNLINK_LAST_ACCOUNT', message: 'x' } });
    expect(describeGoogleRequestError(err).action).toEqual({ to: '/auth/forgot-password', label: 'Set a password' });
  });

  it('words no answer and anything else', async () => {
    expect(describeGoogleRequestError(await failure('offline')).message).toBe(NETWORK_MESSAGE);
    const odd = await failure({
      status: 500,
      body: { error: { code: 'INTERNAL', message: 'x', requestId: 'abc12345-9' } },
    });
    expect(describeGoogleRequestError(odd).message).toContain('quote reference ABC12345');
  });
});
