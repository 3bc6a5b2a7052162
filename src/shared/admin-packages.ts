import { z } from 'zod';
import { adminPaymentSchema, boundary, dateOrDateTime, ledgerEntrySchema } from './admin-money.ts';
import { chatMessageSchema } from './chat.ts';
import { disputeSchema } from './lifecycle.ts';
import { listTotalSchema } from './lists.ts';
import { currencySchema } from './money.ts';
import { packageStatuses } from './package-status.ts';
import { packageSchema } from './packages.ts';
import { requestStarters, requestStatuses } from './requests.ts';
import { text } from './text.ts';

// The back office's packages (docs/product.md §8): the list with its disputes queue, one package's
// whole record (money, requests, timeline, dispute), its conversation (each read audited) and an
// administrator's cancellation with the policy's refund.
//
//   GET  /api/admin/packages                      AdminPackageListQuery → AdminPackagePage
//   GET  /api/admin/packages/:id                  → AdminPackageDetail
//   GET  /api/admin/packages/:id/conversation     AdminConversationQuery → AdminConversationPage
//   POST /api/admin/packages/:id/cancel           AdminCancelPackage → AdminPackageDetail

export const ADMIN_PACKAGE_LIMITS = {
  pageSize: 25,
  pageSizeMax: 100,
  messagesPageSize: 50,
  messagesPageSizeMax: 200,
  reasonMin: 3,
  reason: 500,
} as const;

const iso = z.string().meta({ description: 'ISO 8601 date-time' });
const person = z.object({ id: z.string(), name: z.string() });
const cursor = text().max(200).optional();

/** The columns the list orders by; `-` first is descending (the web's `sortParam` form). */
export const adminPackageSorts = ['created', 'deliverBy', 'reward'] as const;
export type AdminPackageSort = (typeof adminPackageSorts)[number];
const sortValues = adminPackageSorts.flatMap((s) => [s, `-${s}`] as const);
export const ADMIN_PACKAGE_DEFAULT_SORT = '-created';

/** A city prefix, compared without case. */
const cityPrefix = text().trim().min(1).max(100).optional();

const periodOrder = (from: string | undefined, to: string | undefined) =>
  !from || !to || boundary(from, 'from') < boundary(to, 'to');

export const adminPackageListQuerySchema = z
  .object({
    /** `disputed`: the packages with an open dispute, the oldest dispute first (the disputes queue). */
    status: z.enum(packageStatuses, `Choose one of: ${packageStatuses.join(', ')}`).optional(),
    /** A title's beginning, or a package's exact id. */
    q: text().trim().max(100).optional(),
    pickupCity: cityPrefix,
    dropoffCity: cityPrefix,
    senderId: z.uuid('This is not a member id').optional(),
    travelerId: z.uuid('This is not a member id').optional(),
    /** Created from this moment on (a date alone: from its start, UTC) … */
    createdFrom: dateOrDateTime.optional(),
    /** … and before this one (a date alone: up to its end). */
    createdTo: dateOrDateTime.optional(),
    deliverByFrom: dateOrDateTime.optional(),
    deliverByTo: dateOrDateTime.optional(),
    /** Ignored with status=disputed, which is always the oldest dispute first. */
    sort: z.enum(sortValues, `Choose one of: ${sortValues.join(', ')}`).default(ADMIN_PACKAGE_DEFAULT_SORT),
    cursor,
    limit: z.coerce.number().int().min(1).max(ADMIN_PACKAGE_LIMITS.pageSizeMax).default(ADMIN_PACKAGE_LIMITS.pageSize),
  })
  .refine((q) => periodOrder(q.createdFrom, q.createdTo), {
    path: ['createdTo'],
    message: 'Choose an end after the start',
  })
  .refine((q) => periodOrder(q.deliverByFrom, q.deliverByTo), {
    path: ['deliverByTo'],
    message: 'Choose an end after the start',
  });
export type AdminPackageListQuery = z.infer<typeof adminPackageListQuerySchema>;

export const adminPackageRowSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    status: z.enum(packageStatuses),
    route: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
    sender: person,
    traveler: person.nullable(),
    reward: z.number().int().nullable(),
    currency: currencySchema,
    createdAt: iso,
    deliverBy: iso.nullable(),
    /** Whether it has an open dispute. */
    disputed: z.boolean(),
    /** When its open dispute was opened (its age in the disputes queue); null without one. */
    disputeOpenedAt: iso.nullable(),
  })
  .meta({ id: 'AdminPackageRow' });
