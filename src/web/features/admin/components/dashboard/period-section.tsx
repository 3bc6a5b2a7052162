import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useId, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type DashboardDay,
  type DashboardPeriod,
  dashboardPeriodQuerySchema,
  type PeriodMoney,
} from '#shared/admin-dashboard.ts';
import { type Currency, currencies, DEFAULT_CURRENCY, formatMoney } from '#shared/money.ts';
import { adminDashboardQueries } from '#web/api/admin-dashboard.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { NativeSelect } from '#web/components/ui/select.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#web/components/ui/table.tsx';
import { describeError, errorStatus, fieldErrors } from '#web/lib/errors/describe-error.ts';
import { formatCount, formatDay } from '#web/lib/format.ts';
import { type PeriodChoice, periodRange, readPeriod, utcToday, writePeriod } from '../../lib/dashboard-period.ts';
import { type ChartSeries, DailyChart } from './daily-chart.tsx';
import { PeriodPicker } from './period-picker.tsx';

// A period's money and daily activity (docs/product.md §8), in UTC days as the server counts them
// (ADR 0049). The period and the currency live in the URL, so a view is a link to send.

const CURRENCY_PARAM = 'currency';

const moneyFigures = [
  { key: 'paidIn', label: 'Paid in' },
  { key: 'released', label: 'Released to travelers' },
  { key: 'fees', label: 'Fees earned' },
  { key: 'refunded', label: 'Refunded' },
  { key: 'paidOut', label: 'Paid out' },
] as const satisfies readonly { key: keyof Omit<PeriodMoney, 'currency'>; label: string }[];

const BRAND = '#0f766e';
const SECOND = '#b45309';

const packageSeries: ChartSeries[] = [
  { key: 'packagesCreated', name: 'New packages', color: BRAND },
  { key: 'packagesCompleted', name: 'Completions', color: SECOND, dashed: true },
];
const memberSeries: ChartSeries[] = [{ key: 'membersJoined', name: 'New members', color: BRAND }];
const moneySeries: ChartSeries[] = [
  { key: 'paidIn', name: 'GMV (paid in)', color: BRAND },
  { key: 'fees', name: 'Fee revenue', color: SECOND, dashed: true },
];

const isEmpty = (period: DashboardPeriod) =>
  period.days.every((d) => d.packagesCreated === 0 && d.packagesCompleted === 0 && d.membersJoined === 0) &&
  period.money.every((m) => moneyFigures.every((f) => m[f.key] === 0));

/** The currencies that moved in the period, in the contract's order. */
const currenciesOf = (period: DashboardPeriod) =>
  currencies.filter((c) => period.money.some((m) => m.currency === c && moneyFigures.some((f) => m[f.key] !== 0)));

const dayMoney = (day: DashboardDay, currency: Currency) => day.money.find((m) => m.currency === currency);

const dayCount = (days: number) => (days === 1 ? '1 day' : `${formatCount(days)} days`);
const daysIn = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

