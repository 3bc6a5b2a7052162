import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// The embedded stand-ins for e-mail and SMS: every message the app sends is stored here when no
// real provider is configured, so a newcomer (and the tests) can read it. In demo mode /dev/mailbox
// shows them; in production with SMTP/SMS configured nothing is written here.

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt)],
);

export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_to_idx').on(t.to, t.createdAt)],
);
