import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ListTotal } from '#shared/lists.ts';
import { formatMoney } from '#shared/money.ts';
import { packageStatusLabel } from '#shared/package-status.ts';
import { adminDashboardQueries } from '#web/api/admin-dashboard.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';

// The marketplace now (docs/product.md §8): each count is its list's own count, so a figure and the
// list it links to agree (ADR 0049), "About N" where the list would say so.

const countOf = (total: ListTotal) => `${total.estimated ? 'About ' : ''}${total.count.toLocaleString()}`;

function Figure({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <div className="rounded-md border border-slate-200 p-3">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-2xl font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

export function FiguresCard() {
  const query = useQuery(adminDashboardQueries.figures());
  return (
    <section aria-labelledby="figures">
      <Card>
        <CardHeader>
          <CardTitle id="figures">The marketplace now</CardTitle>
          <CardDescription>Members, packages, trips under way and the senders’ money held in escrow.</CardDescription>
        </CardHeader>
        <CardContent>
          {query.isPending ? (
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
              <span className="sr-only">Loading the figures…</span>
              <Skeleton className="h-20" />
              <Skeleton className="h-20" />
              <Skeleton className="h-20" />
            </div>
          ) : query.isError ? (
            <ErrorState title="The figures could not be loaded" headingLevel={3} onRetry={() => query.refetch()} />
          ) : (
            <div className="flex flex-col gap-5">
              <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                <Figure
                  label={<TextLink to="/admin/users">Members</TextLink>}
                  value={countOf(query.data.members.total)}
                />
                <Figure
                  label={<TextLink to="/admin/users?tab=verified">Verified members</TextLink>}
                  value={countOf(query.data.members.verified)}
                />
                <Figure
                  label={<TextLink to="/admin/travel-plans?status=active">Active trips</TextLink>}
                  value={countOf(query.data.activeTrips)}
                />
                <Figure
                  label="Held in escrow"
                  value={
                    query.data.escrowHeld.length === 0 ? (
                      'Nothing'
                    ) : (
                      <ul>
                        {query.data.escrowHeld.map((money) => (
                          <li key={money.currency}>{formatMoney(money.amount, money.currency)}</li>
                        ))}
                      </ul>
                    )
                  }
                />
              </dl>
              <div>
                <h3 className="mb-2 font-semibold text-slate-900">Packages by status</h3>
                <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
                  {query.data.packagesByStatus.map(({ status, total }) => (
                    <li key={status} className="rounded-md border border-slate-200 px-3 py-2">
                      <p className="text-lg font-semibold text-slate-900">{countOf(total)}</p>
                      <p className="text-sm">
                        <TextLink to={`/admin/packages?status=${status}`}>{packageStatusLabel[status]}</TextLink>
                      </p>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
