import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cellSql, MATCH_GRID } from '#server/modules/matching/cells.ts';
import { user } from './auth.ts';

/** A trip a traveler is making anyway (docs/product.md §3): active → completed | cancelled. */
export const travelPlans = pgTable(
  'travel_plan',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    travelerId: uuid('traveler_id')
      .notNull()
      .references(() => user.id),
    status: text('status').notNull().default('active'),
    originLabel: text('origin_label').notNull(),
    originCity: text('origin_city').notNull(),
    originCountry: text('origin_country').notNull(),
    originLat: doublePrecision('origin_lat').notNull(),
    originLng: doublePrecision('origin_lng').notNull(),
    originAddress: text('origin_address'),
    destinationLabel: text('destination_label').notNull(),
    destinationCity: text('destination_city').notNull(),
    destinationCountry: text('destination_country').notNull(),
    destinationLat: doublePrecision('destination_lat').notNull(),
    destinationLng: doublePrecision('destination_lng').notNull(),
    destinationAddress: text('destination_address'),
    departureAt: timestamp('departure_at', { withTimezone: true }).notNull(),
    arrivalAt: timestamp('arrival_at', { withTimezone: true }).notNull(),
    transport: text('transport').notNull(),
    capacityGrams: integer('capacity_grams').notNull(),
    /** Reserved by accepted requests; free capacity = capacity − reserved. */
    reservedGrams: integer('reserved_grams').notNull().default(0),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Matching's grid cells of the origin and destination, computed by the database (ADR 0017). */
    originCell: integer('origin_cell').generatedAlwaysAs(cellSql(MATCH_GRID, 'origin_lat', 'origin_lng')),
    destinationCell: integer('destination_cell').generatedAlwaysAs(
      cellSql(MATCH_GRID, 'destination_lat', 'destination_lng'),
    ),
  },
  (t) => [
    index('travel_plan_traveler_idx').on(t.travelerId, t.status, t.departureAt),
    // The back office's list (docs/product.md §8): its two orders, status and traveler with the order,
    // and city prefixes on the lower-cased names (text_pattern_ops: any collation).
    index('travel_plan_created_idx').on(t.createdAt, t.id),
    index('travel_plan_departure_idx').on(t.departureAt, t.id),
    index('travel_plan_status_created_idx').on(t.status, t.createdAt, t.id),
    index('travel_plan_traveler_created_idx').on(t.travelerId, t.createdAt, t.id),
    index('travel_plan_origin_prefix_idx').using('btree', sql`lower(${t.originCity}) text_pattern_ops`),
    index('travel_plan_destination_prefix_idx').using('btree', sql`lower(${t.destinationCity}) text_pattern_ops`),
    // Matching looks up active plans by the pair of cells, and only those leaving after pickup opens.
    index('travel_plan_match_idx')
      .on(t.originCell, t.destinationCell, t.departureAt)
      .where(sql`${t.status} = 'active'`),
  ],
);
