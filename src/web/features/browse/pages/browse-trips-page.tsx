import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { placeSlug } from '#shared/browse.ts';
import { browseQueries } from '#web/api/browse.ts';
import type { RouteSearch } from '#web/components/route-search/route-search-form.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';
import { useSession } from '#web/lib/session.ts';
import { DateFilter, NumberFilter, SelectFilter } from '../components/filter-field.tsx';
import { ListingShell } from '../components/listing-shell.tsx';
import { PublicTripCard } from '../components/public-trip-card.tsx';
import { fieldText, listingHref, routeQueryOf, tripFilters } from '../lib/filters.ts';
import { SEND_TARGET, throughSignUp } from '../lib/links.ts';

/** /trips: upcoming trips anyone may browse, between two cities, with room to spare (docs/product.md §3.4). */
export default function BrowseTripsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = tripFilters(params);
  const list = useInfiniteQuery(browseQueries.trips(filters));
  const signedIn = Boolean(useSession().data);
  const routeQuery = routeQueryOf(filters);

  const onSearch = ({ from, to, fields }: RouteSearch) =>
    navigate(
      listingHref('/trips', {
        from: from ? placeSlug(from) : undefined,
        to: to ? placeSlug(to) : undefined,
        after: fieldText(fields, 'after'),
        before: fieldText(fields, 'before'),
        minCapacityKg: fieldText(fields, 'minCapacityKg'),
        sort: fieldText(fields, 'sort'),
      }),
    );

  return (
    <ListingShell
      current="/trips"
      lead="Travelers already making these trips, and the room they have left. Sending something that way? Post your package and invite one."
      routeQuery={routeQuery}
      searchKey={params.toString()}
      list={list}
      onSearch={onSearch}
      filtersInUse={(['after', 'before', 'minCapacityKg', 'sort'] as const).some((key) => params.has(key))}
      filterFields={
        <>
          <DateFilter name="after" label="Leaving between" value={filters.after} />
          <DateFilter name="before" label="and" value={filters.before} />
          <NumberFilter name="minCapacityKg" label="Room for at least" unit="kg" value={filters.minCapacityKg} />
          <SelectFilter name="sort" label="Sort by" value={filters.sort === 'departure' ? '' : filters.sort}>
            <option value="">Leaving soonest first</option>
            <option value="newest">Newest first</option>
          </SelectFilter>
        </>
      }
      empty={
        <EmptyState
          title="No upcoming trips match"
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Button asChild>
                <Link to={throughSignUp(SEND_TARGET, signedIn)}>Send a package</Link>
              </Button>
              <Button asChild variant="secondary">
                <Link to={listingHref('/packages', { from: filters.from, to: filters.to })}>
                  See packages on this route
                </Link>
              </Button>
            </div>
          }
        >
          No traveler has posted a trip on this route and in these dates yet. Post your package anyway: travelers who
          add a matching trip find it, and you can invite them.
        </EmptyState>
      }
      noun={['trip', 'trips']}
      itemKey={(trip) => trip.id}
      renderItem={(trip) => <PublicTripCard trip={trip} />}
    />
  );
}
