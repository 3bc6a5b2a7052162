import { useQuery } from '@tanstack/react-query';
import type { AdminPayment, AdminReconciliation, ReconciliationDifference } from '#shared/admin-money.ts';
import { type Currency, currencies, formatMoney } from '#shared/money.ts';
import { adminPaymentQueries } from '#web/api/admin-payments.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { describeError, errorCode } from '#web/lib/errors/describe-error.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { paymentStatusWords } from '../lib/payment-words.ts';

// Reconciling one payment with its provider (docs/product.md §8): our books beside what the provider
// holds, line by line, each line that differs said in words. It only reads; an admin settles a
// difference at the provider or with a refund.

const providerName = { stripe: 'Stripe', sandbox: 'the sandbox' } as const;

/** The provider's currency may be one we do not take: then its amount is shown in its minor units. */
function money(amount: number, currency: string): string {
  const known = currencies.find((c) => c === currency.toUpperCase());
  return known ? formatMoney(amount, known as Currency) : `${amount} (minor units of ${currency})`;
}

type Line = Exclude<ReconciliationDifference, 'missing_at_provider'>;
const lines: { line: Line; label: string }[] = [
  { line: 'amount', label: 'Amount' },
  { line: 'currency', label: 'Currency' },
  { line: 'refunded', label: 'Refunded' },
  { line: 'status', label: 'Status' },
];

function booked(r: AdminReconciliation, line: Line): string {
  const b = r.booked;
  if (line === 'amount') return money(b.amount, b.currency);
  if (line === 'refunded') return money(b.refunded, b.currency);
  if (line === 'currency') return b.currency;
  return paymentStatusWords[b.status];
}

function held(r: AdminReconciliation, line: Line): string {
  const p = r.atProvider;
  if (!p) return 'None';
  if (line === 'amount') return money(p.amount, p.currency);
  if (line === 'refunded') return money(p.refunded, p.currency);
  if (line === 'currency') return p.currency;
  // The provider's own word, as its dashboard shows it.
  return p.status.replaceAll('_', ' ');
}

function Comparison({ r }: { r: AdminReconciliation }) {
  const where = providerName[r.provider];
  const count = r.differences.length;
  const missing = r.differences.includes('missing_at_provider');
  return (
    <div className="flex flex-col gap-4">
      {count === 0 ? (
        <p className="rounded-md border border-green-200 bg-green-50 p-3 text-sm font-medium text-green-900">
          Matches the provider
        </p>
      ) : (
        <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <strong className="font-semibold">Differs from the provider.</strong>{' '}
          {missing
            ? `We booked this payment as paid, but ${where} has no payment for it.`
            : `${count} line${count === 1 ? ' differs' : 's differ'}, marked below.`}
        </p>
      )}
      {r.atProvider ? (
        <p className="text-sm">
          Provider reference: <code className="break-all text-xs text-slate-700">{r.atProvider.reference}</code>
        </p>
      ) : (
        <p className="text-sm text-slate-700">The provider has no payment for this.</p>
      )}
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Booked by Tagalong and held at {where}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-2 pr-2 font-medium">
              <span className="sr-only">Line</span>
            </th>
            <th scope="col" className="py-2 pr-2 font-medium">
              Booked
            </th>
            <th scope="col" className="py-2 font-medium">
              At {where}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map(({ line, label }) => {
            const differs = r.differences.includes(line);
            return (
              <tr key={line} className="border-b border-slate-100 align-top">
                <th scope="row" className="py-2 pr-2 font-medium">
                  <span className="flex flex-wrap items-center gap-1">
                    {label}
                    {differs ? <Badge variant="danger">Differs</Badge> : null}
                  </span>
                </th>
                <td className="break-words py-2 pr-2">{booked(r, line)}</td>
                <td className="break-words py-2">{held(r, line)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="text-sm text-slate-600">Checked {formatDateTime(r.checkedAt)}</p>
      {r.provider === 'sandbox' ? (
        <p role="note" className="text-sm text-slate-600">
          The sandbox keeps its records in the server's memory: a payment made before the server last started shows as
          missing there.
        </p>
      ) : null}
    </div>
  );
}

export function ReconciliationDialog({ payment, onClose }: { payment: AdminPayment; onClose: () => void }) {
  const query = useQuery(adminPaymentQueries.reconciliation(payment.id));
  const where = providerName[payment.provider];
  const failure = query.error
    ? errorCode(query.error) === 'PAYMENT_PROVIDER_UNAVAILABLE'
      ? // The catalog's sentence is written for a sender paying; here nothing was being paid.
        `${where === 'Stripe' ? 'Stripe is' : 'The sandbox is'} not answering. Try again in a minute.`
      : describeError(query.error).message
    : null;

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={`Check ${payment.packageTitle} at the provider`}
        description={`What we booked beside what ${where} holds for this payment.`}
      >
        {query.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner label={`Asking ${where}`} />
            <span aria-hidden="true">Asking {where}…</span>
          </p>
        ) : failure !== null ? (
          <ErrorState title="Couldn't check this payment" headingLevel={3} onRetry={() => void query.refetch()}>
            {failure}
          </ErrorState>
        ) : query.data ? (
          <Comparison r={query.data} />
        ) : null}
        <DialogFooter>
          {query.data ? (
            <Button
              variant="secondary"
              aria-disabled={query.isFetching || undefined}
              onClick={() => {
                if (!query.isFetching) void query.refetch();
              }}
            >
              {query.isFetching ? 'Checking…' : 'Check again'}
            </Button>
          ) : null}
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
