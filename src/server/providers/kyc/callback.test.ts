import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasValidSignature, parseSignedCallback, SIGNATURE_HEADER, signCallback } from './callback.ts';
import { signedCallback } from './test/fake-kycaid.ts';

// The worked example of docs.kycaid.com, "Callback integrity verification": body, token, base64 and
// signature exactly as published.
const PUBLISHED = {
  body: '{"request_id":"61a7dbcc012d9042e909cf006e7b412d6ba5","type":"VERIFICATION_STATUS_CHANGED","applicant_id":"4141cc1b18dba048470b2961cb4592f480fe","verification_id":"2cf795e713be1040e50b202164ee17bfdfbe","form_id":"58bed87600dd9944f02ba0c9cd8b32d6bd4c","verification_status":"pending"}',
  apiToken: '28c6f7cc0345a04eee0b535039b1c5a62547',
  base64:
    'eyJyZXF1ZXN0X2lkIjoiNjFhN2RiY2MwMTJkOTA0MmU5MDljZjAwNmU3YjQxMmQ2YmE1IiwidHlwZSI6IlZFUklGSUNBVElPTl9TVEFUVVNfQ0hBTkdFRCIsImFwcGxpY2FudF9pZCI6IjQxNDFjYzFiMThkYmEwNDg0NzBiMjk2MWNiNDU5MmY0ODBmZSIsInZlcmlmaWNhdGlvbl9pZCI6IjJjZjc5NWU3MTNiZTEwNDBlNTBiMjAyMTY0ZWUxN2JmZGZiZSIsImZvcm1faWQiOiI1OGJlZDg3NjAwZGQ5OTQ0ZjAyYmEwYzljZDhiMzJkNmJkNGMiLCJ2ZXJpZmljYXRpb25fc3RhdHVzIjoicGVuZGluZyJ9',
  signature:
    'f7681b097b77928fc031d614709976796057c306cf77fdd449bb414937bd87678d908d7efaa65e9b1dd65b9eeea2121ea75bd9007f44fe8fcd7c9ac6cdeeef0e',
} as const;

const KEY = 'test-signing-key';

function flipHexDigit(hex: string, index: number): string {
  const digit = hex[index] ?? '0';
  return `${hex.slice(0, index)}${digit === '0' ? '1' : '0'}${hex.slice(index + 1)}`;
}

function parseSigned(payload: unknown, key = KEY) {
  const { body, headers } = signedCallback(payload, key);
  return parseSignedCallback(Buffer.from(body), headers, key);
}

describe('KYCAID callback signature: the published example', () => {
  const rawBody = Buffer.from(PUBLISHED.body, 'utf8');

  it('signs base64(body) with HMAC-SHA512 keyed by the API token, as lowercase hex', () => {
    expect(rawBody.toString('base64')).toBe(PUBLISHED.base64);
    expect(signCallback(rawBody, PUBLISHED.apiToken)).toBe(PUBLISHED.signature);
    expect(signCallback(PUBLISHED.body, PUBLISHED.apiToken)).toBe(PUBLISHED.signature);
    expect(hasValidSignature(rawBody, PUBLISHED.signature, PUBLISHED.apiToken)).toBe(true);
  });

  it('reads the published callback as "pending"', () => {
    const parsed = parseSignedCallback(rawBody, { [SIGNATURE_HEADER]: PUBLISHED.signature }, PUBLISHED.apiToken);
    expect(parsed).toEqual({
      ok: true,
      event: {
        requestId: '61a7dbcc012d9042e909cf006e7b412d6ba5',
        kind: 'pending',
        type: 'VERIFICATION_STATUS_CHANGED',
        applicantId: '4141cc1b18dba048470b2961cb4592f480fe',
        verificationId: '2cf795e713be1040e50b202164ee17bfdfbe',
        verified: null,
        reasons: [],
      },
    });
  });

  it.each([
    ['one hex digit flipped (first)', flipHexDigit(PUBLISHED.signature, 0)],
    ['one hex digit flipped (last)', flipHexDigit(PUBLISHED.signature, 127)],
    ['uppercase hex', PUBLISHED.signature.toUpperCase()],
    ['one digit short', PUBLISHED.signature.slice(0, -1)],
    ['half length', PUBLISHED.signature.slice(0, 64)],
    ['one digit too many', `${PUBLISHED.signature}0`],
    ['surrounded by spaces', ` ${PUBLISHED.signature} `],
    ['base64 instead of hex', Buffer.from(PUBLISHED.signature, 'hex').toString('base64')],
    ['the base64 body itself', PUBLISHED.base64],
    ['empty', ''],
    ['missing', undefined],
    ['an array (header sent twice)', [PUBLISHED.signature]],
    ['an array of two', [PUBLISHED.signature, PUBLISHED.signature]],
  ])('rejects a signature that is %s with 401', (_name, header) => {
    const parsed = parseSignedCallback(rawBody, { [SIGNATURE_HEADER]: header }, PUBLISHED.apiToken);
    expect(parsed).toEqual({ ok: false, status: 401, reason: 'missing or invalid x-data-integrity signature' });
  });

  it('rejects the right signature under another key, and the body changed by one byte', () => {
    const headers = { [SIGNATURE_HEADER]: PUBLISHED.signature };
    expect(parseSignedCallback(rawBody, headers, `${PUBLISHED.apiToken}x`)).toMatchObject({ ok: false, status: 401 });
    const tampered = Buffer.from(PUBLISHED.body.replace('"pending"', '"Pending"'));
    expect(parseSignedCallback(tampered, headers, PUBLISHED.apiToken)).toMatchObject({ ok: false, status: 401 });
    // The same JSON re-serialised with a space is different bytes: the signature covers bytes, not meaning.
    const reformatted = Buffer.from(PUBLISHED.body.replace(',', ', '));
    expect(parseSignedCallback(reformatted, headers, PUBLISHED.apiToken)).toMatchObject({ ok: false, status: 401 });
  });
});

