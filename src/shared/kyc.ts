import { z } from 'zod';
import { kycStatuses } from './auth.ts';
import { safeRedirectTarget } from './routes.ts';
import { text } from './text.ts';

// The identity-check contract (docs/product.md §6). A member's status is one of kycStatuses;
// each start of the check is an attempt with its own status.

export const kycAttemptStatuses = ['started', 'pending', 'approved', 'declined'] as const;
export const kycProviders = ['sandbox', 'kycaid'] as const;
export const kycEventSources = ['provider', 'admin'] as const;

export const KYC_LIMITS = { reason: 300, note: 1000, noteMin: 3 } as const;

const iso = z.string().meta({ description: 'ISO 8601 date-time' });

export const kycAttemptSchema = z
  .object({
    id: z.string(),
    provider: z.enum(kycProviders),
    status: z.enum(kycAttemptStatuses),
    reasons: z.array(z.string()),
    createdAt: iso,
    completedAt: iso.nullable(),
  })
  .meta({ id: 'KycAttempt' });
export type KycAttempt = z.infer<typeof kycAttemptSchema>;

/** GET /api/kyc: my identity check as the onboarding step and the return page show it. */
export const kycStateSchema = z
  .object({
    status: z.enum(kycStatuses),
    /** Why the last check was declined, in the provider's (or the admin's) words. */
    reasons: z.array(z.string()),
    /** The latest attempt, if any. */
    attempt: kycAttemptSchema.nullable(),
    /** The page onboarding was taking me to; the return page offers it once I am verified. */
    returnTo: z.string().nullable(),
    /** Whether "start" is allowed now: not while approved, nor while the KYC rules hold it back. */
    canStart: z.boolean(),
    /** When the KYC rules (attempts in 30 days, wait after a decline) allow the next start; null if now. */
    startableAt: z.string().nullable().meta({ description: 'ISO 8601 date-time' }),
  })
  .meta({ id: 'KycState' });
export type KycState = z.infer<typeof kycStateSchema>;

const returnTarget = text()
  .max(2000)
  .refine((v) => safeRedirectTarget(v) !== null, 'Use a path on this site, such as /user/dashboard');

export const startKycSchema = z.object({ returnTo: returnTarget.nullish() }).meta({ id: 'StartKyc' });
export type StartKyc = z.infer<typeof startKycSchema>;

export const startKycResponseSchema = z
  .object({ url: z.string().meta({ description: "The provider's page to send the browser to" }) })
  .meta({ id: 'StartKycResponse' });

/** The sandbox page: which attempt it is for, and whether it still takes a decision. */
export const sandboxParamsSchema = z.object({ token: z.uuid('This is not a sandbox check address') });
export const sandboxCheckSchema = z
  .object({
    token: z.string(),
    name: z.string(),
    status: z.enum(kycAttemptStatuses),
    /** False once a decision was sent for this attempt: each sandbox check decides once. */
    open: z.boolean(),
  })
  .meta({ id: 'SandboxCheck' });
export type SandboxCheck = z.infer<typeof sandboxCheckSchema>;

export const sandboxDecisionSchema = z
  .discriminatedUnion('decision', [
    z.object({ decision: z.literal('approve') }),
    z.object({
      decision: z.literal('decline'),
      reason: text()
        .trim()
        .min(1, 'Say why the check is declined')
        .max(KYC_LIMITS.reason, `Keep the reason under ${KYC_LIMITS.reason} characters`),
    }),
  ])
  .meta({ id: 'SandboxDecision' });
export type SandboxDecision = z.infer<typeof sandboxDecisionSchema>;

export const sandboxDecisionResponseSchema = z
  .object({ redirectTo: z.string() })
  .meta({ id: 'SandboxDecisionResponse' });

export const kycEventSchema = z
  .object({
    id: z.string(),
    source: z.enum(kycEventSources),
    provider: z.enum(kycProviders).nullable(),
    fromStatus: z.enum(kycStatuses),
    toStatus: z.enum(kycStatuses),
    reasons: z.array(z.string()),
    note: z.string().nullable(),
    actor: z.object({ id: z.string(), name: z.string() }).nullable(),
    createdAt: iso,
  })
  .meta({ id: 'KycEvent' });
export type KycEvent = z.infer<typeof kycEventSchema>;

/** GET /api/admin/users/{id}/kyc: state, every attempt, every change (newest first). */
export const adminKycSchema = z
  .object({
    userId: z.string(),
    status: z.enum(kycStatuses),
    reasons: z.array(z.string()),
    attempts: z.array(kycAttemptSchema),
    events: z.array(kycEventSchema),
  })
  .meta({ id: 'AdminKyc' });
export type AdminKyc = z.infer<typeof adminKycSchema>;

export const adminUserParamsSchema = z.object({ id: z.uuid('This is not a user id') });

export const adminKycDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'decline']),
    note: text()
      .trim()
      .min(KYC_LIMITS.noteMin, 'Write a note saying why (it goes in the audit log)')
      .max(KYC_LIMITS.note, `Keep the note under ${KYC_LIMITS.note} characters`),
  })
  .meta({ id: 'AdminKycDecision' });
export type AdminKycDecision = z.infer<typeof adminKycDecisionSchema>;

export const kycCallbackAckSchema = z.object({ ok: z.literal(true) }).meta({ id: 'KycCallbackAck' });
