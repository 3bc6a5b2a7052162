import { z } from 'zod';
import { boundary, dateOrDateTime } from './admin-money.ts';
import { listTotalSchema } from './lists.ts';
import { text } from './text.ts';

// The audit log (docs/product.md §8, ADR 0043): every admin action that changes money, access or a
// member's status, and every read of something private, one row each. Action names and subject
// types are closed lists: the server writes only these, and the back office filters by them.

/** `<subject>.<verb>`; a new admin action adds its name here first. */
export const auditActions = [
  'kyc.approve',
  'kyc.decline',
  'payment.refund',
  'payout.mark_sent',
  'payout.bank_details_viewed',
  'dispute.refund_sender',
  'dispute.release_traveler',
  'conversation.open',
  'conversation.read',
  'member.ban',
  'member.unban',
  'member.role',
  'member.sessions_revoked',
  'package.cancel',
  'request.withdraw',
  'request.expire',
  'travel_plan.cancel',
  'notification.send',
  'setting.change',
  'support.assign',
  'support.reply',
  'support.close',
  /** A CSV export of money records (journal, payments, payouts); its filters are in `data`. */
  'data.export',
  'broadcast.send',
] as const;
export type AuditAction = (typeof auditActions)[number];
export const auditActionSchema = z.enum(auditActions, `Choose one of: ${auditActions.join(', ')}`);

/** What an action is about: its subject's id is that record's id. */
export const auditSubjectTypes = [
  'user',
  'package',
  'payment',
  'payout',
  'request',
  'travel_plan',
  'conversation',
  'setting',
  'support_ticket',
  /** An export: its id names the data set (journal, payments, payouts). */
  'export',
  'broadcast',
] as const;
export type AuditSubjectType = (typeof auditSubjectTypes)[number];
export const auditSubjectTypeSchema = z.enum(auditSubjectTypes, `Choose one of: ${auditSubjectTypes.join(', ')}`);

export const AUDIT_LIMITS = { pageSize: 50, pageSizeMax: 200 } as const;

const iso = z.string().meta({ description: 'ISO 8601 date-time' });
const values = z.record(z.string(), z.unknown());

export const auditEntrySchema = z
  .object({
    id: z.string(),
    action: auditActionSchema,
    subject: z.object({ type: auditSubjectTypeSchema, id: z.string() }),
    /** Who did it; null only for a row whose actor no longer exists. */
    actor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
    /** The fields the action changed, as they were and as it left them; null when it changed none. */
    before: values.nullable(),
    after: values.nullable(),
    /** The admin's words for why, when the action asks for them. */
    reason: z.string().nullable(),
    /** Context: amounts, related records' ids. */
    data: values,
    createdAt: iso,
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListQuerySchema = z
  .object({
    actorId: z.uuid('This is not a member id').optional(),
    action: auditActionSchema.optional(),
    /** With subjectId: one record's timeline. */
    subjectType: auditSubjectTypeSchema.optional(),
    subjectId: text().trim().min(1).max(100).optional(),
    /** From this moment on (a date alone: from its start, UTC). */
    from: dateOrDateTime.optional(),
    /** Before this moment (a date alone: up to its end, UTC). */
    to: dateOrDateTime.optional(),
    cursor: text().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_LIMITS.pageSizeMax).default(AUDIT_LIMITS.pageSize),
  })
  .refine((q) => !q.subjectId || q.subjectType, {
    path: ['subjectType'],
    message: 'Choose the kind of record this id is',
  })
  .refine((q) => !q.from || !q.to || boundary(q.from, 'from') < boundary(q.to, 'to'), {
    path: ['to'],
    message: 'Choose an end after the start',
  });
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditPageSchema = z
  .object({ items: z.array(auditEntrySchema), nextCursor: z.string().nullable(), total: listTotalSchema })
  .meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof auditPageSchema>;
