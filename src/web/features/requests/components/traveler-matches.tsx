import type { Package } from '#shared/packages.ts';
import { MatchList } from '#web/components/match-list/match-list.tsx';
import { useMatchRadius } from '#web/components/match-radius/use-match-radius.ts';
import { Button } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';
import { errorMessage } from '#web/lib/errors/describe-error.ts';
import { formatKm } from '#web/lib/format.ts';
import { useTravelerMatches } from '../api/traveler-search.ts';
import { SearchTravelerCard } from './search-traveler-card.tsx';

/** The active trips that fit my open package, best first, within a radius the sender can widen. */
export function TravelerMatches({ pkg }: { pkg: Package }) {
  const radius = useMatchRadius();
  const matches = useTravelerMatches(pkg.id, radius.radiusKm, { enabled: radius.ready });
  const pickupCity = pkg.pickup?.city ?? 'the pickup';
  const dropoffCity = pkg.dropoff?.city ?? 'the drop-off';

  return (
    <MatchList
      titleId="travelers-title"
      title="Travelers for your package"
      radius={radius}
      radiusHint={`Around ${pickupCity} and around ${dropoffCity}.`}
      matches={matches}
      searchingLabel="Looking for travelers"
      errorTitle="We couldn't search for travelers"
      describeError={errorMessage}
      empty={(searchedKm) => (
        <EmptyState
          title="No traveler yet"
          headingLevel={3}
          action={
            radius.wider ? (
              <Button variant="secondary" onClick={() => radius.wider && radius.setRadiusKm(radius.wider)}>
                Search within {formatKm(radius.wider)}
              </Button>
            ) : undefined
          }
        >
          No active trip leaves within {formatKm(searchedKm)} of {pickupCity} and arrives within {formatKm(searchedKm)}{' '}
          of {dropoffCity} in your package's dates with room for it yet. Your package stays published and we keep
          looking: travelers add trips every day, so come back later
          {radius.wider ? ', or search a bigger radius now.' : '.'}
        </EmptyState>
      )}
      listLabel="Travelers whose trips fit your package"
      noun={['traveler', 'travelers']}
      itemKey={(match) => match.travelPlan.id}
      renderItem={(match) => (
        <SearchTravelerCard
          match={match}
          packageId={pkg.id}
          {...(typeof pkg.reward === 'number' ? { reward: { posted: pkg.reward, currency: pkg.currency } } : {})}
        />
      )}
    />
  );
}