describe('KYCAID callback bodies', () => {
  const base = {
    request_id: 'req-1',
    applicant_id: 'applicant-1',
    verification_id: 'verification-1',
    form_id: 'form-1',
  };

  it('answers 400 to a genuine signature over a body that is not JSON', () => {
    const key = KEY;
    const body = Buffer.from('not json {');
    expect(parseSignedCallback(body, { [SIGNATURE_HEADER]: signCallback(body, key) }, key)).toEqual({
      ok: false,
      status: 400,
      reason: 'body is not JSON',
    });
  });

  it.each([
    ['null', null],
    ['an array', [base]],
    ['a number', 42],
    ['an empty object', {}],
    ['no request_id', { type: 'VERIFICATION_COMPLETED', applicant_id: 'a' }],
    ['no applicant_id', { type: 'VERIFICATION_COMPLETED', request_id: 'r' }],
    ['no type', { request_id: 'r', applicant_id: 'a' }],
    ['an empty request_id', { ...base, request_id: '', type: 'VERIFICATION_COMPLETED' }],
    ['a numeric applicant_id', { ...base, applicant_id: 7, type: 'VERIFICATION_COMPLETED' }],
    ['a request_id of 201 characters', { ...base, request_id: 'r'.repeat(201), type: 'VERIFICATION_COMPLETED' }],
    ['verifications that are not objects', { ...base, type: 'VERIFICATION_COMPLETED', verifications: 'yes' }],
  ])('answers 400 to a genuine signature over JSON that is not a callback: %s', (_name, payload) => {
    expect(parseSigned(payload)).toEqual({ ok: false, status: 400, reason: 'body is not a KYCAID callback' });
  });

  it('reads a declined verification with the reasons of the failed steps, once each', () => {
    const parsed = parseSigned({
      ...base,
      type: 'VERIFICATION_COMPLETED',
      status: 'completed',
      verified: false,
      verifications: {
        document: {
          verified: false,
          comment: '  Document is expired  ',
          decline_reasons: ['DOCUMENT_EXPIRED', 'DOCUMENT_EXPIRED', 42, '   '],
        },
        facial: { verified: false, comment: 'Face does not match', decline_reasons: null },
        profile: { verified: true, comment: 'Fine', decline_reasons: ['IGNORED_ON_A_PASSED_STEP'] },
        address: null,
      },
    });
    expect(parsed).toEqual({
      ok: true,
      event: {
        requestId: 'req-1',
        kind: 'completed',
        type: 'VERIFICATION_COMPLETED',
        applicantId: 'applicant-1',
        verificationId: 'verification-1',
        verified: false,
        reasons: ['DOCUMENT_EXPIRED', 'Document is expired', 'Face does not match'],
      },
    });
  });

  it('reads an approved verification without reasons, even when a step carries a comment', () => {
    const parsed = parseSigned({
      ...base,
      type: 'VERIFICATION_COMPLETED',
      verified: true,
      verifications: { document: { verified: false, comment: 'Retried and passed', decline_reasons: ['OLD'] } },
    });
    expect(parsed).toMatchObject({ ok: true, event: { kind: 'completed', verified: true, reasons: [] } });
  });

  it('reads "verified" given as a string, as KYCAID documents it in places', () => {
    expect(parseSigned({ ...base, type: 'VERIFICATION_COMPLETED', verified: 'true' })).toMatchObject({
      ok: true,
      event: { kind: 'completed', verified: true },
    });
    expect(parseSigned({ ...base, type: 'VERIFICATION_COMPLETED', verified: 'false' })).toMatchObject({
      ok: true,
      event: { kind: 'completed', verified: false, reasons: [] },
    });
  });

  it('never approves a completed verification that does not say verified', () => {
    expect(parseSigned({ ...base, type: 'VERIFICATION_COMPLETED' })).toMatchObject({
      ok: true,
      event: { kind: 'completed', verified: false },
    });
  });

  it('acknowledges other callbacks as "other" with no result', () => {
    for (const payload of [
      { ...base, type: 'VERIFICATION_STATUS_CHANGED', verification_status: 'unused' },
      { ...base, type: 'APPLICANT_CREATED' },
      { ...base, type: 'VERIFICATION_STATUS_CHANGED' },
      { request_id: 'r', applicant_id: 'a', type: 'VERIFICATION_COMPLETED_SOMETHING_NEW', verification_id: null },
    ]) {
      expect(parseSigned(payload)).toMatchObject({ ok: true, event: { kind: 'other', verified: null, reasons: [] } });
    }
  });

  it('keeps at most 20 reasons of at most 500 characters', () => {
    const parsed = parseSigned({
      ...base,
      type: 'VERIFICATION_COMPLETED',
      verified: false,
      verifications: {
        document: { verified: false, decline_reasons: Array.from({ length: 30 }, (_, i) => `R${i}${'x'.repeat(600)}`) },
      },
    });
    if (!parsed.ok) throw new Error('expected a parsed callback');
    expect(parsed.event.reasons).toHaveLength(20);
    expect(parsed.event.reasons.every((r) => r.length === 500)).toBe(true);
  });
});

