import { z } from 'zod';
import { minorAmountSchema } from './money.ts';
import { handoffPhotoSchema } from './packages.ts';
import { text } from './text.ts';

// The delivery lifecycle after a match (docs/product.md §2): codes, confirmation, disputes.

export const CODE_LENGTH = 6;
export const MAX_CODE_ATTEMPTS = 5;
export const CODE_LOCK_MINUTES = 60;

export const codeSchema = z
  .strictObject({
    code: text()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code'),
  })
  .meta({ id: 'HandoverCode' });
export type HandoverCode = z.infer<typeof codeSchema>;

/** What the sender sees on the package page once matched: the codes to hand over. */
export const packageCodesSchema = z
  .object({
    /** Show it to the traveler at pickup. Null once the package is picked up. */
    pickupCode: z.string().nullable(),
    /** Give it to the recipient; the traveler types it at delivery. Null once delivered. */
    deliveryCode: z.string().nullable(),
  })
  .meta({ id: 'PackageCodes' });
export type PackageCodes = z.infer<typeof packageCodesSchema>;

export const disputeReasons = ['not_picked_up', 'not_delivered', 'damaged', 'wrong_item', 'other'] as const;
export const disputeReasonLabel: Record<(typeof disputeReasons)[number], string> = {
  not_picked_up: 'The package was not picked up',
  not_delivered: 'The package was not delivered',
  damaged: 'The package arrived damaged',
  wrong_item: 'Something else arrived',
  other: 'Something else',
};

export const openDisputeSchema = z
  .strictObject({
    reason: z.enum(disputeReasons, 'Choose a reason'),
    details: text()
      .trim()
      .min(10, 'Say what happened (at least 10 characters)')
      .max(2000, 'Keep it under 2000 characters'),
  })
  .meta({ id: 'OpenDispute' });
export type OpenDispute = z.infer<typeof openDisputeSchema>;

export const resolveDisputeSchema = z
  .strictObject({
    resolution: z.enum(['refund_sender', 'release_traveler'], 'Choose refund the sender or release to the traveler'),
    note: text().trim().min(3, 'Write a note for the audit log').max(1000),
    /**
     * With refund_sender: refund only this much (minor units, at most what is held); the platform
     * keeps its fee out of the rest and the traveler gets what remains. Without it: everything back.
     */
    amount: minorAmountSchema.min(1, 'Enter an amount to refund').optional(),
  })
  .refine((input) => input.amount === undefined || input.resolution === 'refund_sender', {
    path: ['amount'],
    message: 'Only a refund to the sender takes an amount',
  })
  .meta({ id: 'ResolveDispute' });
export type ResolveDispute = z.infer<typeof resolveDisputeSchema>;

/** Evidence (docs/product.md §2.5): each party's photos across one dispute, and an item's words. */
export const EVIDENCE_MAX_PHOTOS = 5;
export const EVIDENCE_TEXT_MAX = 2000;

/**
 * The text part of POST /api/packages/{id}/dispute/evidence (multipart: a `text` field and up to the
 * party's remaining `photo` files). An item needs words, photos or both; the photos are checked apart.
 */
export const addEvidenceSchema = z
  .strictObject({
    text: text()
      .trim()
      .max(EVIDENCE_TEXT_MAX, `Keep it under ${EVIDENCE_TEXT_MAX} characters`)
      .transform((v) => (v === '' ? undefined : v))
      .optional(),
  })
  .meta({ id: 'AddEvidence' });
export type AddEvidence = z.infer<typeof addEvidenceSchema>;

export const disputePartyRoles = ['sender', 'traveler'] as const;
export type DisputePartyRole = (typeof disputePartyRoles)[number];

export const evidencePhotoSchema = z
  .object({ url: z.string(), width: z.number().int(), height: z.number().int() })
  .meta({ id: 'EvidencePhoto' });
export type EvidencePhoto = z.infer<typeof evidencePhotoSchema>;

export const disputeEvidenceSchema = z
  .object({
    id: z.string(),
    author: z.object({ id: z.string(), name: z.string(), role: z.enum(disputePartyRoles) }),
    text: z.string().nullable(),
    photos: z.array(evidencePhotoSchema),
    createdAt: z.string(),
  })
  .meta({ id: 'DisputeEvidence' });
export type DisputeEvidence = z.infer<typeof disputeEvidenceSchema>;

export const disputeSchema = z
  .object({
    id: z.string(),
    packageId: z.string(),
    openedBy: z.object({ id: z.string(), name: z.string(), role: z.enum(disputePartyRoles) }),
    reason: z.enum(disputeReasons),
    details: z.string(),
    status: z.enum(['open', 'resolved']),
    resolution: z.enum(['refund_sender', 'release_traveler']).nullable(),
    resolutionNote: z.string().nullable(),
    createdAt: z.string(),
    resolvedAt: z.string().nullable(),
    /** What each party added while it was open, oldest first. */
    evidence: z.array(disputeEvidenceSchema),
    /** The traveler's photos of the handovers, which either side may point at. */
    handoffPhotos: z.array(handoffPhotoSchema),
    /** Who is reading: a party, or an admin (who reads but adds nothing). */
    viewerRole: z.enum(['sender', 'traveler', 'admin']),
    /** How many more photos the reading party may add; 0 for an admin and once resolved. */
    photosLeft: z.number().int().min(0),
  })
  .meta({ id: 'Dispute' });
export type Dispute = z.infer<typeof disputeSchema>;

export const cancelSchema = z.strictObject({ reason: text().trim().max(500).optional() }).meta({ id: 'CancelPackage' });
