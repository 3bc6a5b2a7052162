import type { IncomingHttpHeaders } from 'node:http';

/** Who is being verified: what a provider may know of a member (never documents; docs/product.md §6). */
export interface KycApplicant {
  id: string;
  name: string;
  email: string;
}

export interface StartedVerification {
  /** Where the browser goes to do the check (the provider's hosted form, or our sandbox page). */
  url: string;
  /** The provider's applicant id: created once per member, passed back in on every retry. */
  applicantId: string;
  /** The provider's id for this attempt, when it gives one up front. */
  verificationId: string | null;
}

/** A provider callback reduced to what our state machine needs. */
export interface KycCallbackEvent {
  /** The provider's id of this delivery; a replay carries the same one. */
  requestId: string;
  /** `pending`: the provider is reviewing; `completed`: a result; `other`: acknowledged, ignored. */
  kind: 'pending' | 'completed' | 'other';
  type: string;
  applicantId: string;
  verificationId: string | null;
  /** The overall result of a completed verification; null otherwise. */
  verified: boolean | null;
  /** The provider's reasons for a decline, in its words. */
  reasons: string[];
}

export type ParsedKycCallback =
  | { ok: true; event: KycCallbackEvent }
  | { ok: false; status: 400 | 401; reason: string };

/**
 * An identity-check provider. The sandbox (embedded default) and KYCAID share the callback
 * format and differ in where the user is sent and which key signs the callbacks.
 */
export interface KycProvider {
  readonly kind: 'sandbox' | 'kycaid';
  /**
   * Starts (or restarts) a verification for `applicant`. `applicantId` is the one stored from an
   * earlier attempt, or null the first time; `redirectUrl` is where the provider sends the browser back.
   */
  startVerification(
    applicant: KycApplicant,
    options: { applicantId: string | null; redirectUrl: string },
  ): Promise<StartedVerification>;
  /** Checks the signature of a raw callback body and reads it; never throws. */
  parseCallback(rawBody: Buffer, headers: IncomingHttpHeaders): ParsedKycCallback;
}
