import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/** What the services tell a member (docs/product.md §7): stored first, then pushed to their open tabs. */
export const notification = pgTable(
  'notification',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notification_user_idx').on(t.userId, t.createdAt),
    // A broadcast's read count.
    index('notification_broadcast_idx')
      .using('btree', sql`(${t.data} ->> 'broadcastId')`, t.readAt)
      .where(sql`${t.type} = 'broadcast'`),
  ],
);