export type AdminPackageRow = z.infer<typeof adminPackageRowSchema>;

export const adminPackagePageSchema = z
  .object({ items: z.array(adminPackageRowSchema), nextCursor: z.string().nullable(), total: listTotalSchema })
  .meta({ id: 'AdminPackagePage' });
export type AdminPackagePage = z.infer<typeof adminPackagePageSchema>;

export const adminPackageRequestSchema = z
  .object({
    id: z.string(),
    status: z.enum(requestStatuses),
    startedBy: z.enum(requestStarters),
    traveler: person,
    travelPlanId: z.string(),
    message: z.string().nullable(),
    createdAt: iso,
    respondedAt: iso.nullable(),
  })
  .meta({ id: 'AdminPackageRequest' });
export type AdminPackageRequest = z.infer<typeof adminPackageRequestSchema>;

/** One line of the full timeline: a status change, or a dispute opened or resolved. */
export const adminTimelineItemSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['status', 'dispute_opened', 'dispute_resolved']),
    at: iso,
    actor: person.nullable(),
    fromStatus: z.enum(packageStatuses).nullable(),
    toStatus: z.enum(packageStatuses).nullable(),
    note: z.string().nullable(),
  })
  .meta({ id: 'AdminTimelineItem' });
export type AdminTimelineItem = z.infer<typeof adminTimelineItemSchema>;

export const adminDisputeSchema = disputeSchema
  .extend({
    resolvedBy: person.nullable(),
    /** What is left of the payment to refund or release: the most a resolution can refund. */
    held: z.number().int(),
    currency: currencySchema,
  })
  .meta({ id: 'AdminDispute' });
export type AdminDispute = z.infer<typeof adminDisputeSchema>;

/** What an administrator's cancellation would do now (docs/product.md §5.5); null when it cannot. */
export const adminCancellationSchema = z
  .object({ refund: z.number().int(), keptFee: z.number().int(), currency: currencySchema })
  .meta({ id: 'AdminCancellation' });
export type AdminCancellation = z.infer<typeof adminCancellationSchema>;

export const adminPackageDetailSchema = z
  .object({
    package: packageSchema,
    payments: z.array(adminPaymentSchema),
    /** The journal entries of its payments, newest first. */
    ledger: z.array(ledgerEntrySchema),
    requests: z.array(adminPackageRequestSchema),
    timeline: z.array(adminTimelineItemSchema),
    /** Its latest dispute, open or resolved. */
    dispute: adminDisputeSchema.nullable(),
    cancellation: adminCancellationSchema.nullable(),
    /** Whether the sender and the traveler have a conversation to read (each read is audited). */
    hasConversation: z.boolean(),
  })
  .meta({ id: 'AdminPackageDetail' });
export type AdminPackageDetail = z.infer<typeof adminPackageDetailSchema>;

export const adminConversationQuerySchema = z.object({
  cursor,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_PACKAGE_LIMITS.messagesPageSizeMax)
    .default(ADMIN_PACKAGE_LIMITS.messagesPageSize),
});
export type AdminConversationQuery = z.infer<typeof adminConversationQuerySchema>;

export const adminConversationPageSchema = z
  .object({
    conversationId: z.string(),
    participants: z.array(person),
    /** Oldest first (newest last); `nextCursor` continues with later messages. */
    items: z.array(chatMessageSchema),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'AdminConversationPage' });
export type AdminConversationPage = z.infer<typeof adminConversationPageSchema>;

export const adminCancelPackageSchema = z
  .strictObject({
    reason: text('Write the reason (it goes in the audit log)')
      .trim()
      .min(ADMIN_PACKAGE_LIMITS.reasonMin, 'Write the reason (it goes in the audit log)')
      .max(ADMIN_PACKAGE_LIMITS.reason, `Keep the reason under ${ADMIN_PACKAGE_LIMITS.reason} characters`),
  })
  .meta({ id: 'AdminCancelPackage' });
export type AdminCancelPackage = z.infer<typeof adminCancelPackageSchema>;
