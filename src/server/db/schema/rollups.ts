import { bigint, date, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The back office's figures per UTC day (docs/product.md §8, ADR 0049): written by a job once a day
 * is over, so a period's totals are a few hundred rows to add, whatever the size of the tables they
 * count. Counts have `currency` ''; money metrics one row per currency. A day with its
 * `packages_created` row is rolled up (zero included).
 */
export const dailyRollup = pgTable(
  'daily_rollup',
  {
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    currency: text('currency').notNull().default(''),
    value: bigint('value', { mode: 'number' }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric, t.currency] })],
);
