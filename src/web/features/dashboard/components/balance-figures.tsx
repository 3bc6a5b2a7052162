import type { CurrencyBalance } from '#shared/balances.ts';
import { formatMoney } from '#shared/money.ts';

const figures: { key: keyof Omit<CurrencyBalance, 'currency'>; label: string; hint: string }[] = [
  { key: 'available', label: 'Available', hint: 'Yours to pay out now.' },
  { key: 'pending', label: 'Pending in escrow', hint: 'Rewards of packages you carry, yours once delivered.' },
  { key: 'requested', label: 'Requested', hint: 'Payouts asked for, not sent yet.' },
  { key: 'paidOut', label: 'Paid out', hint: 'Sent to your bank.' },
];

const currencyNames = new Intl.DisplayNames(undefined, { type: 'currency' });

/** One currency's four figures; with several currencies each gets its own heading. */
export function BalanceFigures({ balance, withHeading }: { balance: CurrencyBalance; withHeading: boolean }) {
  const headingId = `balance-${balance.currency}`;
  return (
    <section
      aria-labelledby={withHeading ? headingId : undefined}
      aria-label={withHeading ? undefined : balance.currency}
    >
      {withHeading ? (
        <h3 id={headingId} className="mb-2 text-base font-semibold text-slate-900">
          {currencyNames.of(balance.currency) ?? balance.currency} ({balance.currency})
        </h3>
      ) : null}
      <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
        {figures.map((figure) => (
          <div
            key={figure.key}
            className={
              figure.key === 'available'
                ? 'rounded-md border border-brand-100 bg-brand-50 p-3'
                : 'rounded-md border border-slate-200 bg-slate-50 p-3'
            }
          >
            <dt className="text-sm font-medium text-slate-700">{figure.label}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900" data-figure={figure.key}>
              {formatMoney(balance[figure.key], balance.currency)}
            </dd>
            <dd className="mt-1 text-xs text-slate-600">{figure.hint}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
