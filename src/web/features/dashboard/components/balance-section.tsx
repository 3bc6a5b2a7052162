import { Plane } from 'lucide-react';
import { Link } from 'react-router';
import type { Me } from '#shared/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { useBalance } from '../api/balances.ts';
import { BalanceFigures } from './balance-figures.tsx';
import { PayoutForm } from './payout-form.tsx';
import { TransactionList } from './transaction-list.tsx';

function BalanceBody({ me }: { me: Me }) {
  const balance = useBalance();
  if (balance.isPending) {
    return (
      <div className="flex flex-col gap-3">
        <Spinner label="Loading your balance" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (balance.isError) {
    return (
      <ErrorState title="We couldn't load your balance" headingLevel={3} onRetry={() => void balance.refetch()}>
        Check your connection and try again.
      </ErrorState>
    );
  }
  const { currencies } = balance.data;
  const nothing = currencies.every((c) => c.available + c.pending + c.requested + c.paidOut === 0);
  if (nothing) {
    return (
      <EmptyState
        title="You haven't carried a package yet"
        headingLevel={3}
        action={
          <Button asChild variant="secondary">
            <Link to="/user/packages/carry-a-package">
              <Plane aria-hidden="true" className="size-4" />
              Carry a package
            </Link>
          </Button>
        }
      >
        Add a trip and carry a package on it: its reward is held in escrow while you carry it, and lands here for you to
        pay out once it is delivered.
      </EmptyState>
    );
  }
  const payable = currencies.filter((c) => c.available > 0);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4">
        {currencies
          .filter((c, i) => i === 0 || c.available + c.pending + c.requested + c.paidOut > 0)
          .map((c, _i, shown) => (
            <BalanceFigures key={c.currency} balance={c} withHeading={shown.length > 1} />
          ))}
      </div>
      {payable.length === 0 ? (
        <p className="text-sm text-slate-600">
          Nothing to pay out right now: a reward becomes available when the package you carry is delivered.
        </p>
      ) : me.verifiedProfile ? (
        <div className="border-t border-slate-200 pt-5">
          <PayoutForm balances={payable} />
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          Finish verifying your profile (above) to ask for a payout of your available balance.
        </p>
      )}
    </div>
  );
}

/** The traveler's side of the dashboard: the balance, a payout request, and the account's history. */
export function BalanceSection({ me }: { me: Me }) {
  return (
    <>
      <Card role="region" aria-labelledby="dashboard-balance">
        <CardHeader>
          <CardTitle id="dashboard-balance">Your balance</CardTitle>
          <CardDescription>What you earn carrying packages, and what you have been paid.</CardDescription>
        </CardHeader>
        <CardContent>
          <BalanceBody me={me} />
        </CardContent>
      </Card>
      <Card role="region" aria-labelledby="dashboard-transactions">
        <CardHeader>
          <CardTitle id="dashboard-transactions">Transactions</CardTitle>
          <CardDescription>Rewards into your balance and payouts out of it, newest first.</CardDescription>
        </CardHeader>
        <CardContent>
          <TransactionList />
        </CardContent>
      </Card>
    </>
  );
}
