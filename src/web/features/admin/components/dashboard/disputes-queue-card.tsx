import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { adminPackageQueries } from '#web/api/admin-packages.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';
import { ageOf } from '../../lib/age.ts';

// The disputes waiting for a decision, oldest first with their age (docs/product.md §8): the first
// thing an administrator owes members. The whole queue is the Disputed tab of /admin/packages.

const SHOWN = 5;
const QUEUE = '/admin/packages?status=disputed';

export function DisputesQueueCard() {
  const query = useQuery(adminPackageQueries.list({ status: 'disputed', limit: SHOWN }));
  const total = query.data?.total;
  return (
    <section aria-labelledby="disputes-queue">
      <Card>
        <CardHeader>
          <CardTitle id="disputes-queue">Disputes waiting</CardTitle>
          <CardDescription>
            {total
              ? `${total.estimated ? 'About ' : ''}${total.count.toLocaleString()} open, the oldest first.`
              : 'Open disputes, the oldest first.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {query.isPending ? (
            <div className="flex flex-col gap-2" aria-busy="true">
              <span className="sr-only">Loading the disputes…</span>
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
          ) : query.isError ? (
            <ErrorState title="The disputes could not be loaded" headingLevel={3} onRetry={() => query.refetch()} />
          ) : query.data.items.length === 0 ? (
            <p className="text-slate-600">No dispute is waiting. New ones appear here and in your notifications.</p>
          ) : (
            <>
              <ul className="divide-y divide-slate-100">
                {query.data.items.map((row) => (
                  <li key={row.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                    <Link
                      to={`/admin/packages/${row.id}`}
                      className="min-w-0 font-medium text-brand-700 underline-offset-2 hover:underline"
                    >
                      {row.title}
                    </Link>
                    <span className="text-sm text-slate-600">
                      {row.disputeOpenedAt ? (
                        <>
                          waiting <time dateTime={row.disputeOpenedAt}>{ageOf(row.disputeOpenedAt)}</time>
                        </>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ul>
              <p className="mt-3">
                <TextLink to={QUEUE}>All open disputes</TextLink>
              </p>
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
