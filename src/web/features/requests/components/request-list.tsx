import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { LoadMore } from '#web/components/ui/load-more.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { errorMessage } from '#web/lib/errors/describe-error.ts';
import { type RequestDirection, useRequests } from '../api/requests.ts';
import { RequestCard } from './request-card.tsx';

const SEARCHING = '/user/packages/send-a-package/searching-for-traveler';
const CARRY = '/user/packages/carry-a-package';

/** What an empty tab says: where requests of that kind come from, and the way there. */
function NoRequests({ direction }: { direction: RequestDirection }) {
  const ways = (
    <div className="flex flex-wrap justify-center gap-2">
      <Button asChild variant="secondary">
        <Link to={CARRY}>Carry a package</Link>
      </Button>
      <Button asChild variant="secondary">
        <Link to={SEARCHING}>Invite travelers</Link>
      </Button>
    </div>
  );
  return direction === 'incoming' ? (
    <EmptyState title="No incoming requests" action={ways}>
      Requests to answer arrive here: a traveler offering to carry one of your open packages, or a sender inviting you
      to carry theirs on one of your trips. Publish a package, or add a trip in Carry a package, so they can find you.
    </EmptyState>
  ) : (
    <EmptyState title="No outgoing requests" action={ways}>
      Requests you make wait here for their answer. Offer to carry a package from Carry a package (choose one of your
      trips, then a package that fits it), or invite travelers from your open package.
    </EmptyState>
  );
}

/** One tab of the requests page: its requests newest first, with Load more. */
export function RequestList({ direction }: { direction: RequestDirection }) {
  const list = useRequests(direction);

  if (list.isPending) {
    return (
      <div className="flex flex-col gap-3">
        <Spinner label={`Loading your ${direction} requests`} />
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (list.isError) {
    return (
      <ErrorState title={`We couldn't load your ${direction} requests`} onRetry={() => void list.refetch()}>
        {errorMessage(list.error)}
      </ErrorState>
    );
  }
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <NoRequests direction={direction} />;
  return (
    <div className="flex flex-col gap-4">
      <ul
        aria-label={direction === 'incoming' ? 'Incoming requests' : 'Outgoing requests'}
        className="flex flex-col gap-4"
      >
        {items.map((request) => (
          <li key={request.id}>
            <RequestCard request={request} />
          </li>
        ))}
      </ul>
      <LoadMore list={list} count={items.length} noun={['request', 'requests']} />
    </div>
  );
}
