import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { placeSlug } from '#shared/browse.ts';
import { packageSizeDimensions, packageSizes } from '#shared/package-public.ts';
import { browseQueries } from '#web/api/browse.ts';
import type { RouteSearch } from '#web/components/route-search/route-search-form.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';
import { useSession } from '#web/lib/session.ts';
import { DateFilter, NumberFilter, SelectFilter } from '../components/filter-field.tsx';
import { ListingShell } from '../components/listing-shell.tsx';
import { PublicPackageCard } from '../components/public-package-card.tsx';
import { fieldText, listingHref, packageFilters, routeQueryOf } from '../lib/filters.ts';
import { offerTarget, SEND_TARGET, throughSignUp } from '../lib/links.ts';

/** /packages: open packages anyone may browse, between two cities, filtered and sorted (docs/product.md §3.4). */
export default function BrowsePackagesPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = packageFilters(params);
  const list = useInfiniteQuery(browseQueries.packages(filters));
  const signedIn = Boolean(useSession().data);
  const routeQuery = routeQueryOf(filters);

  const onSearch = ({ from, to, fields }: RouteSearch) =>
    navigate(
      listingHref('/packages', {
        from: from ? placeSlug(from) : undefined,
        to: to ? placeSlug(to) : undefined,
        after: fieldText(fields, 'after'),
        before: fieldText(fields, 'before'),
        size: fieldText(fields, 'size'),
        maxWeightKg: fieldText(fields, 'maxWeightKg'),
        minReward: fieldText(fields, 'minReward'),
        sort: fieldText(fields, 'sort'),
      }),
    );

  return (
    <ListingShell
      current="/packages"
      lead="Packages people need carried between cities, and the reward for each. Travelling that way? Offer to carry one."
      routeQuery={routeQuery}
      searchKey={params.toString()}
      list={list}
      onSearch={onSearch}
      filtersInUse={(['after', 'before', 'size', 'maxWeightKg', 'minReward', 'sort'] as const).some((key) =>
        params.has(key),
      )}
      filterFields={
        <>
          <DateFilter name="after" label="Travelling between" value={filters.after} />
          <DateFilter name="before" label="and" value={filters.before} />
          <SelectFilter name="size" label="Size" value={filters.size}>
            <option value="">Any size</option>
            {packageSizes.map((size) => (
              <option key={size} value={size}>
                {size} ({packageSizeDimensions[size]})
              </option>
            ))}
          </SelectFilter>
          <NumberFilter name="maxWeightKg" label="Weighs at most" unit="kg" value={filters.maxWeightKg} />
          <NumberFilter name="minReward" label="Reward at least" unit="in its currency" value={filters.minReward} />
          <SelectFilter name="sort" label="Sort by" value={filters.sort === 'newest' ? '' : filters.sort}>
            <option value="">Newest first</option>
            <option value="deliver-by">Deliver soonest first</option>
            <option value="reward">Highest reward first</option>
          </SelectFilter>
        </>
      }
      empty={
        <EmptyState
          title="No open packages match"
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Button asChild>
                <Link to={listingHref('/trips', { from: filters.from, to: filters.to })}>See trips on this route</Link>
              </Button>
              <Button asChild variant="secondary">
                <Link to={throughSignUp(SEND_TARGET, signedIn)}>Send a package</Link>
              </Button>
            </div>
          }
        >
          Nobody needs a package carried on this route and in these dates yet. Try other dates, fewer filters or nearby
          cities; senders post new packages every day.
        </EmptyState>
      }
      noun={['open package', 'open packages']}
      itemKey={(card) => card.id}
      renderItem={(card) => <PublicPackageCard card={card} offerHref={throughSignUp(offerTarget(card.id), signedIn)} />}
    />
  );
}
