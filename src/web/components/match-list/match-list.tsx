import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MatchRadiusControl } from '#web/components/match-radius/match-radius-control.tsx';
import type { useMatchRadius } from '#web/components/match-radius/use-match-radius.ts';
import { ShowMore } from '#web/components/ui/show-more.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';

/** One page of a match search, as the server answers it: the radius it searched is the one shown. */
interface MatchPage<Item> {
  items: Item[];
  radiusKm: number;
}

/**
 * A search page's matches (trips for my package, packages for my trip), best first, page by page,
 * under a radius the member can change: while a new radius is searched the old cards stay, marked
 * busy. The feature says what an item is, how its card looks and what to do when none fit.
 */
export function MatchList<Item>({
  titleId,
  title,
  radius,
  radiusHint,
  matches,
  searchingLabel,
  errorTitle,
  describeError,
  empty,
  listLabel,
  noun,
  itemKey,
  renderItem,
}: {
  titleId: string;
  title: string;
  radius: ReturnType<typeof useMatchRadius>;
  radiusHint: string;
  matches: UseInfiniteQueryResult<InfiniteData<MatchPage<Item>, unknown>>;
  searchingLabel: string;
  errorTitle: string;
  describeError: (err: unknown) => string;
  /** The empty state, given the radius the server searched. */
  empty: (searchedKm: number) => ReactNode;
  listLabel: string;
  /** What an item is called, one and many: "traveler", "travelers". */
  noun: [string, string];
  itemKey: (item: Item) => string;
  renderItem: (item: Item) => ReactNode;
}) {
  let body: ReactNode;
  if (!radius.ready || matches.isPending) {
    body = (
      <div className="flex flex-col gap-4">
        <Spinner label={searchingLabel} />
        <div className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
        </div>
      </div>
    );
  } else if (matches.isError) {
    body = (
      <ErrorState title={errorTitle} headingLevel={3} onRetry={() => void matches.refetch()}>
        {describeError(matches.error)}
      </ErrorState>
    );
  } else {
    const items = matches.data.pages.flatMap((page) => page.items);
    const searchedKm = matches.data.pages[0]?.radiusKm ?? radius.radiusKm;
    body =
      items.length === 0 ? (
        empty(searchedKm)
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-600">
            {items.length} {items.length === 1 ? noun[0] : noun[1]} shown, the smallest detour first.
          </p>
          <ul
            aria-label={listLabel}
            aria-busy={matches.isPlaceholderData || undefined}
            className="grid gap-4 lg:grid-cols-2"
          >
            {items.map((item) => (
              <li key={itemKey(item)}>{renderItem(item)}</li>
            ))}
          </ul>
          <ShowMore list={matches} noun={noun[1]} />
        </div>
      );
  }

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <MatchRadiusControl
          id="match-radius"
          value={radius.radiusKm}
          options={radius.options}
          onChange={radius.setRadiusKm}
          hint={radiusHint}
        />
      </div>
      {matches.isPlaceholderData ? <Spinner label="Searching with the new radius" /> : null}
      {body}
    </section>
  );
}
