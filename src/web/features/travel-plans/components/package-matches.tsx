import { Link } from 'react-router';
import type { TravelPlan } from '#shared/travel-plans.ts';
import { MatchList } from '#web/components/match-list/match-list.tsx';
import { useMatchRadius } from '#web/components/match-radius/use-match-radius.ts';
import { Button } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';
import { errorMessage } from '#web/lib/errors/describe-error.ts';
import { formatKm } from '#web/lib/format.ts';
import { usePlanMatches } from '../api/plan-matches.ts';
import { ChoosePackageCard } from './choose-package-card.tsx';

/** The open packages that fit an active trip, best first, within a radius the traveler can widen. */
export function PackageMatches({ plan }: { plan: TravelPlan }) {
  const radius = useMatchRadius();
  const matches = usePlanMatches(plan.id, radius.radiusKm, { enabled: radius.ready });
  const ends = `${plan.origin.city} and ${plan.destination.city}`;

  return (
    <MatchList
      titleId="matches-title"
      title="Packages that fit your trip"
      radius={radius}
      radiusHint={`Around ${ends}.`}
      matches={matches}
      searchingLabel="Finding packages along your trip"
      errorTitle="We couldn't search for packages"
      describeError={errorMessage}
      empty={(searchedKm) => (
        <EmptyState
          title="No packages fit this trip yet"
          headingLevel={3}
          action={
            <div className="flex flex-wrap justify-center gap-2">
              {radius.wider ? (
                <Button onClick={() => radius.wider && radius.setRadiusKm(radius.wider)}>
                  Search within {formatKm(radius.wider)}
                </Button>
              ) : null}
              <Button asChild variant="secondary">
                <Link to="/user/packages/carry-a-package">Choose another trip</Link>
              </Button>
            </div>
          }
        >
          No open package has its pickup within {formatKm(searchedKm)} of {plan.origin.city} and its drop-off within{' '}
          {formatKm(searchedKm)} of {plan.destination.city}, in your dates and your free capacity.{' '}
          {radius.wider ? 'Try a bigger radius, or another of your trips.' : 'Try another of your trips.'} Senders
          publish new packages every day, so look again later.
        </EmptyState>
      )}
      listLabel="Packages that fit your trip"
      noun={['package', 'packages']}
      itemKey={(match) => match.package.id}
      renderItem={(match) => <ChoosePackageCard match={match} planId={plan.id} />}
    />
  );
}
