import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { user } from '#server/db/schema/auth.ts';
import { SIGNATURE_HEADER, signCallback } from '#server/providers/kyc/callback.ts';
import { signUpVerified, testPhoneNumber, verifyPhone } from '#server/test/users.ts';

/** A member who has done every onboarding step before the identity check. */
export async function memberReadyForKyc(app: FastifyInstance, email: string, name = 'Kyc Member') {
  const member = await signUpVerified(app, email, name);
  await verifyPhone(app, member.cookie, testPhoneNumber());
  return member;
}

export async function makeAdmin(app: FastifyInstance, id: string) {
  await app.database.db.update(user).set({ role: 'admin' }).where(eq(user.id, id));
  await app.sessions.userChanged(id);
}

export async function startCheck(app: FastifyInstance, cookie: string, returnTo?: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/kyc/start',
    headers: { cookie },
    payload: returnTo ? { returnTo } : {},
  });
  return res;
}

export async function kycState(app: FastifyInstance, cookie: string) {
  const res = await app.inject({ url: '/api/kyc', headers: { cookie } });
  return res.json() as {
    status: string;
    reasons: string[];
    attempt: { status: string } | null;
    returnTo: string | null;
  };
}

/** Posts a KYCAID-format callback signed with `key`, as the provider would. */
export async function postCallback(app: FastifyInstance, payload: Record<string, unknown> | string, key: string) {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return app.inject({
    method: 'POST',
    url: '/api/kyc/kycaid/callback',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signCallback(body, key) },
    payload: body,
  });
}

export function completed(applicantId: string, verified: boolean, extra: Record<string, unknown> = {}) {
  return {
    request_id: randomUUID(),
    type: 'VERIFICATION_COMPLETED',
    applicant_id: applicantId,
    verification_id: null,
    status: 'completed',
    verified,
    verifications: verified
      ? { document: { verified: true, comment: '', decline_reasons: [] } }
      : { document: { verified: false, comment: 'The document has expired', decline_reasons: [] } },
    ...extra,
  };
}

export function pending(applicantId: string) {
  return {
    request_id: randomUUID(),
    type: 'VERIFICATION_STATUS_CHANGED',
    applicant_id: applicantId,
    verification_id: null,
    verification_status: 'pending',
  };
}
