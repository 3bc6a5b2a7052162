import { createHmac, randomUUID } from 'node:crypto';
import { parseSignedCallback, signCallback } from './callback.ts';
import type { KycProvider } from './kyc-provider.ts';

/**
 * The embedded identity check: our own page at /kyc/sandbox/{token} stands in for the
 * provider's hosted form, and its result comes back through the same signed callback endpoint as
 * KYCAID's, in KYCAID's format, signed with a key only this server knows.
 */
export interface SandboxKycProvider extends KycProvider {
  readonly kind: 'sandbox';
  /** The signed callbacks the sandbox form sends for a decision: "pending" first, then the result. */
  callbacksFor(input: {
    applicantId: string;
    verificationId: string;
    decision: 'approve' | 'decline';
    reason: string | null;
  }): { pending: SignedCallback; completed: SignedCallback };
}

export interface SignedCallback {
  body: string;
  signature: string;
}

/** Derived from the auth secret so a deployment has one secret to manage, not two. */
export function sandboxSigningKey(authSecret: string): string {
  return createHmac('sha256', authSecret).update('tagalong:kyc-sandbox-callbacks').digest('hex');
}

export function createSandboxKycProvider(options: { baseUrl: string; authSecret: string }): SandboxKycProvider {
  const key = sandboxSigningKey(options.authSecret);
  const sign = (payload: Record<string, unknown>): SignedCallback => {
    const body = JSON.stringify(payload);
    return { body, signature: signCallback(body, key) };
  };
  return {
    kind: 'sandbox',
    async startVerification(_applicant, { applicantId }) {
      // The token in the page address is the verification id: random (122 bits), one per attempt, and
      // the page only ever answers the member who started it.
      const verificationId = randomUUID();
      return {
        url: `${options.baseUrl}/kyc/sandbox/${verificationId}`,
        applicantId: applicantId ?? `sandbox-${randomUUID()}`,
        verificationId,
      };
    },
    parseCallback: (rawBody, headers) => parseSignedCallback(rawBody, headers, key),
    callbacksFor({ applicantId, verificationId, decision, reason }) {
      const common = { applicant_id: applicantId, verification_id: verificationId, form_id: 'sandbox' };
      const verified = decision === 'approve';
      return {
        pending: sign({
          request_id: randomUUID(),
          type: 'VERIFICATION_STATUS_CHANGED',
          ...common,
          verification_status: 'pending',
        }),
        completed: sign({
          request_id: randomUUID(),
          type: 'VERIFICATION_COMPLETED',
          ...common,
          status: 'completed',
          verified,
          verifications: {
            document: {
              verified,
              comment: verified ? '' : (reason ?? ''),
              decline_reasons: [],
            },
          },
        }),
      };
    },
  };
}
