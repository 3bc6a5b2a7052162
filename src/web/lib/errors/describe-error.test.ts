import { FetchError } from 'ofetch';
import { describe, expect, it } from 'vitest';
import { errorCatalog, errorCodes } from '#shared/errors.ts';
import { describeCode, describeError, fieldErrors, HttpFailure, NETWORK_MESSAGE } from './describe-error.ts';
import { errorWords } from './words.ts';

const SERVER_SENTENCE = 'SERVER-SENTENCE-NOT-FOR-MEMBERS';

function answered(status: number, body: unknown, requestId = 'abcdef12-3456'): FetchError {
  const err = new FetchError('failed');
  Object.assign(err, {
    response: new Response(null, { status, headers: { 'x-request-id': requestId } }),
    data: body,
  });
  return err;
}

function apiFailure(code: string, extra: Record<string, unknown> = {}) {
  const status = (errorCatalog as Record<string, { status: number }>)[code]?.status ?? 409;
  return answered(status, { error: { code, message: SERVER_SENTENCE, requestId: 'req-77aa88bb', ...extra } });
}

describe('the error words table', () => {
  it('words every code of the catalog, and nothing else', () => {
    expect(Object.keys(errorWords).sort()).toEqual([...errorCodes].sort());
    for (const code of errorCodes) {
      const { message } = describeCode(code);
      expect(message, code).toMatch(/\S/);
      expect(message, code).not.toMatch(/undefined|NaN|\{|\}/);
    }
  });

  it('never shows the server sentence, whatever the code', () => {
    for (const code of [...errorCodes, 'A_CODE_FROM_A_NEWER_SERVER']) {
      const view = describeError(apiFailure(code));
      expect(view.message, code).not.toContain(SERVER_SENTENCE);
      expect(view.code, code).toBe(code);
    }
  });
});

describe('describeError', () => {
  it('says the connection is down when no answer came back', () => {
    const err = new FetchError('fetch failed');
    expect(describeError(err)).toMatchObject({ code: 'NETWORK', message: NETWORK_MESSAGE });
    expect(describeError(new HttpFailure(undefined, null)).message).toBe(NETWORK_MESSAGE);
  });

  it('puts a field error beside its field, in the shared contract’s words', () => {
    const err = apiFailure('VALIDATION_FAILED', { fields: { 'pickup.lat': ['Choose a place from the list'] } });
    expect(describeError(err)).toMatchObject({ field: 'pickup.lat', message: 'Choose a place from the list' });
    expect(fieldErrors(err)).toEqual({ 'pickup.lat': 'Choose a place from the list' });
  });

  it('gives a reference to quote for a failure on our side', () => {
    const view = describeError(
      answered(500, { error: { code: 'INTERNAL', message: 'boom', requestId: 'req-77aa88bb' } }),
    );
    expect(view.reference).toBe('REQ-77AA');
    expect(view.message).toContain('(reference REQ-77AA)');
    expect(describeError(answered(502, '<html>bad gateway</html>', 'ff00ee11-2')).reference).toBe('FF00EE11');
  });

  it('reads an upload’s failure like any other', () => {
    const view = describeError(new HttpFailure(401, { error: { code: 'UNAUTHENTICATED', message: SERVER_SENTENCE } }));
    expect(view.code).toBe('UNAUTHENTICATED');
    expect(view.message).toMatch(/sign in again/i);
  });

  it('answers something sensible for a code it does not know', () => {
    expect(describeError(answered(401, { error: { code: 'NEWER', message: SERVER_SENTENCE } })).message).toMatch(
      /sign in again/i,
    );
    expect(describeError(answered(409, { error: { code: 'NEWER', message: SERVER_SENTENCE } })).message).toMatch(
      /reload the page/i,
    );
  });
});
