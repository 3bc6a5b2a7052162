import type { ReactNode } from 'react';
import type { TravelPlanStatus } from '#shared/travel-plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ShowMore } from '#web/components/ui/show-more.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { useMyTravelPlans } from '../api/travel-plans.ts';
import { PlanCard } from './plan-card.tsx';

const listLabel: Record<TravelPlanStatus, string> = {
  active: 'Active trips',
  completed: 'Completed trips',
  cancelled: 'Cancelled trips',
};

/** My trips with one status, newest pages on "Show more"; `empty` says what to do when there are none. */
export function PlanList({
  status,
  empty,
  focusPlanId,
}: {
  status: TravelPlanStatus;
  empty: ReactNode;
  focusPlanId?: string | null;
}) {
  const plans = useMyTravelPlans(status);

  if (plans.isPending) {
    return (
      <div className="flex flex-col gap-4">
        <Spinner label="Loading your trips" />
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
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
  const items = plans.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <>{empty}</>;
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label={listLabel[status]} className="flex flex-col gap-4">
        {items.map((plan) => (
          <li key={plan.id}>
            <PlanCard plan={plan} focusOnMount={plan.id === focusPlanId} />
          </li>
        ))}
      </ul>
      <ShowMore list={plans} noun="trips" />
      <p role="status" className="sr-only">
        {`${items.length} ${items.length === 1 ? 'trip' : 'trips'} shown`}
      </p>
    </div>
  );
}

export function NoTravelPlans({ onAdd }: { onAdd: () => void }) {
  return (
    <EmptyState title="You have no trips yet" action={<Button onClick={onAdd}>Add a trip</Button>}>
      A trip (a travel plan) says where you are going, when, and how many kilograms you can take along. Add one, and we
      show you the open packages whose pickup and drop-off lie near your route and fit your dates, so you can earn a
      reward for carrying one.
    </EmptyState>
  );
}
