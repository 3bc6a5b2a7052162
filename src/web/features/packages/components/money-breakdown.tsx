import { type Currency, formatMoney } from '#shared/money.ts';
import { cn } from '#web/lib/cn.ts';

/** Reward, platform fee and what the sender pays, as a short list of terms and amounts. */
export function MoneyBreakdown({
  reward,
  fee,
  total,
  currency,
  feeNote,
  totalLabel = 'You pay',
  className,
}: {
  reward: number | null;
  fee: number | null;
  total: number | null;
  currency: Currency;
  /** How the fee is worked out ("10%, at least €1.00"). */
  feeNote?: string;
  /** The total's name for its reader and the moment (#web/lib/money-words.ts). */
  totalLabel?: string;
  className?: string;
}) {
  const amount = (value: number | null) => (value === null ? '—' : formatMoney(value, currency));
  return (
    <dl className={cn('grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm', className)}>
      <dt className="text-slate-700">Reward for the traveler</dt>
      <dd className="text-right tabular-nums text-slate-900">{amount(reward)}</dd>
      <dt className="text-slate-700">
        Platform fee{feeNote ? <span className="text-slate-600"> ({feeNote})</span> : null}
      </dt>
      <dd className="text-right tabular-nums text-slate-900">{amount(fee)}</dd>
      <dt className="border-t border-slate-200 pt-1.5 font-semibold text-slate-900">{totalLabel}</dt>
      <dd className="border-t border-slate-200 pt-1.5 text-right font-semibold tabular-nums text-slate-900">
        {amount(total)}
      </dd>
    </dl>
  );
}

/** "10%, at least €1.00" from the public settings. */
export function feeNoteOf(settings: { feePercent: number; feeMinimum: number }, currency: Currency): string {
  const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 2 }).format(
    settings.feePercent / 100,
  );
  return settings.feeMinimum > 0 ? `${percent}, at least ${formatMoney(settings.feeMinimum, currency)}` : percent;
}
