import { useQuery } from '@tanstack/react-query';
import type { ListTotal } from '#shared/lists.ts';
import { adminDashboardQueries } from '#web/api/admin-dashboard.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';
import { ageOf } from '../../lib/age.ts';

// What waits for an administrator (docs/product.md §8): each count with the list that holds it.

const countOf = (total: ListTotal) => `${total.estimated ? 'About ' : ''}${total.count.toLocaleString()}`;

export function AttentionCard() {
  const query = useQuery(adminDashboardQueries.attention());
  return (
    <section aria-labelledby="attention">
      <Card>
        <CardHeader>
          <CardTitle id="attention">Needs you now</CardTitle>
          <CardDescription>What members are waiting on an administrator for.</CardDescription>
        </CardHeader>
        <CardContent>
          {query.isPending ? (
            <div className="grid gap-3 sm:grid-cols-2" aria-busy="true">
              <span className="sr-only">Loading what needs you…</span>
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
            </div>
          ) : query.isError ? (
            <ErrorState title="What needs you could not be loaded" headingLevel={3} onRetry={() => query.refetch()} />
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {[
                {
                  label: 'Open disputes',
                  total: query.data.disputes.total,
                  detail: query.data.disputes.oldestAt ? `oldest waiting ${ageOf(query.data.disputes.oldestAt)}` : null,
                  to: '/admin/packages?status=disputed',
                },
                {
                  label: 'Support tickets waiting',
                  total: query.data.supportOpen.total,
                  detail: query.data.supportOpen.oldestAt
                    ? `oldest waiting ${ageOf(query.data.supportOpen.oldestAt)}`
                    : null,
                  to: '/admin/support?status=open',
                },
                {
                  label: 'Identity checks under way',
                  total: query.data.kycPending,
                  detail: null,
                  to: '/admin/users?kycStatus=pending',
                },
                {
                  label: 'Payments with the wrong amount',
                  total: query.data.paymentMismatches,
                  detail: 'to send back',
                  to: '/admin/payments?status=amount_mismatch',
                },
                {
                  label: 'Failed automatic refunds',
                  total: query.data.refundsFailed,
                  detail: 'to refund by hand',
                  to: '/admin/payments?refundFailed=true',
                },
                {
                  label: 'Payout requests',
                  total: query.data.payoutsRequested,
                  detail: 'to send',
                  to: '/admin/transactions?view=payouts',
                },
              ].map((item) => (
                <li key={item.label} className="rounded-md border border-slate-200 p-3">
                  <p className="text-2xl font-semibold text-slate-900">{countOf(item.total)}</p>
                  <p className="text-sm text-slate-700">
                    <TextLink to={item.to}>{item.label}</TextLink>
                    {item.detail ? `, ${item.detail}` : ''}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
