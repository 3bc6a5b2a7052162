import { ofetch } from 'ofetch';
import { describe, expect, it } from 'vitest';
import { PHONE_NUMBER_MESSAGE } from '#shared/phone.ts';
import { mobileErrorMessage, toMobileError } from './mobile-errors.ts';

/** The FetchError ofetch throws for a response, without a server. */
async function failure(status: number, body: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  const http = ofetch.create(
    {},
    {
      fetch: async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } }),
    },
  );
  return http('/api/auth/phone-number/verify', { method: 'POST', body: {} }).then(
    () => {
      throw new Error('expected a failure');
    },
    (err: unknown) => err,
  );
}

describe('toMobileError', () => {
  it.each([
    [400, 'INVALID_PHONE_NUMBER', 'INVALID_PHONE_NUMBER'],
    [400, 'PHONE_NUMBER_EXIST', 'NUMBER_TAKEN'],
    [400, 'INVALID_OTP', 'WRONG_CODE'],
    [403, 'TOO_MANY_ATTEMPTS', 'TOO_MANY_ATTEMPTS'],
    [400, 'OTP_EXPIRED', 'CODE_EXPIRED'],
    [400, 'OTP_NOT_FOUND', 'CODE_GONE'],
    [500, 'SOMETHING_ELSE', 'UNKNOWN'],
  ])('reads %i %s (Better Auth flat or our error shape) as %s', async (status, code, kind) => {
    expect(toMobileError(await failure(status, { code, message: 'x' })).kind).toBe(kind);
    expect(toMobileError(await failure(status, { error: { code, message: 'x', requestId: 'r1' } }))).toEqual({
      kind,
      retryAfterSeconds: undefined,
      requestId: 'r1',
    });
  });

  it('reads the rate limiter answer with its X-Retry-After', async () => {
    const error = toMobileError(
      await failure(429, { message: 'Too many requests. Please try again later.' }, { 'x-retry-after': '42' }),
    );
    expect(error).toMatchObject({ kind: 'RATE_LIMITED', retryAfterSeconds: 42 });
    expect(mobileErrorMessage(error)).toBe('Too many requests in a short time. Wait 42 seconds, then try again.');
  });

  it('reads a 401 as signed out and a failed fetch as the network', async () => {
    expect(toMobileError(await failure(401, { code: 'USER_NOT_FOUND', message: 'x' })).kind).toBe('SIGNED_OUT');
    const offline = ofetch.create({}, { fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    const err = await offline('/x', { retry: 0 }).catch((e: unknown) => e);
    expect(toMobileError(err).kind).toBe('NETWORK');
  });
});

describe('mobileErrorMessage', () => {
  const of = (kind: Parameters<typeof mobileErrorMessage>[0]['kind'], requestId?: string) =>
    ({ kind, retryAfterSeconds: undefined, requestId }) as const;

  it('words each failure for the user', () => {
    expect(mobileErrorMessage(of('NUMBER_TAKEN'))).toBe('This number is already linked to another account.');
    expect(mobileErrorMessage(of('INVALID_PHONE_NUMBER'))).toBe(PHONE_NUMBER_MESSAGE);
    expect(mobileErrorMessage(of('CODE_EXPIRED'))).toMatch(/expired.*10 minutes/);
    expect(mobileErrorMessage(of('TOO_MANY_ATTEMPTS'))).toBe('Too many attempts — request a new code.');
    expect(mobileErrorMessage(of('RATE_LIMITED'))).toBe(
      'Too many requests in a short time. Wait a minute, then try again.',
    );
    expect(mobileErrorMessage(of('NETWORK'))).toBe("Can't reach Tagalong. Check your connection.");
  });

  it('counts the tries left after a wrong code', () => {
    expect(mobileErrorMessage(of('WRONG_CODE'), 4)).toBe("That code isn't right. You have 4 attempts left.");
    expect(mobileErrorMessage(of('WRONG_CODE'), 1)).toBe("That code isn't right. You have 1 attempt left.");
    expect(mobileErrorMessage(of('WRONG_CODE'), 0)).toBe('Too many attempts — request a new code.');
  });

  it('gives a support reference for the unexpected', () => {
    expect(mobileErrorMessage(of('UNKNOWN', 'req-7'))).toContain('quote reference req-7');
    expect(mobileErrorMessage(of('UNKNOWN'))).not.toContain('reference');
  });
});
