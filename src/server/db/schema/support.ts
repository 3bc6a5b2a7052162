import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { packages } from './packages.ts';

/**
 * A conversation with the support team (docs/product.md §13), started from the contact form by a
 * member (`user_id`) or a visitor (only `email`). `number` is what people quote; `last_message_at`
 * orders the queue and the member's list.
 */
export const supportTicket = pgTable(
  'support_ticket',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigserial('number', { mode: 'number' }).notNull().unique(),
    userId: uuid('user_id').references(() => user.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    name: text('name'),
    topic: text('topic').notNull(),
    /** What the person wrote as the package's reference, and the package it names when it names one. */
    packageRef: text('package_ref'),
    packageId: uuid('package_id').references(() => packages.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('open'),
    assigneeId: uuid('assignee_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check('support_ticket_status_check', sql`${t.status} in ('open', 'answered', 'closed')`),
    // The queue: one status, the longest-waiting first; and "assigned to me" within it.
    index('support_ticket_queue_idx').on(t.status, t.lastMessageAt, t.id),
    index('support_ticket_assignee_idx').on(t.assigneeId, t.status, t.lastMessageAt, t.id),
    index('support_ticket_user_idx').on(t.userId, t.lastMessageAt),
  ],
);

/** One message of a ticket: the author's (`from_team` false) or an administrator's answer. */
export const supportMessage = pgTable(
  'support_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTicket.id, { onDelete: 'cascade' }),
    fromTeam: boolean('from_team').notNull(),
    /** The member or administrator who wrote it; null for a visitor. */
    authorId: uuid('author_id').references(() => user.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_message_ticket_idx').on(t.ticketId, t.createdAt)],
);
