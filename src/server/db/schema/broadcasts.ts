import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * A notification to a segment of members (docs/product.md §8, ADR 0050), written in batches in member
 * id order: `cursor` is the last member done, `delivered` how many so far. Whoever holds the lease
 * (`lease_token` until `lease_until`) writes the next batch; a node that dies lets the lease run out
 * and the jobs resume from the cursor.
 */
export const broadcast = pgTable(
  'broadcast',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    segment: jsonb('segment').$type<{ kind: string; country?: string }>().notNull(),
    status: text('status').notNull().default('queued'),
    audience: integer('audience').notNull(),
    delivered: integer('delivered').notNull().default(0),
    cursor: uuid('cursor'),
    leaseToken: uuid('lease_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('broadcast_status_check', sql`${t.status} in ('queued', 'sending', 'sent')`),
    index('broadcast_created_idx').on(t.createdAt, t.id),
    index('broadcast_pending_idx').on(t.createdAt).where(sql`${t.status} <> 'sent'`),
  ],
);
