import { Button } from './button.tsx';
import type { PagedList } from './load-more.tsx';

/**
 * The footer of a card list that grows in place: "Show more" while there is more, and an error if
 * the next page failed. (LoadMore is the footer of the lists that also count what is shown.)
 */
export function ShowMore({ list, noun }: { list: PagedList; noun: string }) {
  return (
    <>
      {list.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          onClick={() => void list.fetchNextPage()}
          aria-disabled={list.isFetchingNextPage || undefined}
        >
          {list.isFetchingNextPage ? 'Loading more…' : 'Show more'}
        </Button>
      ) : null}
      {list.isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-red-700">
          {`We couldn't load more ${noun}. Try again.`}
        </p>
      ) : null}
    </>
  );
}
