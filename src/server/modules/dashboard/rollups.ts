import { and, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { dailyRollup } from '#server/db/schema/rollups.ts';
import type { DashboardDay, PeriodMoney } from '#shared/admin-dashboard.ts';
import { type Currency, currencies } from '#shared/money.ts';

// The dashboard's figures per UTC day (docs/product.md §8, ADR 0049). A day's figures are counted by
// range scans on the tables' time indexes; a finished day's are kept in daily_rollup by a job, so a
// period adds up stored rows and counts only today live.

const DAY_MS = 86_400_000;
const counts = ['packagesCreated', 'packagesCompleted', 'membersJoined'] as const;
const moneyMetrics = ['paidIn', 'released', 'fees', 'refunded', 'paidOut'] as const;
type CountMetric = (typeof counts)[number];
type MoneyMetric = (typeof moneyMetrics)[number];

/** Days are UTC: `2026-11-26` is [2026-11-26T00:00Z, 2026-11-27T00:00Z). */
export const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);
export const nextDay = (day: string) => dayOf(new Date(dayStart(day).getTime() + DAY_MS));

export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = nextDay(d)) days.push(d);
  return days;
}

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** One day's figures, counted from the tables (each a range scan on a time index). */
export async function countDay(db: Database, day: string, until?: Date): Promise<DashboardDay> {
  const start = dayStart(day).toISOString();
  const end = (until ?? dayStart(nextDay(day))).toISOString();
  const [countRow] = rows<Record<CountMetric, string>>(
    await db.execute(sql`
      select
        (select count(*) from package where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz) as "packagesCreated",
        (select count(*) from package where completed_at >= ${start}::timestamptz and completed_at < ${end}::timestamptz) as "packagesCompleted",
        (select count(*) from "user" where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz) as "membersJoined"`),
  );
  // Which lines mean what (ledger/movements.ts): money into escrow from a payment, rewards onto
  // travelers' accounts, the platform's fee account, the refunds and payouts accounts.
  const money = rows<Record<MoneyMetric, string | null> & { currency: string }>(
    await db.execute(sql`
      select l.currency,
        sum(l.amount) filter (where l.account = 'escrow' and l.amount > 0 and e.kind = 'payment_received') as "paidIn",
        sum(l.amount) filter (where l.account like 'traveler:%' and l.amount > 0) as "released",
        sum(l.amount) filter (where l.account = 'platform_fees') as "fees",
        sum(l.amount) filter (where l.account = 'refunds' and l.amount > 0) as "refunded",
        sum(l.amount) filter (where l.account = 'payouts' and l.amount > 0) as "paidOut"
      from ledger_entry e join ledger_line l on l.entry_id = e.id
      where e.created_at >= ${start}::timestamptz and e.created_at < ${end}::timestamptz
      group by l.currency order by l.currency`),
  );
  return {
    day,
    packagesCreated: Number(countRow?.packagesCreated ?? 0),
    packagesCompleted: Number(countRow?.packagesCompleted ?? 0),
    membersJoined: Number(countRow?.membersJoined ?? 0),
    money: money.map((m) => ({
      currency: m.currency as Currency,
      paidIn: Number(m.paidIn ?? 0),
      released: Number(m.released ?? 0),
      fees: Number(m.fees ?? 0),
      refunded: Number(m.refunded ?? 0),
      paidOut: Number(m.paidOut ?? 0),
    })),
  };
}

/** Stores a finished day's figures, replacing what was stored for it. */
async function storeDay(db: Database, figures: DashboardDay): Promise<void> {
  const values = [
    ...counts.map((metric) => ({ day: figures.day, metric, currency: '', value: figures[metric] })),
    ...figures.money.flatMap((m) =>
      moneyMetrics.map((metric) => ({ day: figures.day, metric, currency: m.currency, value: m[metric] })),
    ),
  ];
  await db.transaction(async (tx) => {
    // Two nodes' jobs storing the same day one after the other: both write the same figures, and
    // neither trips over the other's rows.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`daily_rollup:${figures.day}`}))`);
    await tx.delete(dailyRollup).where(sql`${dailyRollup.day} = ${figures.day}`);
    await tx.insert(dailyRollup).values(values);
  });
}

