import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney } from '#shared/money.ts';
import type { Package } from '#shared/packages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { PayButton } from './pay-button.tsx';

const textLink = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/** What a finished draft costs (reward, fee, total, currency), the terms, and "Pay". */
export function AmountDue({ pkg, total, reward, fee }: { pkg: Package; total: number; reward: number; fee: number }) {
  const { currency } = pkg;
  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle>Amount due</CardTitle>
        <p className="text-sm text-slate-600">
          For “{pkg.title}”
          {pkg.pickup && pkg.dropoff ? (
            <>
              , {pkg.pickup.city}
              <span aria-hidden="true"> → </span>
              <span className="sr-only"> to </span>
              {pkg.dropoff.city}
            </>
          ) : null}
          .
        </p>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5">
          <dt className="text-slate-700">Reward for the traveler</dt>
          <dd className="text-right tabular-nums">{formatMoney(reward, currency)}</dd>
          <dt className="text-slate-700">Platform fee</dt>
          <dd className="text-right tabular-nums">{formatMoney(fee, currency)}</dd>
          <dt className="border-t border-slate-200 pt-1.5 font-semibold">Total to pay</dt>
          <dd className="border-t border-slate-200 pt-1.5 text-right font-semibold tabular-nums">
            {formatMoney(total, currency)}
          </dd>
          <dt className="text-slate-700">Currency</dt>
          <dd className="text-right">{currency}</dd>
        </dl>
        <div className="mt-5 flex items-start gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <p>
            Paying publishes your package. We hold the money until the package is delivered. Cancel before a traveler is
            matched and you get all of it back; after a match and before pickup, all but the platform fee. See the{' '}
            <Link to="/refund-policy" className={textLink}>
              refund policy
            </Link>
            .
          </p>
        </div>
        <div className="mt-5">
          <PayButton packageId={pkg.id}>Pay {formatMoney(total, currency)}</PayButton>
          <p className="mt-2 text-sm text-slate-600">
            By paying you accept the{' '}
            <Link to="/terms-and-conditions" className={textLink}>
              terms and conditions
            </Link>
            . You finish paying on our payment provider's page.
          </p>
        </div>
        <div className="mt-5 flex flex-wrap gap-2 border-t border-slate-200 pt-4">
          <Button asChild variant="secondary">
            <Link to={`/user/packages/send-a-package?draft=${pkg.id}`}>Back to the form</Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={`/user/packages/${pkg.id}`}>See the package</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