describe('KYCAID callbacks, fuzzed', () => {
  const header = fc.oneof(
    fc.constant(undefined),
    fc.string(),
    fc.stringMatching(/^[0-9a-f]{128}$/),
    fc.stringMatching(/^[0-9A-Fa-f]{120,136}$/),
    fc.array(fc.string(), { maxLength: 3 }),
  );

  it('rejects any unsigned body with 401, never throwing', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2048 }), header, (bytes, signature) => {
        const parsed = parseSignedCallback(Buffer.from(bytes), { [SIGNATURE_HEADER]: signature }, KEY);
        expect(parsed).toEqual({ ok: false, status: 401, reason: 'missing or invalid x-data-integrity signature' });
      }),
      { numRuns: 500 },
    );
  });

  it('reads any signed body as a callback or a 400, never throwing', () => {
    const body = fc.oneof(
      fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)),
      fc.jsonValue().map((value) => Buffer.from(JSON.stringify(value) ?? 'null')),
      fc
        .record({
          request_id: fc.oneof(fc.string(), fc.integer()),
          applicant_id: fc.string(),
          type: fc.constantFrom('VERIFICATION_COMPLETED', 'VERIFICATION_STATUS_CHANGED', ''),
          verified: fc.oneof(fc.boolean(), fc.string(), fc.constant(null)),
          verification_status: fc.oneof(fc.constant('pending'), fc.string()),
          verifications: fc.dictionary(fc.string(), fc.oneof(fc.constant(null), fc.jsonValue())),
        })
        .map((value) => Buffer.from(JSON.stringify(value))),
    );
    fc.assert(
      fc.property(body, (rawBody) => {
        const parsed = parseSignedCallback(rawBody, { [SIGNATURE_HEADER]: signCallback(rawBody, KEY) }, KEY);
        if (!parsed.ok) expect(parsed.status).toBe(400);
        else expect(['pending', 'completed', 'other']).toContain(parsed.event.kind);
      }),
      { numRuns: 500 },
    );
  });

  it('rejects a signed callback once any byte of it changes', () => {
    const { body, headers } = signedCallback(
      { request_id: 'r', applicant_id: 'a', type: 'VERIFICATION_COMPLETED', verified: true },
      KEY,
    );
    fc.assert(
      fc.property(fc.nat({ max: body.length - 1 }), fc.integer({ min: 1, max: 255 }), (index, delta) => {
        const bytes = Buffer.from(body);
        bytes[index] = ((bytes[index] ?? 0) + delta) % 256;
        expect(parseSignedCallback(bytes, headers, KEY)).toMatchObject({ ok: false, status: 401 });
      }),
    );
  });
});