export function PeriodSection() {
  const [params, setParams] = useSearchParams();
  const choice = useMemo(() => readPeriod(params), [params]);
  const range = periodRange(choice, utcToday());
  const query = useQuery({ ...adminDashboardQueries.period(range), placeholderData: keepPreviousData });
  const invalid = query.isError && errorStatus(query.error) === 400;
  const errors = invalid ? fieldErrors(query.error) : {};

  const choose = useCallback((next: PeriodChoice) => setParams((prev) => writePeriod(prev, next)), [setParams]);
  const chooseCurrency = (currency: Currency) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set(CURRENCY_PARAM, currency);
      return next;
    });

  const validRange = !invalid && dashboardPeriodQuerySchema.safeParse(range).success;

  return (
    <section aria-labelledby="period">
      <Card>
        <CardHeader>
          <CardTitle id="period">Money and activity by day</CardTitle>
          <CardDescription>
            Counted in UTC days, for every administrator alike; today is counted so far.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <div className="flex flex-col gap-2">
            <PeriodPicker
              choice={choice}
              range={range}
              errors={{ from: errors.from, to: errors.to }}
              onChange={choose}
            />
            <p role="status" className="text-sm text-slate-700">
              {validRange
                ? `${formatDay(range.from)} to ${formatDay(range.to)}, ${dayCount(daysIn(range.from, range.to))}.`
                : ''}
            </p>
          </div>
          {query.isPending ? (
            <div className="flex flex-col gap-3" aria-busy="true">
              <span className="sr-only">Loading the period’s figures…</span>
              <Skeleton className="h-20" />
              <Skeleton className="h-64" />
            </div>
          ) : query.isError ? (
            invalid ? (
              <p className="text-slate-700">
                {errors.from || errors.to
                  ? 'These days cannot be shown: change them as the message beside them says.'
                  : describeError(query.error).message}
              </p>
            ) : (
              <ErrorState
                title="The period’s figures could not be loaded"
                headingLevel={3}
                onRetry={() => query.refetch()}
              />
            )
          ) : isEmpty(query.data) ? (
            <EmptyState title="Nothing happened in these days" headingLevel={3}>
              No package was posted or completed, no member joined and no money moved. Choose a longer period to see the
              trend.
            </EmptyState>
          ) : (
            <PeriodFigures
              period={query.data}
              requested={params.get(CURRENCY_PARAM)}
              onCurrency={chooseCurrency}
              busy={query.isPlaceholderData}
            />
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function PeriodFigures({
  period,
  requested,
  onCurrency,
  busy,
}: {
  period: DashboardPeriod;
  requested: string | null;
  onCurrency: (currency: Currency) => void;
  /** The last period's figures, shown while the chosen one loads. */
  busy: boolean;
}) {
  const moved = currenciesOf(period);
  const currency: Currency | null =
    moved.find((c) => c === requested) ?? (moved.includes(DEFAULT_CURRENCY) ? DEFAULT_CURRENCY : (moved[0] ?? null));
  const totals = currency ? period.money.find((m) => m.currency === currency) : undefined;
  const money = (amount: number) => (currency ? formatMoney(amount, currency) : String(amount));
  const compact = useMemo(
    () =>
      currency
        ? new Intl.NumberFormat(undefined, { style: 'currency', currency, notation: 'compact' })
        : new Intl.NumberFormat(undefined),
    [currency],
  );

  const rows = period.days.map((d) => ({
    day: d.day,
    packagesCreated: d.packagesCreated,
    packagesCompleted: d.packagesCompleted,
    membersJoined: d.membersJoined,
    paidIn: currency ? (dayMoney(d, currency)?.paidIn ?? 0) : 0,
    fees: currency ? (dayMoney(d, currency)?.fees ?? 0) : 0,
  }));

  return (
    <div className={busy ? 'flex flex-col gap-6 opacity-60' : 'flex flex-col gap-6'} aria-busy={busy || undefined}>
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h3 className="font-semibold text-slate-900">Money{currency ? ` in ${currency}` : ''}</h3>
          {moved.length > 1 && currency ? (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="dashboard-currency">Currency</Label>
              <NativeSelect
                id="dashboard-currency"
                wrapperClassName="w-32"
                value={currency}
                onChange={(event) => onCurrency(event.target.value as Currency)}
              >
                {moved.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : null}
        </div>
        {totals ? (
          <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-5">
            {moneyFigures.map((figure) => (
              <div key={figure.key} className="rounded-md border border-slate-200 p-3">
                <dt className="text-sm text-slate-700">{figure.label}</dt>
                <dd className="text-xl font-semibold break-words text-slate-900">{money(totals[figure.key])}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-slate-700">No money moved in these days.</p>
        )}
      </div>
      <div className="flex flex-col gap-8">
        <ChartFigure
          caption="New packages and completions per day"
          what="new packages and completions"
          rows={rows}
          series={packageSeries}
          format={formatCount}
          integers
        />
        <ChartFigure
          caption="New members per day"
          what="new members"
          rows={rows}
          series={memberSeries}
          format={formatCount}
          integers
        />
        {currency ? (
          <ChartFigure
            caption={`GMV and fee revenue per day, in ${currency}`}
            what="GMV and fee revenue"
            rows={rows}
            series={moneySeries}
            format={money}
            formatTick={(amount) => compact.format(amount / 100)}
          />
        ) : null}
      </div>
    </div>
  );
}

type Row = { day: string } & Record<string, number | string>;

function ChartFigure({
  caption,
  what,
  rows,
  series,
  format,
  formatTick,
  integers,
}: {
  caption: string;
  /** What the table holds, in "Show … as a table". */
  what: string;
  rows: Row[];
  series: ChartSeries[];
  format: (value: number) => string;
  formatTick?: (value: number) => string;
  integers?: boolean;
}) {
  const captionId = useId();
  // aria-labelledby as well as the figcaption: not every browser and screen reader names a figure
  // from its caption yet.
  return (
    <figure className="flex min-w-0 flex-col gap-2" aria-labelledby={captionId}>
      <figcaption id={captionId} className="font-semibold text-slate-900">
        {caption}
      </figcaption>
      <DailyChart rows={rows} series={series} format={format} formatTick={formatTick} integers={integers} />
      <details>
        <summary className="cursor-pointer text-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700">
          Show {what} as a table
        </summary>
        <div className="mt-2">
          <Table label={caption}>
            <TableCaption className="sr-only">{caption}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Day</TableHead>
                {series.map((s) => (
                  <TableHead key={s.key} className="text-right">
                    {s.name}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.day}>
                  <TableHead scope="row" className="font-normal">
                    <time dateTime={row.day}>{formatDay(row.day)}</time>
                  </TableHead>
                  {series.map((s) => (
                    <TableCell key={s.key} className="text-right tabular-nums">
                      {format(Number(row[s.key]))}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </details>
    </figure>
  );
}
