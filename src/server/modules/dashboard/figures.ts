import { eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import { listTotals } from '#server/db/counts.ts';
import { user } from '#server/db/schema/auth.ts';
import { packages } from '#server/db/schema/packages.ts';
import { ledgerBalances } from '#server/db/schema/payments.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import type { DashboardFigures, DashboardPeriod, DashboardPeriodQuery } from '#shared/admin-dashboard.ts';
import type { Currency } from '#shared/money.ts';
import { type PackageStatus, packageStatuses } from '#shared/package-status.ts';
import { countDay, dayOf, daysFrom, storedDays, sumMoney } from './rollups.ts';

// The dashboard's figures (docs/product.md §8): the marketplace now, counted as the lists count
// (exact to a thousand, estimated beyond, so each matches the list it links to), and a period's
// money and activity from the daily roll-ups (ADR 0049).

const verified = sql`(${user.emailVerified} and ${user.phoneNumberVerified} and ${user.kycStatus} = 'approved')`;

export async function dashboardFigures(db: Database): Promise<DashboardFigures> {
  const statusQueries = {} as Record<PackageStatus, PgSelect>;
  for (const status of packageStatuses) {
    statusQueries[status] = db.select({ id: packages.id }).from(packages).where(eq(packages.status, status)).$dynamic();
  }
  const [totals, escrow] = await Promise.all([
    listTotals(db, {
      ...statusQueries,
      members: db.select({ id: user.id }).from(user).$dynamic(),
      verified: db.select({ id: user.id }).from(user).where(verified).$dynamic(),
      activeTrips: db
        .select({ id: travelPlans.id })
        .from(travelPlans)
        .where(eq(travelPlans.status, 'active'))
        .$dynamic(),
    }),
    db
      .select({ currency: ledgerBalances.currency, amount: ledgerBalances.balance })
      .from(ledgerBalances)
      .where(eq(ledgerBalances.account, 'escrow')),
  ]);
  return {
    members: { total: totals.members, verified: totals.verified },
    packagesByStatus: packageStatuses.map((status) => ({ status, total: totals[status] })),
    activeTrips: totals.activeTrips,
    escrowHeld: escrow
      .filter((e) => Number(e.amount) !== 0)
      .map((e) => ({ currency: e.currency as Currency, amount: Number(e.amount) })),
  };
}

/**
 * A period's days: finished ones from the roll-ups, today (and any finished day the job has not
 * reached yet) counted live. Days after today are zeros.
 */
export async function periodFigures(db: Database, query: DashboardPeriodQuery, now: Date): Promise<DashboardPeriod> {
  const today = dayOf(now);
  const stored = await storedDays(db, query.from, query.to);
  const days = [];
  for (const day of daysFrom(query.from, query.to)) {
    const found = stored.get(day);
    if (found && day < today) days.push(found);
    else if (day <= today) days.push(await countDay(db, day, day === today ? now : undefined));
    else days.push({ day, packagesCreated: 0, packagesCompleted: 0, membersJoined: 0, money: [] });
  }
  return { from: query.from, to: query.to, money: sumMoney(days), days };
}
