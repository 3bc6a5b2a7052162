import { Link } from 'react-router';
import { type BalanceTransaction, ledgerEntryKindLabel, payoutLineLabel } from '#shared/balances.ts';
import { formatMoney } from '#shared/money.ts';
import { payoutStatusLabel } from '#shared/payouts.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { LoadMore } from '#web/components/ui/load-more.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useBalanceTransactions } from '../api/balances.ts';

/** "+€25.00" for money in, "−€6.00" for money out: the sign is read, not only the colour seen. */
function signed(t: BalanceTransaction) {
  const money = formatMoney(Math.abs(t.amount), t.currency);
  return t.amount >= 0 ? `+${money}` : `−${money}`;
}

/** Where a payout went: the bank account by its last 4 characters, a Stripe account by its id. */
function payoutDestination(payout: NonNullable<BalanceTransaction['payout']>) {
  return payout.method === 'stripe_connect'
    ? `To the Stripe account ${payout.stripeAccountId ?? ''}`
    : `To the account ending ${payout.bankLast4 ?? '····'}`;
}

function TransactionRow({ t }: { t: BalanceTransaction }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">
          {t.payout ? payoutLineLabel[t.payout.method] : ledgerEntryKindLabel[t.kind]}
        </p>
        <p className="text-sm break-words text-slate-600">
          {t.packageId && t.packageTitle ? (
            <Link to={`/user/packages/${t.packageId}`} className="text-brand-700 underline underline-offset-2">
              {t.packageTitle}
            </Link>
          ) : t.payout ? (
            payoutDestination(t.payout)
          ) : (
            t.memo
          )}
          {' · '}
          <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>
        </p>
      </div>
      <div className="flex flex-col items-end gap-1">
        <p className={`font-semibold tabular-nums ${t.amount >= 0 ? 'text-green-800' : 'text-slate-900'}`}>
          {signed(t)}
        </p>
        {t.payout ? (
          <Badge variant={t.payout.status === 'sent' ? 'success' : 'info'}>{payoutStatusLabel[t.payout.status]}</Badge>
        ) : null}
      </div>
    </li>
  );
}

/** The traveler's account, newest first: rewards in, payouts out, a page at a time. */
export function TransactionList() {
  const list = useBalanceTransactions();

  if (list.isPending) {
    return (
      <div className="flex flex-col gap-3">
        <Spinner label="Loading your transactions" />
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (list.isError) {
    return (
      <ErrorState title="We couldn't load your transactions" headingLevel={3} onRetry={() => void list.refetch()}>
        Check your connection and try again.
      </ErrorState>
    );
  }
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState title="No transactions yet" headingLevel={3}>
        The reward of each package you deliver, and each payout you ask for, will be listed here.
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Transactions" className="divide-y divide-slate-200">
        {items.map((t) => (
          <TransactionRow key={t.id} t={t} />
        ))}
      </ul>
      <LoadMore list={list} count={items.length} noun={['transaction', 'transactions']} />
    </div>
  );
}
