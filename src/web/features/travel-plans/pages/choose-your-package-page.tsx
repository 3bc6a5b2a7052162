import { Link, useSearchParams } from 'react-router';
import type { TravelPlan } from '#shared/travel-plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { errorMessage, errorStatus } from '#web/lib/errors/describe-error.ts';
import { useTravelPlan } from '../api/travel-plans.ts';
import { PackageMatches } from '../components/package-matches.tsx';
import { PickAPlan } from '../components/pick-a-plan.tsx';
import { PlanStatusBadge } from '../components/plan-status-badge.tsx';
import { hasLeft, TripFacts, tripRoute } from '../components/trip-facts.tsx';

const LEAD =
  'Open packages whose pickup and drop-off lie along your trip and fit its dates and free space, the best fit first.';

/** /user/packages/carry-a-package/choose-your-package?plan=<id>: the packages that fit one of my trips. */
export default function ChooseYourPackagePage() {
  const [params] = useSearchParams();
  const planId = params.get('plan');
  return (
    <>
      <PageHeader lead={LEAD} />
      {planId ? (
        <ChosenPlan planId={planId} />
      ) : (
        <PickAPlan title="Which trip?">Packages are matched to a trip: its route, dates and free capacity.</PickAPlan>
      )}
    </>
  );
}

function ChosenPlan({ planId }: { planId: string }) {
  const plan = useTravelPlan(planId);
  if (plan.isPending) return <PageSpinner label="Loading your trip" />;
  if (plan.isError) {
    const status = errorStatus(plan.error);
    // A malformed id is a 400 from the API; to the traveler it is the same missing trip.
    if (status === 404 || status === 400 || status === 403) {
      return <PickAPlan title="Trip not found">We can't find that trip among yours.</PickAPlan>;
    }
    return (
      <ErrorState title="We couldn't load your trip" onRetry={() => void plan.refetch()}>
        {errorMessage(plan.error)}
      </ErrorState>
    );
  }
  if (!plan.data.mine) {
    return <PickAPlan title="This is not your trip">Packages are matched to your own trips only.</PickAPlan>;
  }
  if (plan.data.status !== 'active') {
    return (
      <div className="flex flex-col gap-6">
        <PlanSummary plan={plan.data} />
        <PickAPlan title={`This trip is ${plan.data.status}`}>Only active trips are matched with packages.</PickAPlan>
      </div>
    );
  }
  if (hasLeft(plan.data)) {
    return (
      <div className="flex flex-col gap-6">
        <PlanSummary plan={plan.data} />
        <PickAPlan title="This trip has already left">
          A trip that has left can no longer pick up a package, so it is not matched.
        </PickAPlan>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-8">
      <PlanSummary plan={plan.data} />
      <PackageMatches plan={plan.data} />
    </div>
  );
}

function PlanSummary({ plan }: { plan: TravelPlan }) {
  return (
    <section aria-labelledby="your-trip-title">
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div>
              <p id="your-trip-title" className="text-sm font-medium text-slate-600">
                Your trip
              </p>
              <CardTitle as="p" className="mt-0.5">
                {tripRoute(plan)}
              </CardTitle>
            </div>
            <PlanStatusBadge status={plan.status} />
          </div>
          <p className="text-sm text-slate-600">
            {plan.origin.label} to {plan.destination.label}
          </p>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <TripFacts plan={plan} />
          <div>
            <Button asChild variant="secondary" size="sm">
              <Link to="/user/packages/carry-a-package">Change or choose another trip</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
