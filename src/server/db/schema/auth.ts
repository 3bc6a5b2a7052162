import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Better Auth's tables (core + admin plugin), owned by our migrations so PGlite and PostgreSQL get
// the same DDL. Ids are database-generated UUIDs so every id in the product has one format.

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const user = pgTable(
  'user',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role').notNull().default('user'),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    // Better Auth's phone-number plugin; the number is unique across accounts (docs/product.md §1).
    phoneNumber: text('phone_number').unique(),
    phoneNumberVerified: boolean('phone_number_verified').notNull().default(false),
    // not_started | pending | approved | declined (docs/product.md §6); the identity check (modules/kyc) moves it.
    kycStatus: text('kyc_status').notNull().default('not_started'),
    // Profile (docs/product.md §1, profile settings): what other members see, and the e-mail preference.
    bio: text('bio'),
    city: text('city'),
    languages: text('languages').array().notNull().default([]),
    notifyByEmail: boolean('notify_by_email').notNull().default(true),
    // Set when the member deletes their account: personal data is wiped, money records stay.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // The back office's member list (docs/product.md §8): its orders on (…, id) for keyset paging, the
    // rare filters as partial indexes, and prefix searches (text_pattern_ops: any collation).
    index('user_created_idx').on(t.createdAt, t.id),
    index('user_name_idx').on(t.name, t.id),
    index('user_email_sort_idx').on(t.email, t.id),
    index('user_email_prefix_idx').using('btree', sql`lower(${t.email}) text_pattern_ops`),
    // A name is searched from its start or any word's start: trigrams serve both (ADR 0045).
    index('user_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('user_phone_prefix_idx').using('btree', sql`${t.phoneNumber} text_pattern_ops`),
    index('user_banned_idx').on(t.createdAt, t.id).where(sql`${t.banned}`),
    index('user_admin_idx').on(t.createdAt, t.id).where(sql`'admin' = any(string_to_array(${t.role}, ','))`),
  ],
);

export const session = pgTable(
  'session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: uuid('impersonated_by'),
    ...timestamps,
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** Better Auth's rate-limit counters, in the database so they hold across server nodes. */
export const rateLimit = pgTable('rate_limit', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Our own per-account limits (failed sign-ins per address, phone codes per number and per account),
 * whatever network address the attempts come from; in the database so they hold across nodes (ADR 0031).
 */
export const attemptCounter = pgTable('attempt_counter', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});
