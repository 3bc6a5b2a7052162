import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useLayoutEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Place } from '#shared/places.ts';
import { RouteMap, RouteMapPlaceholder } from '#web/components/route-map/route-map.tsx';
import { type RouteSearch, RouteSearchForm } from '#web/components/route-search/route-search-form.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { ShowMore } from '#web/components/ui/show-more.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { cn } from '#web/lib/cn.ts';
import { errorMessage } from '#web/lib/errors/describe-error.ts';
import { AlertMe } from './alert-me.tsx';

interface ListingPage<Item> {
  items: Item[];
  from: Place | null;
  to: Place | null;
  radiusKm: number;
}

const tabs = [
  { path: '/packages', label: 'Packages to carry' },
  { path: '/trips', label: 'Trips going your way' },
] as const;

/**
 * A public listing: the two listings as tabs (the cities carried across), the route search with
 * the listing's own filters, and its cards page by page, with loading, error and empty states.
 */
export function ListingShell<Item>({
  current,
  lead,
  routeQuery,
  searchKey,
  list,
  onSearch,
  filterFields,
  filtersInUse,
  empty,
  noun,
  itemKey,
  renderItem,
}: {
  current: (typeof tabs)[number]['path'];
  lead: string;
  /** `from` and `to` of the address, kept when switching tabs. */
  routeQuery: string;
  /** Changes with the address: the form starts again from it (Back, a link). */
  searchKey: string;
  list: UseInfiniteQueryResult<InfiniteData<ListingPage<Item>, unknown>>;
  onSearch: (search: RouteSearch) => void;
  filterFields: ReactNode;
  /** Whether the address sets any of them: the filters then show opened. */
  filtersInUse: boolean;
  empty: ReactNode;
  noun: [string, string];
  itemKey: (item: Item) => string;
  renderItem: (item: Item) => ReactNode;
}) {
  const first = list.data?.pages[0];
  // Open when a filter is in use, or where there is room; on a phone the cities come first. The
  // screen's width is known only in the browser: the server's HTML has them folded (ADR 0056).
  const [filtersOpen, setFiltersOpen] = useState(filtersInUse);
  useLayoutEffect(() => {
    if (window.matchMedia?.('(min-width: 640px)').matches) setFiltersOpen(true);
  }, []);
  const route = new URLSearchParams(routeQuery);
  const [routeFrom, routeTo] = [route.get('from'), route.get('to')];
  const routeChosen = Boolean(routeFrom && routeTo);
  const [searchParams] = useSearchParams();
  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div className="flex flex-col gap-4">
        <Spinner label={`Looking for ${noun[1]}`} />
        <div className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-56" />
          <Skeleton className="h-56" />
        </div>
      </div>
    );
  } else if (list.isError) {
    body = (
      <ErrorState title={`We couldn't search for ${noun[1]}`} onRetry={() => void list.refetch()}>
        {errorMessage(list.error)}
      </ErrorState>
    );
  } else {
    const items = list.data.pages.flatMap((page) => page.items);
    // Between two known cities, what is not here yet can be waited for (docs/product.md §3.5).
    const alertMe =
      first?.from && first.to && routeFrom && routeTo ? (
        <AlertMe
          kind={current === '/packages' ? 'packages' : 'trips'}
          search={{
            from: routeFrom,
            to: routeTo,
            after: searchParams.get('after') ?? undefined,
            before: searchParams.get('before') ?? undefined,
          }}
          route={`${first.from.city} → ${first.to.city}`}
        />
      ) : null;
    body =
      items.length === 0 ? (
        <div className="flex flex-col gap-4">
          {empty}
          {alertMe}
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          {/* The cards' titles are headings: this one puts them under the page's. */}
          <h2 className="sr-only">{noun[1].charAt(0).toUpperCase() + noun[1].slice(1)}</h2>
          {alertMe ? <div>{alertMe}</div> : null}
          <p className="text-sm text-slate-600" role="status">
            {items.length} {items.length === 1 ? noun[0] : noun[1]} shown
            {first?.from || first?.to ? `, within ${first.radiusKm} km of the cities you chose` : ''}.
          </p>
          <ul
            aria-label={noun[1]}
            aria-busy={list.isPlaceholderData || undefined}
            className="grid gap-4 lg:grid-cols-2"
          >
            {items.map((item) => (
              <li key={itemKey(item)}>{renderItem(item)}</li>
            ))}
          </ul>
          <ShowMore list={list} noun={noun[1]} />
        </div>
      );
  }

  return (
    <>
      <PageHeader lead={lead} />
      <nav aria-label="Listings" className="mb-4 flex gap-1 border-b border-slate-200">
        {tabs.map((tab) => (
          <Link
            key={tab.path}
            to={routeQuery ? `${tab.path}?${routeQuery}` : tab.path}
            aria-current={tab.path === current ? 'page' : undefined}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-700',
              tab.path === current
                ? 'border-brand-700 text-brand-800'
                : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      <search
        key={searchKey}
        aria-label="Search"
        className="mb-6 block rounded-lg border border-slate-200 bg-white p-4 sm:p-5"
      >
        <RouteSearchForm
          idPrefix="listing"
          initialFrom={first?.from ?? null}
          initialTo={first?.to ?? null}
          onSearch={onSearch}
        >
          <details
            open={filtersOpen}
            onToggle={(event) => setFiltersOpen(event.currentTarget.open)}
            className="rounded-md"
          >
            <summary className="cursor-pointer text-sm font-medium text-brand-700 hover:text-brand-800">
              Dates, size and more filters
            </summary>
            <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">{filterFields}</div>
          </details>
        </RouteSearchForm>
      </search>
      {first?.from && first.to ? (
        <RouteMap from={first.from} to={first.to} className="mb-6 max-w-3xl" />
      ) : list.isPending && routeChosen ? (
        // The map's room, kept while the cities are looked up, so the results do not jump down.
        <RouteMapPlaceholder className="mb-6 max-w-3xl" />
      ) : null}
      {list.isPlaceholderData ? <Spinner label="Searching" /> : null}
      {body}
    </>
  );
}
