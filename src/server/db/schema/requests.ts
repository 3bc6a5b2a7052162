import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { packages } from './packages.ts';
import { travelPlans } from './travel-plans.ts';

// Requests, conversations, disputes and reviews (docs/product.md §2, §4, §7).

/**
 * The handshake between a package and a traveler's trip: pending → accepted | declined | withdrawn |
 * expired; pending → agreed (a reward above the one paid, until the sender pays the difference) →
 * accepted | declined | withdrawn | expired.
 */
export const requests = pgTable(
  'request',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id),
    travelerId: uuid('traveler_id')
      .notNull()
      .references(() => user.id),
    travelPlanId: uuid('travel_plan_id')
      .notNull()
      .references(() => travelPlans.id),
    /** Who started it: the traveler offered, or the sender invited. The other side answers. */
    startedBy: text('started_by').notNull(),
    status: text('status').notNull().default('pending'),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /**
     * Who ended it being pending: the side it was sent to (accepted or declined it), the side that sent
     * it, the system (another request accepted, expiry) or an administrator. Only the first counts as a
     * response (docs/product.md §11.1: response time). Null for requests closed before it was recorded.
     */
    closedBy: text('closed_by'),
    /**
     * The reward on the table (docs/product.md §4.5), minor units of the package's currency: the package's
     * own at the start unless the starter proposed another, then each counter-offer's. Null on requests
     * made before counter-offers: the package's reward. What an acceptance agrees to.
     */
    reward: integer('reward'),
    /** Who proposed `reward` last ('traveler' | 'sender'); the other side answers. Null: the starter. */
    proposedBy: text('proposed_by'),
    counters: integer('counters').notNull().default(0),
    /** Agreed above the reward paid (status `agreed`): what the sender pays before the match. */
    difference: integer('difference'),
  },
  (t) => [
    index('request_package_idx').on(t.packageId, t.status),
    index('request_traveler_idx').on(t.travelerId, t.status, t.createdAt),
    // The back office's list (docs/product.md §8): newest first, whole or by status, traveler or trip.
    index('request_created_idx').on(t.createdAt, t.id),
    index('request_status_created_idx').on(t.status, t.createdAt, t.id),
    index('request_traveler_created_idx').on(t.travelerId, t.createdAt, t.id),
    index('request_plan_created_idx').on(t.travelPlanId, t.createdAt, t.id),
    // One pending request per package and traveler.
    uniqueIndex('request_one_pending').on(t.packageId, t.travelerId).where(sql`status = 'pending'`),
    // One agreement waiting for the sender's payment of the difference per package (docs/product.md §4.5).
    uniqueIndex('request_one_agreed').on(t.packageId).where(sql`status = 'agreed'`),
  ],
);

/**
 * A conversation between two members (docs/product.md §7: one per pair): opened by the first accepted
 * request between them, or by an admin; later requests between the same two reuse it.
 */
export const conversations = pgTable(
  'conversation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The package whose accepted request first opened it; null when an admin opened it. Not what the
     * conversation is about: the pair may carry several packages together in it.
     */
    packageId: uuid('package_id').references(() => packages.id),
    /** The two members, in a fixed order (smaller id first), so a pair has one row. */
    userA: uuid('user_a')
      .notNull()
      .references(() => user.id),
    userB: uuid('user_b')
      .notNull()
      .references(() => user.id),
    openedBy: uuid('opened_by').references(() => user.id, { onDelete: 'set null' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversation_user_a_idx').on(t.userA, t.lastMessageAt),
    index('conversation_user_b_idx').on(t.userB, t.lastMessageAt),
    unique('conversation_pair').on(t.userA, t.userB),
  ],
);

export const messages = pgTable(
  'message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => user.id),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('message_conversation_idx').on(t.conversationId, t.createdAt)],
);

/** A dispute freezes a package's money until an admin resolves it (docs/product.md §2, §5). */
export const disputes = pgTable(
  'dispute',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id),
    openedBy: uuid('opened_by')
      .notNull()
      .references(() => user.id),
    reason: text('reason').notNull(),
    details: text('details').notNull(),
    status: text('status').notNull().default('open'),
    /** refund_sender | release_traveler */
    resolution: text('resolution'),
    resolutionNote: text('resolution_note'),
    resolvedBy: uuid('resolved_by').references(() => user.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dispute_package_idx').on(t.packageId),
    uniqueIndex('dispute_one_open').on(t.packageId).where(sql`status = 'open'`),
    // The disputes queue: open ones, oldest first.
    index('dispute_open_queue_idx').on(t.createdAt, t.packageId).where(sql`status = 'open'`),
  ],
);

/**
 * What a party adds to an open dispute (docs/product.md §2.5): one submission, with its text, its
 * photos or both. Photos are rows of their own (dispute_evidence_photo) rather than a nullable key on
 * this row, so a submission of words and three photos stays one entry of the timeline, and the
 * per-party photo limit is a count over one narrow table.
 */
export const disputeEvidence = pgTable(
  'dispute_evidence',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => user.id),
    text: text('text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dispute_evidence_dispute_idx').on(t.disputeId, t.createdAt)],
);

export const disputeEvidencePhotos = pgTable(
  'dispute_evidence_photo',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    evidenceId: uuid('evidence_id')
      .notNull()
      .references(() => disputeEvidence.id, { onDelete: 'cascade' }),
    /** The stored image's key (WebP, resized, metadata stripped), in the private photo storage. */
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    index('dispute_evidence_photo_evidence_idx').on(t.evidenceId, t.position),
    uniqueIndex('dispute_evidence_photo_key').on(t.storageKey),
  ],
);

/** Each side reviews the other once per completed package; shown when both have or after 14 days. */
export const reviews = pgTable(
  'review',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => user.id),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => user.id),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('review_once').on(t.packageId, t.authorId), index('review_subject_idx').on(t.subjectId, t.createdAt)],
);

/** When each scheduled job last ran, for the logs and the admin dashboard. */
export const jobRuns = pgTable(
  'job_run',
  {
    job: text('job').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    processed: integer('processed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.job, t.startedAt] })],
);
