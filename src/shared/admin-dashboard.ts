import { z } from 'zod';
import { listTotalSchema } from './lists.ts';
import { currencySchema, moneySchema } from './money.ts';
import { packageStatuses } from './package-status.ts';

// The back office's dashboard (docs/product.md §8): what needs an administrator now, each a count
// (exact while small, "About N" past a thousand) and, where there is one, the list that holds it.

const iso = z.string().meta({ description: 'ISO 8601 date-time' });

export const adminAttentionSchema = z
  .object({
    /** Open disputes, and when the oldest was opened. */
    disputes: z.object({ total: listTotalSchema, oldestAt: iso.nullable() }),
    /** Members whose identity check is under way (the provider's or an administrator's decision). */
    kycPending: listTotalSchema,
    /** Payout requests not yet marked sent. */
    payoutsRequested: listTotalSchema,
    /** Checkouts paid with another amount or currency whose money has not been sent back yet. */
    paymentMismatches: listTotalSchema,
    /** Payments whose automatic refund (stray, mismatched, expired package) the provider failed. */
    refundsFailed: listTotalSchema,
    /** Support tickets waiting on the team (new, or written to again), and when the longest-waiting last moved. */
    supportOpen: z.object({ total: listTotalSchema, oldestAt: iso.nullable() }),
  })
  .meta({ id: 'AdminAttention' });
export type AdminAttention = z.infer<typeof adminAttentionSchema>;

// ── Figures: the marketplace now, and a period's money and activity ──────────────────────
//   GET /api/admin/dashboard/figures               → DashboardFigures
//   GET /api/admin/dashboard/period?from=&to=      → DashboardPeriod (UTC days, both included)

export const dashboardFiguresSchema = z
  .object({
    members: z.object({ total: listTotalSchema, verified: listTotalSchema }),
    packagesByStatus: z.array(z.object({ status: z.enum(packageStatuses), total: listTotalSchema })),
    /** Trips still ahead or under way. */
    activeTrips: listTotalSchema,
    /** Senders' money the platform holds now, by currency. */
    escrowHeld: z.array(moneySchema),
  })
  .meta({ id: 'DashboardFigures' });
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

/** The longest period the dashboard sums at once: a year and a day (a leap year's). */
export const DASHBOARD_PERIOD_MAX_DAYS = 366;

const day = z.iso.date('Use a date such as 2026-12-01');
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

export const dashboardPeriodQuerySchema = z
  .object({ from: day, to: day })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'Choose an end on or after the start' })
  .refine((q) => daysBetween(q.from, q.to) <= DASHBOARD_PERIOD_MAX_DAYS, {
    path: ['from'],
    message: `Choose at most ${DASHBOARD_PERIOD_MAX_DAYS} days`,
  });
export type DashboardPeriodQuery = z.infer<typeof dashboardPeriodQuerySchema>;

/** Money that moved in a period, in one currency's minor units. */
export const periodMoneySchema = z
  .object({
    currency: currencySchema,
    /** Payments received into escrow (the marketplace's GMV). */
    paidIn: z.number().int(),
    /** Rewards released to travelers (completions and disputes decided for them). */
    released: z.number().int(),
    /** The platform's fees earned (net of fees given back). */
    fees: z.number().int(),
    /** Money sent back to senders. */
    refunded: z.number().int(),
    /** Travelers' payouts sent. */
    paidOut: z.number().int(),
  })
  .meta({ id: 'PeriodMoney' });
export type PeriodMoney = z.infer<typeof periodMoneySchema>;

export const dashboardDaySchema = z
  .object({
    day: z.string().meta({ description: 'A UTC day, YYYY-MM-DD' }),
    packagesCreated: z.number().int(),
    packagesCompleted: z.number().int(),
    membersJoined: z.number().int(),
    money: z.array(periodMoneySchema),
  })
  .meta({ id: 'DashboardDay' });
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const dashboardPeriodSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    /** The period's totals by currency (currencies with no movement left out). */
    money: z.array(periodMoneySchema),
    /** Every day of the period, oldest first, zeros included. */
    days: z.array(dashboardDaySchema),
  })
  .meta({ id: 'DashboardPeriod' });
export type DashboardPeriod = z.infer<typeof dashboardPeriodSchema>;
