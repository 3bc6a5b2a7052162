import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { travelPlans } from './travel-plans.ts';

// Route alerts (docs/product.md §3.5): a member's saved route, told of each new open package or
// upcoming trip on it.

/**
 * A saved route: packages (for a traveler) or trips (for a sender) between two places within a radius,
 * in an optional window of days — or, for packages, one of the member's active trips, read as it is
 * when a package is published (then the places and days are the trip's, not stored here).
 */
export const routeAlerts = pgTable(
  'route_alert',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** 'packages' or 'trips': what the member wants to hear of. */
    kind: text('kind').notNull(),
    travelPlanId: uuid('travel_plan_id').references(() => travelPlans.id, { onDelete: 'cascade' }),
    fromLabel: text('from_label'),
    fromCity: text('from_city'),
    fromCountry: text('from_country'),
    fromLat: doublePrecision('from_lat'),
    fromLng: doublePrecision('from_lng'),
    toLabel: text('to_label'),
    toCity: text('to_city'),
    toCountry: text('to_country'),
    toLat: doublePrecision('to_lat'),
    toLng: doublePrecision('to_lng'),
    radiusKm: integer('radius_km').notNull(),
    /** The window's first and last day (UTC midnight and the next one), when the member set them. */
    after: timestamp('after', { withTimezone: true }),
    before: timestamp('before', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its last digest e-mail went: at most one a day. */
    lastEmailedAt: timestamp('last_emailed_at', { withTimezone: true }),
  },
  (t) => [
    index('route_alert_user_idx').on(t.userId, t.createdAt),
    // A new package or trip looks for the alerts whose start lies within 300 km of its own.
    index('route_alert_kind_lat_idx').on(t.kind, t.fromLat),
    index('route_alert_plan_idx').on(t.travelPlanId).where(sql`${t.travelPlanId} is not null`),
  ],
);

/** What an alert found: each package or trip once, and whether its digest e-mail has gone. */
export const routeAlertMatches = pgTable(
  'route_alert_match',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => routeAlerts.id, { onDelete: 'cascade' }),
    /** The package's or the trip's id, by the alert's kind. */
    subjectId: uuid('subject_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.alertId, t.subjectId] }),
    index('route_alert_match_unsent_idx').on(t.alertId).where(sql`${t.emailedAt} is null`),
  ],
);
