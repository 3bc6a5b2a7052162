import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * What administrators did, to whom, and why (docs/product.md §8). Append-only: a trigger refuses any
 * UPDATE, DELETE or TRUNCATE (ADR 0043), so rows are written only through recordAudit
 * (modules/audit/service.ts). The actor's key has no ON DELETE action: members are soft-deleted, and
 * a hard delete of someone who acted is refused rather than rewriting the log.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => user.id),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    /** The fields the action changed, as they were, and as it left them; null when it changed nothing. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    /** The admin's own words for why (a refund's note, a decline's reason). */
    reason: text('reason'),
    /** Context that is neither before nor after: amounts, related ids. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_subject_idx').on(t.subjectType, t.subjectId, t.createdAt),
    // The list's order exactly (ORDER BY created_at DESC, id DESC puts nulls first), for keyset paging.
    index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt, t.id),
    index('audit_log_action_idx').on(t.action, t.createdAt, t.id),
  ],
);
