import type { AdminPayment, LedgerEntry } from '#shared/admin-money.ts';
import { type Currency, formatMoney } from '#shared/money.ts';
import { formatDateTime } from '#web/lib/format.ts';

const money = (amount: number, currency: Currency) => formatMoney(amount, currency);

const paymentStatusWords: Record<AdminPayment['status'], string> = {
  pending: 'Pending',
  succeeded: 'Paid',
  failed: 'Failed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  amount_mismatch: 'Amount mismatch',
};

/** The package's payments (paid, refunded, still held) and the journal entries they posted. */
export function PackageMoney({ payments, ledger }: { payments: AdminPayment[]; ledger: LedgerEntry[] }) {
  if (payments.length === 0) return <p className="text-sm text-slate-600">No payment has been made for it.</p>;
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-3">
        {payments.map((p) => (
          <li key={p.id} className="rounded-md border border-slate-200 p-3">
            <p className="mb-2 text-sm font-semibold text-slate-900">
              {p.kind === 'top_up' ? 'The difference of the agreed reward' : "The package's payment"}
            </p>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-slate-600">Status</dt>
                <dd className="font-medium">{paymentStatusWords[p.status]}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Paid</dt>
                <dd className="font-medium">
                  {money(p.amount, p.currency)}{' '}
                  <span className="font-normal text-slate-600">(fee {money(p.fee, p.currency)})</span>
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">Refunded</dt>
                <dd className="font-medium">{money(p.refundedAmount, p.currency)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Held in escrow</dt>
                <dd className="font-medium">{money(p.refundable, p.currency)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <div>
        <h3 className="mb-2 font-semibold text-slate-900">Ledger entries</h3>
        {ledger.length === 0 ? (
          <p className="text-sm text-slate-600">No entries yet.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {ledger.map((entry) => (
              <li key={entry.id} className="rounded-md border border-slate-200 p-3 text-sm">
                <p>
                  <span className="font-medium">{entry.memo}</span>{' '}
                  <time dateTime={entry.createdAt} className="text-slate-600">
                    {formatDateTime(entry.createdAt)}
                  </time>
                </p>
                <ul className="mt-1 flex flex-col gap-0.5">
                  {entry.lines.map((line) => (
                    <li key={`${line.account}:${line.amount}`} className="flex justify-between gap-4">
                      <span className="break-all font-mono text-xs text-slate-700">{line.account}</span>
                      <span className="tabular-nums">{money(line.amount, entry.currency)}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
