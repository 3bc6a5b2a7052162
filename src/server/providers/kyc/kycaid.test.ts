import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIGNATURE_HEADER } from './callback.ts';
import { createKycaidProvider, KycProviderError } from './kycaid.ts';
import { FAKE_KYCAID_KEYS, type FakeKycaid, signedCallback, startFakeKycaid } from './test/fake-kycaid.ts';

const { apiToken: API_TOKEN, formId: FORM_ID } = FAKE_KYCAID_KEYS;
const MEMBER = { id: 'u_3kP9vQ2mX7', name: 'Ada Lovelace', email: 'ada@example.com' };
// Query string and percent-escapes included: KYCAID must get back exactly what we send.
const REDIRECT_URL = 'https://tagalong.example/kyc/kycaid-callback?next=%2Fpackages%2Fnew&x=a+b';
const KYCAID_ID = /^[0-9a-f]{36}$/;

async function failure(promise: Promise<unknown>): Promise<KycProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(KycProviderError);
  return error as KycProviderError;
}

describe('KYCAID provider', () => {
  let kycaid: FakeKycaid;
  let provider: ReturnType<typeof createKycaidProvider>;

  beforeAll(async () => {
    kycaid = await startFakeKycaid(FAKE_KYCAID_KEYS);
    provider = createKycaidProvider({ ...FAKE_KYCAID_KEYS, apiUrl: `${kycaid.url}/` });
  });
  afterAll(async () => {
    await kycaid.close();
  });
  beforeEach(() => {
    kycaid.requests.length = 0;
  });

  it('on a first start creates the applicant, then gets a form URL for it', async () => {
    expect(provider.kind).toBe('kycaid');
    const started = await provider.startVerification(MEMBER, { applicantId: null, redirectUrl: REDIRECT_URL });

    expect(started.url).toMatch(/^https:\/\/forms\.kycaid\.com\/[0-9a-f]{36}$/);
    expect(started.applicantId).toMatch(KYCAID_ID);
    expect(started.verificationId).toMatch(KYCAID_ID);
    expect(kycaid.applicants.has(started.applicantId)).toBe(true);

    const headers = expect.objectContaining({
      authorization: `Token ${API_TOKEN}`,
      'content-type': 'application/json',
    });
    expect(kycaid.requests).toEqual([
      {
        method: 'POST',
        path: '/applicants',
        headers,
        body: {
          type: 'PERSON',
          external_applicant_id: MEMBER.id,
          email: MEMBER.email,
          first_name: 'Ada',
          last_name: 'Lovelace',
        },
      },
      {
        method: 'POST',
        path: `/forms/${FORM_ID}/urls`,
        headers,
        body: { applicant_id: started.applicantId, external_applicant_id: MEMBER.id, redirect_url: REDIRECT_URL },
      },
    ]);
  });

  it('on a retry reuses the stored applicant and only asks for a new form URL', async () => {
    const first = await provider.startVerification(MEMBER, { applicantId: null, redirectUrl: REDIRECT_URL });
    kycaid.requests.length = 0;
    const applicantsBefore = kycaid.applicants.size;

    const retry = await provider.startVerification(MEMBER, {
      applicantId: first.applicantId,
      redirectUrl: REDIRECT_URL,
    });

    expect(retry.applicantId).toBe(first.applicantId);
    expect(retry.url).not.toBe(first.url);
    expect(retry.verificationId).not.toBe(first.verificationId);
    expect(kycaid.applicants.size).toBe(applicantsBefore);
    expect(kycaid.requests.map((r) => r.path)).toEqual([`/forms/${FORM_ID}/urls`]);
    expect(kycaid.requests[0]?.body).toEqual({
      applicant_id: first.applicantId,
      external_applicant_id: MEMBER.id,
      redirect_url: REDIRECT_URL,
    });
  });

  it.each([
    ['first and last name', 'Ada Lovelace', { first_name: 'Ada', last_name: 'Lovelace' }],
    ['split on the last space', '  Mary   Ann  Smith-Jones ', { first_name: 'Mary Ann', last_name: 'Smith-Jones' }],
    ['a single word as the first name', 'Cher', { first_name: 'Cher' }],
    ['a last name KYCAID refuses left out', 'Anna Müller', { first_name: 'Anna' }],
    ['a first name KYCAID refuses: neither sent', 'Zoë Smith', {}],
    ['a name in another script: neither sent', '李 雷', {}],
    ['a first name over 64 characters: neither sent', `${'A'.repeat(65)} Smith`, {}],
  ])('sends names KYCAID accepts: %s', async (_case, name, names) => {
    const started = await provider.startVerification(
      { ...MEMBER, name },
      { applicantId: null, redirectUrl: REDIRECT_URL },
    );
    expect(started.url).toMatch(/^https:\/\/forms\.kycaid\.com\//);
    expect(kycaid.requests[0]?.body).toEqual({
      type: 'PERSON',
      external_applicant_id: MEMBER.id,
      email: MEMBER.email,
      ...names,
    });
  });

  it('fails with a KycProviderError that never shows the token when the token is wrong', async () => {
    const wrongToken = 'a-wrong-kycaid-token-that-must-not-leak';
    const wrong = createKycaidProvider({ apiToken: wrongToken, formId: FORM_ID, apiUrl: kycaid.url });
    const error = await failure(wrong.startVerification(MEMBER, { applicantId: null, redirectUrl: REDIRECT_URL }));

    expect(error.message).toBe('KYCAID could not create the applicant (HTTP 401): Unauthorized');
    expect(error.httpStatus).toBe(401);
    expect(error.applicantId).toBeNull();
    expect(error.message).not.toContain(wrongToken);
    expect(error.message).not.toContain(API_TOKEN);
    expect(kycaid.requests).toHaveLength(1);
    expect(kycaid.requests[0]?.headers.authorization).toBe(`Token ${wrongToken}`);
  });

  it('fails on an unknown form, carrying the applicant it created so a retry can reuse it', async () => {
    const misconfigured = createKycaidProvider({ ...FAKE_KYCAID_KEYS, formId: 'no-such-form', apiUrl: kycaid.url });
    const error = await failure(
      misconfigured.startVerification(MEMBER, { applicantId: null, redirectUrl: REDIRECT_URL }),
    );

    expect(error.message).toBe('KYCAID could not get the form URL (HTTP 404): form_id: Form not found');
    expect(error.httpStatus).toBe(404);
    expect(error.applicantId).toMatch(KYCAID_ID);
    expect(kycaid.applicants.has(error.applicantId ?? '')).toBe(true);
  });

  it('quotes KYCAID validation errors, parameter by parameter', async () => {
    kycaid.failNext(422, {
      type: 'validation',
      errors: [
        { parameter: 'email', message: 'Email is not valid' },
        { parameter: null, message: 'Something else' },
        { parameter: 'ignored' },
      ],
    });
    const error = await failure(provider.startVerification(MEMBER, { applicantId: null, redirectUrl: REDIRECT_URL }));
    expect(error.message).toBe(
      'KYCAID could not create the applicant (HTTP 422): email: Email is not valid; Something else',
    );
  });

  it('cuts the token out of an error text that echoes it', async () => {
    kycaid.failNext(403, { type: 'forbidden', message: `Token ${API_TOKEN} is not allowed from this address` });
    const error = await failure(provider.startVerification(MEMBER, { applicantId: null, redirectUrl: REDIRECT_URL }));
    expect(error.message).toBe(
      'KYCAID could not create the applicant (HTTP 403): Token [redacted] is not allowed from this address',
    );
    expect(error.message).not.toContain(API_TOKEN);
  });

  it('fails with the status alone when the error is not JSON', async () => {
    kycaid.failNext(502, '<html><body>502 Bad Gateway</body></html>');
    const error = await failure(
      provider.startVerification(MEMBER, { applicantId: 'existing', redirectUrl: REDIRECT_URL }),
    );
    expect(error.message).toBe('KYCAID could not get the form URL (HTTP 502)');
    expect(error.applicantId).toBeNull();
  });

  it.each([
    ['an applicant without an id', 200, { id: 'x' }, 'create the applicant'],
    ['an applicant id that is not a string', 200, { applicant_id: 42 }, 'create the applicant'],
    ['a body that is not JSON', 200, 'OK', 'create the applicant'],
  ])('fails on %s', async (_case, status, body, action) => {
    kycaid.failNext(status, body);
    const error = await failure(provider.startVerification(MEMBER, { applicantId: null, redirectUrl: REDIRECT_URL }));
    expect(error.message).toBe(`KYCAID could not ${action}: unexpected answer (HTTP ${status})`);
  });

  it.each([
    ['no form_url', { verification_id: 'v' }],
    ['a form_url that is not a URL', { form_url: 'forms.kycaid.com/abc' }],
    ['a javascript: form_url', { form_url: 'javascript:alert(1)' }],
    ['a data: form_url', { form_url: 'data:text/html,<script>alert(1)</script>' }],
  ])('refuses a form answer with %s', async (_case, body) => {
    kycaid.failNext(200, body);
    const error = await failure(
      provider.startVerification(MEMBER, { applicantId: 'existing', redirectUrl: REDIRECT_URL }),
    );
    expect(error.message).toBe('KYCAID could not get the form URL: unexpected answer (HTTP 200)');
  });

  it('accepts a form answer without a verification id', async () => {
    kycaid.failNext(200, { form_id: FORM_ID, form_url: 'https://forms.kycaid.com/abc', verification_id: null });
    await expect(
      provider.startVerification(MEMBER, { applicantId: 'existing', redirectUrl: REDIRECT_URL }),
    ).resolves.toEqual({ url: 'https://forms.kycaid.com/abc', applicantId: 'existing', verificationId: null });
  });

  it('fails clearly when KYCAID is unreachable or slow', async () => {
    const closed = await startFakeKycaid(FAKE_KYCAID_KEYS);
    await closed.close();
    const unreachable = createKycaidProvider({ ...FAKE_KYCAID_KEYS, apiUrl: closed.url });
    const down = await failure(unreachable.startVerification(MEMBER, { applicantId: null, redirectUrl: REDIRECT_URL }));
    expect(down.message).toBe('KYCAID could not create the applicant: unreachable');
    expect(down.httpStatus).toBeNull();

    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const slow = createKycaidProvider({
        ...FAKE_KYCAID_KEYS,
        apiUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        timeoutMs: 200,
      });
      const late = await failure(
        slow.startVerification(MEMBER, { applicantId: 'existing', redirectUrl: REDIRECT_URL }),
      );
      expect(late.message).toBe('KYCAID could not get the form URL: no answer within 200 ms');
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('checks callbacks with the API token as the key', () => {
    const payload = {
      request_id: 'req-9',
      type: 'VERIFICATION_COMPLETED',
      applicant_id: 'applicant-9',
      verification_id: 'verification-9',
      verified: true,
    };
    const genuine = signedCallback(payload, API_TOKEN);
    expect(provider.parseCallback(Buffer.from(genuine.body), genuine.headers)).toEqual({
      ok: true,
      event: {
        requestId: 'req-9',
        kind: 'completed',
        type: 'VERIFICATION_COMPLETED',
        applicantId: 'applicant-9',
        verificationId: 'verification-9',
        verified: true,
        reasons: [],
      },
    });

    const forged = signedCallback(payload, 'some-other-key');
    expect(provider.parseCallback(Buffer.from(forged.body), forged.headers)).toMatchObject({ ok: false, status: 401 });
    expect(provider.parseCallback(Buffer.from(genuine.body), {})).toMatchObject({ ok: false, status: 401 });
    expect(genuine.headers[SIGNATURE_HEADER]).toMatch(/^[0-9a-f]{128}$/);
  });
});
