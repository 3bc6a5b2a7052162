import { z } from 'zod';
import { minorAmountSchema } from './money.ts';
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

export const disputeSchema = z
  .object({
    id: z.string(),
    packageId: z.string(),
    openedBy: z.object({ id: z.string(), name: z.string() }),
    reason: z.enum(disputeReasons),
    details: z.string(),
    status: z.enum(['open', 'resolved']),
    resolution: z.enum(['refund_sender', 'release_traveler']).nullable(),
    resolutionNote: z.string().nullable(),
    createdAt: z.string(),
    resolvedAt: z.string().nullable(),
  })
  .meta({ id: 'Dispute' });
export type Dispute = z.infer<typeof disputeSchema>;

export const cancelSchema = z.strictObject({ reason: text().trim().max(500).optional() }).meta({ id: 'CancelPackage' });
