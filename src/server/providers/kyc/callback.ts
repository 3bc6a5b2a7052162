import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import type { KycCallbackEvent, ParsedKycCallback } from './kyc-provider.ts';

// KYCAID's callback format, shared by the sandbox so both run the same code from the callback on.
// Integrity (docs.kycaid.com, "Callback integrity verification"): x-data-integrity is the lowercase
// hex HMAC-SHA512 of base64(raw body), keyed with the API token.

export const SIGNATURE_HEADER = 'x-data-integrity';

export function signCallback(rawBody: Buffer | string, key: string): string {
  const base64 = Buffer.from(rawBody).toString('base64');
  return createHmac('sha512', key).update(base64).digest('hex');
}

export function hasValidSignature(rawBody: Buffer, header: unknown, key: string): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{128}$/.test(header)) return false;
  const expected = Buffer.from(signCallback(rawBody, key), 'hex');
  return timingSafeEqual(expected, Buffer.from(header, 'hex'));
}

const id = z.string().min(1).max(200);
const verificationStep = z
  .object({
    verified: z.boolean().nullish(),
    comment: z.string().nullish(),
    decline_reasons: z.array(z.unknown()).nullish(),
  })
  .loose();

const callbackBody = z
  .object({
    request_id: id,
    type: z.string().min(1).max(100),
    applicant_id: id,
    verification_id: id.nullish(),
    verification_status: z.string().nullish(),
    status: z.string().nullish(),
    verified: z.union([z.boolean(), z.string()]).nullish(),
    verifications: z.record(z.string(), verificationStep.nullish()).nullish(),
  })
  .loose();
type CallbackBody = z.infer<typeof callbackBody>;

function declineReasons(body: CallbackBody): string[] {
  const reasons = new Set<string>();
  for (const step of Object.values(body.verifications ?? {})) {
    if (step?.verified !== false) continue;
    for (const reason of step.decline_reasons ?? []) {
      if (typeof reason === 'string' && reason.trim()) reasons.add(reason.trim());
    }
    if (step.comment?.trim()) reasons.add(step.comment.trim());
  }
  return [...reasons].map((r) => r.slice(0, 500)).slice(0, 20);
}

function toEvent(body: CallbackBody): KycCallbackEvent {
  const base = {
    requestId: body.request_id,
    type: body.type,
    applicantId: body.applicant_id,
    verificationId: body.verification_id ?? null,
  };
  // KYCAID documents `verified` as a boolean and, in places, as a string: read both.
  const verified = body.verified === true || body.verified === 'true';
  if (body.type === 'VERIFICATION_COMPLETED') {
    return { ...base, kind: 'completed', verified, reasons: verified ? [] : declineReasons(body) };
  }
  if (body.type === 'VERIFICATION_STATUS_CHANGED' && body.verification_status === 'pending') {
    return { ...base, kind: 'pending', verified: null, reasons: [] };
  }
  return { ...base, kind: 'other', verified: null, reasons: [] };
}

/** Signature first, on the raw bytes; only a genuine body is parsed. */
export function parseSignedCallback(rawBody: Buffer, headers: IncomingHttpHeaders, key: string): ParsedKycCallback {
  if (!hasValidSignature(rawBody, headers[SIGNATURE_HEADER], key)) {
    return { ok: false, status: 401, reason: 'missing or invalid x-data-integrity signature' };
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { ok: false, status: 400, reason: 'body is not JSON' };
  }
  const parsed = callbackBody.safeParse(json);
  if (!parsed.success) return { ok: false, status: 400, reason: 'body is not a KYCAID callback' };
  return { ok: true, event: toEvent(parsed.data) };
}
