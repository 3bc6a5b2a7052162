import { useQuery } from '@tanstack/react-query';
import type { LedgerBalances } from '#shared/admin-money.ts';
import { formatMoney } from '#shared/money.ts';
import { adminLedgerQueries } from '#web/api/admin-ledger.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#web/components/ui/table.tsx';
import { formatCount } from '#web/lib/format.ts';

// What each account holds now (docs/product.md §8), from the running totals the ledger keeps: the
// platform's accounts one by one, members' accounts summed by kind. Into an account is positive.

const platformAccountWords: Record<string, string> = {
  escrow: 'Escrow (held for packages)',
  platform_fees: 'Platform fees',
  payouts: 'Payouts to travelers',
  refunds: 'Refunds to senders',
};
const memberKindWords: Record<string, string> = {
  traveler: 'Travelers (owed to travelers)',
  sender: 'Senders (paid in, so negative)',
};

function PlatformTable({ rows }: { rows: LedgerBalances['platform'] }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">No platform account has moved money yet.</p>;
  return (
    <Table label="Platform accounts" aria-labelledby="balances-platform">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Account</TableHead>
          <TableHead>Currency</TableHead>
          <TableHead className="text-right">Balance</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={`${row.account}:${row.currency}`}>
            <TableCell>
              <span className="flex flex-col">
                <span>{platformAccountWords[row.account] ?? row.account}</span>
                <code className="text-xs text-slate-600">{row.account}</code>
              </span>
            </TableCell>
            <TableCell>{row.currency}</TableCell>
            <TableCell className="text-right tabular-nums">{formatMoney(row.balance, row.currency)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function MembersTable({ rows }: { rows: LedgerBalances['members'] }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">No member's account has moved money yet.</p>;
  return (
    <Table label="Members' accounts" aria-labelledby="balances-members">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Accounts of</TableHead>
          <TableHead>Currency</TableHead>
          <TableHead className="text-right">Balance</TableHead>
          <TableHead className="text-right">Accounts</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={`${row.kind}:${row.currency}`}>
            <TableCell>{memberKindWords[row.kind] ?? row.kind}</TableCell>
            <TableCell>{row.currency}</TableCell>
            <TableCell className="text-right tabular-nums">{formatMoney(row.balance, row.currency)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCount(row.accounts)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function BalancesView() {
  const balances = useQuery(adminLedgerQueries.balances());

  if (balances.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <p role="status" className="text-sm text-slate-600">
          Loading balances…
        </p>
        <Skeleton className="h-32" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (balances.isError) {
    return (
      <ErrorState title="We couldn't load the balances." onRetry={() => void balances.refetch()}>
        Check your connection and try again.
      </ErrorState>
    );
  }
  const { platform, members } = balances.data;
  if (platform.length === 0 && members.length === 0) {
    return (
      <EmptyState title="No money has moved yet">Balances appear here once a sender pays for a package.</EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <p className="max-w-prose text-sm text-slate-600">
        What each account holds now, per currency. Money into an account counts as positive, so what senders paid in
        shows as negative.
      </p>
      <section aria-labelledby="balances-platform" className="flex flex-col gap-3">
        <h2 id="balances-platform" className="text-lg font-semibold text-slate-900">
          Platform accounts
        </h2>
        <PlatformTable rows={platform} />
      </section>
      <section aria-labelledby="balances-members" className="flex flex-col gap-3">
        <h2 id="balances-members" className="text-lg font-semibold text-slate-900">
          Members' accounts
        </h2>
        <MembersTable rows={members} />
      </section>
    </div>
  );
}
