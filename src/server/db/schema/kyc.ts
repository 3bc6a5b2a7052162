import { index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

// The identity check (docs/product.md §6). We never store documents: only the provider's ids,
// statuses, reasons and times. The member's current status lives on user.kyc_status; these tables
// are how it got there.

/** The provider's applicant for a member: created once, reused on every retry. */
export const kycApplicant = pgTable(
  'kyc_applicant',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    applicantId: text('applicant_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.provider] }),
    unique('kyc_applicant_provider_applicant').on(t.provider, t.applicantId),
  ],
);

/** One start of the check: started → pending → approved | declined. */
export const kycAttempt = pgTable(
  'kyc_attempt',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    applicantId: text('applicant_id').notNull(),
    verificationId: text('verification_id'),
    status: text('status').notNull().default('started'),
    reasons: text('reasons').array().notNull().default([]),
    /** The page the member was after when onboarding sent them here; the return page offers it. */
    returnTo: text('return_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('kyc_attempt_user_idx').on(t.userId, t.createdAt),
    unique('kyc_attempt_provider_verification').on(t.provider, t.verificationId),
  ],
);

/** Every change of a member's status, with its time and source (a provider callback or an admin). */
export const kycEvent = pgTable(
  'kyc_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    attemptId: uuid('attempt_id').references(() => kycAttempt.id, { onDelete: 'set null' }),
    source: text('source').notNull(),
    provider: text('provider'),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    reasons: text('reasons').array().notNull().default([]),
    note: text('note'),
    actorId: uuid('actor_id').references(() => user.id, { onDelete: 'set null' }),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kyc_event_user_idx').on(t.userId, t.createdAt)],
);

/** Callback deliveries already handled, so a replay changes nothing. */
export const kycCallbackReceipt = pgTable(
  'kyc_callback_receipt',
  {
    provider: text('provider').notNull(),
    requestId: text('request_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.requestId] })],
);
