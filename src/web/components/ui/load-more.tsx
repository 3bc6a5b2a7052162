import { Button } from './button.tsx';

/** The part of a TanStack infinite query a paged list's footer needs. */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The footer of every cursor-paged list: how many are shown (announced politely), an error if the
 * next page failed, and "Load more" while there is more. A click while a page loads does nothing.
 */
export function LoadMore({ list, count, noun }: { list: PagedList; count: number; noun: [string, string] }) {
  return (
    <>
      <p role="status" className="text-sm text-slate-600">
        {list.hasNextPage
          ? `${count} shown. There are more.`
          : `${count} ${count === 1 ? noun[0] : noun[1]}, all shown.`}
      </p>
      {list.isFetchNextPageError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          We couldn't load more. Check your connection and try again.
        </p>
      ) : null}
      {list.hasNextPage ? (
        <div>
          <Button
            variant="secondary"
            onClick={() => void (list.isFetchingNextPage ? undefined : list.fetchNextPage())}
            aria-disabled={list.isFetchingNextPage || undefined}
          >
            {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </>
  );
}
