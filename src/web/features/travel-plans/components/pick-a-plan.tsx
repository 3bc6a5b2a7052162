import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { formatDate } from '#web/lib/format.ts';
import { useMyTravelPlans } from '../api/travel-plans.ts';
import { choosePackageHref } from './plan-card.tsx';
import { hasLeft, tripRoute } from './trip-facts.tsx';

/**
 * No trip chosen (or one that can't be matched): my active trips that have not left yet (those that
 * have can pick nothing up), each a link to its matches.
 */
export function PickAPlan({ title, children }: { title: string; children: React.ReactNode }) {
  const plans = useMyTravelPlans('active');
  if (plans.isPending) {
    return (
      <div className="flex flex-col gap-3">
        <Spinner label="Loading your trips" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (plans.isError) {
    return (
      <ErrorState title="We couldn't load your trips" onRetry={() => void plans.refetch()}>
        Check your connection and try again.
      </ErrorState>
    );
  }
  const now = new Date();
  const items = plans.data.pages.flatMap((page) => page.items).filter((plan) => !hasLeft(plan, now));
  if (items.length === 0) {
    return (
      <EmptyState
        title={title}
        action={
          <Button asChild>
            <Link to="/user/packages/carry-a-package">Add a trip</Link>
          </Button>
        }
      >
        {children} You have no upcoming trips: add the trip you are making, then find packages along it.
      </EmptyState>
    );
  }
  return (
    <section aria-labelledby="pick-a-plan-title" className="rounded-lg border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="pick-a-plan-title" className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-slate-600">{children} Choose one of your upcoming trips:</p>
      <ul className="mt-4 flex flex-col gap-2">
        {items.map((plan) => (
          <li key={plan.id}>
            <Link
              to={choosePackageHref(plan.id)}
              className="flex flex-wrap items-baseline justify-between gap-x-4 rounded-md border border-slate-200 px-4 py-3 hover:border-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              <span className="font-medium text-brand-700">{tripRoute(plan)}</span>
              <span className="text-sm text-slate-600">
                leaving <time dateTime={plan.departureAt}>{formatDate(plan.departureAt)}</time>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
