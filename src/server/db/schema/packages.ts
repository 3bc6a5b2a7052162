import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cellSql, MATCH_GRID } from '#server/modules/matching/cells.ts';
import { user } from './auth.ts';

// Packages (docs/product.md §2). A draft may lack any field but its title; the rules of the
// shared contract decide what may be stored and what publishing needs. Money in minor units.

export const packages = pgTable(
  'package',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => user.id),
    status: text('status').notNull().default('draft'),
    title: text('title').notNull(),
    description: text('description'),
    category: text('category'),
    size: text('size'),
    weightGrams: integer('weight_grams'),
    declaredValue: integer('declared_value'),
    currency: text('currency').notNull().default('EUR'),
    pickupLabel: text('pickup_label'),
    pickupCity: text('pickup_city'),
    pickupCountry: text('pickup_country'),
    pickupLat: doublePrecision('pickup_lat'),
    pickupLng: doublePrecision('pickup_lng'),
    pickupAddress: text('pickup_address'),
    dropoffLabel: text('dropoff_label'),
    dropoffCity: text('dropoff_city'),
    dropoffCountry: text('dropoff_country'),
    dropoffLat: doublePrecision('dropoff_lat'),
    dropoffLng: doublePrecision('dropoff_lng'),
    dropoffAddress: text('dropoff_address'),
    pickupFrom: timestamp('pickup_from', { withTimezone: true }),
    deliverBy: timestamp('deliver_by', { withTimezone: true }),
    reward: integer('reward'),
    recipientName: text('recipient_name'),
    recipientPhone: text('recipient_phone'),
    notes: text('notes'),
    /** The traveler carrying it, once a request is accepted. */
    travelerId: uuid('traveler_id').references(() => user.id),
    /** The travel plan it rides on, once matched; its capacity is reserved for it. */
    travelPlanId: uuid('travel_plan_id'),
    /**
     * The pickup and delivery codes (6 digits, ADR 0020): an HMAC for checking what the traveler types,
     * and a copy sealed with the app key (AES-GCM) so the sender can be shown them. Never plaintext.
     */
    pickupCodeHash: text('pickup_code_hash'),
    pickupCodeSealed: text('pickup_code_sealed'),
    deliveryCodeHash: text('delivery_code_hash'),
    deliveryCodeSealed: text('delivery_code_sealed'),
    /** Wrong codes in a row, and until when the action is locked after the fifth (docs/product.md §2). */
    pickupAttempts: integer('pickup_attempts').notNull().default(0),
    pickupLockedUntil: timestamp('pickup_locked_until', { withTimezone: true }),
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
    deliveryLockedUntil: timestamp('delivery_locked_until', { withTimezone: true }),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Matching's grid cells of the pickup and drop-off, computed by the database (ADR 0017). */
    pickupCell: integer('pickup_cell').generatedAlwaysAs(cellSql(MATCH_GRID, 'pickup_lat', 'pickup_lng')),
    dropoffCell: integer('dropoff_cell').generatedAlwaysAs(cellSql(MATCH_GRID, 'dropoff_lat', 'dropoff_lng')),
  },
  (t) => [
    index('package_sender_idx').on(t.senderId, t.status, t.updatedAt),
    // Matching looks up open packages by the pair of cells, and only those due after the trip arrives.
    index('package_match_idx').on(t.pickupCell, t.dropoffCell, t.deliverBy).where(sql`${t.status} = 'open'`),
    // The scheduled jobs' sweeps (ADR 0021): open packages past deliver-by, delivered ones past the wait.
    index('package_expiry_idx').on(t.deliverBy).where(sql`${t.status} = 'open'`),
    index('package_autocomplete_idx').on(t.deliveredAt).where(sql`${t.status} = 'delivered'`),
    // The back office's list (docs/product.md §8): each order and each filter with the order, on (…, id)
    // for keyset paging; prefix searches on the lower-cased text (text_pattern_ops: any collation).
    index('package_created_idx').on(t.createdAt, t.id),
    // The dashboard's completions per day.
    index('package_completed_at_idx').on(t.completedAt).where(sql`${t.completedAt} is not null`),
    index('package_status_created_idx').on(t.status, t.createdAt, t.id),
    index('package_sender_created_idx').on(t.senderId, t.createdAt, t.id),
    index('package_traveler_created_idx').on(t.travelerId, t.createdAt, t.id),
    // Nulls come last both ways, so each nullable order needs its own direction's index.
    index('package_deliver_by_idx').on(t.deliverBy, t.id),
    index('package_deliver_by_desc_idx').on(t.deliverBy.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('package_reward_idx').on(t.reward, t.id),
    index('package_reward_desc_idx').on(t.reward.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('package_title_prefix_idx').using('btree', sql`lower(${t.title}) text_pattern_ops`),
    index('package_pickup_city_prefix_idx').using('btree', sql`lower(${t.pickupCity}) text_pattern_ops`),
    index('package_dropoff_city_prefix_idx').using('btree', sql`lower(${t.dropoffCity}) text_pattern_ops`),
  ],
);

export const packagePhotos = pgTable(
  'package_photo',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    /** The stored image's key (WebP, resized, metadata stripped). */
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('package_photo_package_idx').on(t.packageId, t.position)],
);

/**
 * The traveler's photo of a handover (docs/product.md §2.4): one at pickup, one at delivery, never
 * replaced, since either side may point at it in a dispute. Private to the parties and admins, so it
 * is stored apart from the listing photos and served only through the package.
 */
export const handoffPhotos = pgTable(
  'handoff_photo',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    /** pickup | delivery */
    step: text('step').notNull(),
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('handoff_photo_step').on(t.packageId, t.step), uniqueIndex('handoff_photo_key').on(t.storageKey)],
);

/** The timeline: every status change of a package, who made it, when, and why. */
export const packageEvents = pgTable(
  'package_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => user.id, { onDelete: 'set null' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('package_event_package_idx').on(t.packageId, t.createdAt),
    // A member's cancellations of matches they were part of (docs/product.md §11.1: cancellation rate).
    index('package_event_matched_actor_idx').on(t.actorId, t.toStatus).where(sql`${t.fromStatus} = 'matched'`),
  ],
);