/** The stored days of a period, as figures; a day not rolled up yet is absent. */
export async function storedDays(db: Database, from: string, to: string): Promise<Map<string, DashboardDay>> {
  const stored = await db
    .select({
      day: dailyRollup.day,
      metric: dailyRollup.metric,
      currency: dailyRollup.currency,
      value: dailyRollup.value,
    })
    .from(dailyRollup)
    .where(and(gte(dailyRollup.day, from), lte(dailyRollup.day, to)));
  const days = new Map<string, DashboardDay>();
  const dayFor = (day: string) => {
    let found = days.get(day);
    if (!found) {
      found = { day, packagesCreated: 0, packagesCompleted: 0, membersJoined: 0, money: [] };
      days.set(day, found);
    }
    return found;
  };
  const rolled = new Set<string>();
  for (const row of stored) {
    const figures = dayFor(row.day);
    if (row.currency === '') {
      if ((counts as readonly string[]).includes(row.metric)) figures[row.metric as CountMetric] = Number(row.value);
      if (row.metric === 'packagesCreated') rolled.add(row.day);
      continue;
    }
    let money = figures.money.find((m) => m.currency === row.currency);
    if (!money) {
      money = { currency: row.currency as Currency, paidIn: 0, released: 0, fees: 0, refunded: 0, paidOut: 0 };
      figures.money.push(money);
    }
    if ((moneyMetrics as readonly string[]).includes(row.metric)) money[row.metric as MoneyMetric] = Number(row.value);
  }
  for (const day of days.keys()) if (!rolled.has(day)) days.delete(day);
  for (const figures of days.values()) figures.money.sort((a, b) => a.currency.localeCompare(b.currency));
  return days;
}

/** Totals of several days' money by currency, currencies that never moved left out. */
export function sumMoney(days: readonly DashboardDay[]): PeriodMoney[] {
  const totals = new Map<string, PeriodMoney>();
  for (const figures of days) {
    for (const m of figures.money) {
      const total = totals.get(m.currency) ?? { ...m, paidIn: 0, released: 0, fees: 0, refunded: 0, paidOut: 0 };
      for (const metric of moneyMetrics) total[metric] += m[metric];
      totals.set(m.currency, total);
    }
  }
  return currencies.flatMap((c) => {
    const total = totals.get(c);
    return total && moneyMetrics.some((metric) => total[metric] !== 0) ? [total] : [];
  });
}

/** The last finished days are counted again at every run, for writes committed just after midnight. */
const SETTLE_DAYS = 2;

/**
 * Rolls up finished days that are not stored yet, oldest first, at most `max` per run, from the first
 * member's day to yesterday; the last two finished days are counted again. Two nodes running it at
 * once each write the same figures.
 */
export async function rollUpDays(db: Database, now: Date, max: number): Promise<number> {
  const yesterday = dayOf(new Date(now.getTime() - DAY_MS));
  const [first] = rows<{ day: string | null }>(
    await db.execute(sql`select to_char(min(created_at) at time zone 'UTC', 'YYYY-MM-DD') as day from "user"`),
  );
  if (!first?.day || first.day > yesterday) return 0;
  const settled = dayOf(new Date(now.getTime() - (SETTLE_DAYS + 1) * DAY_MS));
  const candidates = daysFrom(first.day, yesterday);
  const done = new Set(
    (
      await db
        .selectDistinct({ day: dailyRollup.day })
        .from(dailyRollup)
        .where(
          and(
            inArray(dailyRollup.metric, ['packagesCreated']),
            gte(dailyRollup.day, first.day),
            lte(dailyRollup.day, settled),
          ),
        )
    ).map((r) => r.day),
  );
  const due = candidates.filter((day) => !done.has(day) || day > settled).slice(0, max);
  for (const day of due) await storeDay(db, await countDay(db, day));
  return due.length;
}
