import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import type { PackageStatusGroup } from '#shared/packages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { LoadMore } from '#web/components/ui/load-more.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { useMyPackages } from '../api/packages.ts';
import { PackageCard } from './package-card.tsx';

const empty: Record<PackageStatusGroup, { title: string; text: string }> = {
  drafts: {
    title: 'No drafts',
    text: 'A package you start and have not paid for yet waits here, so you can finish it later.',
  },
  active: {
    title: 'No packages on their way',
    text: 'Once you pay for a package it is published, and you follow it here from the traveler’s offer to delivery.',
  },
  delivered: {
    title: 'Nothing delivered yet',
    text: 'Packages that reached their recipient are kept here, with their whole history.',
  },
  closed: {
    title: 'No closed packages',
    text: 'Cancelled, expired and refunded packages end up here.',
  },
};

const sendAction = (
  <Button asChild>
    <Link to="/user/packages/send-a-package">
      <Plus aria-hidden="true" className="size-4" />
      Send a package
    </Link>
  </Button>
);

/** One tab of "my packages": its cards, a page at a time, with its own empty state. */
export function PackageList({
  group,
  groupLabel,
  q,
  onClearSearch,
}: {
  group: PackageStatusGroup;
  groupLabel: string;
  q: string;
  onClearSearch: () => void;
}) {
  const list = useMyPackages(group, q);

  if (list.isPending) {
    return (
      <div className="flex flex-col gap-3">
        <Spinner label="Loading your packages" />
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24 w-full" />
        ))}
      </div>
    );
  }
  if (list.isError) {
    return (
      <ErrorState title="We couldn't load your packages" onRetry={() => void list.refetch()}>
        Check your connection and try again.
      </ErrorState>
    );
  }
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    if (q) {
      return (
        <EmptyState
          title={`No package matches “${q}”`}
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Button variant="secondary" onClick={onClearSearch}>
                Clear the search
              </Button>
              {sendAction}
            </div>
          }
        >
          Nothing in {groupLabel.toLowerCase()} has a title with these words. Try fewer words, or another tab.
        </EmptyState>
      );
    }
    return (
      <EmptyState title={empty[group].title} action={sendAction}>
        {empty[group].text}
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul
        aria-label={`${groupLabel} packages`}
        aria-busy={list.isPlaceholderData || undefined}
        className="flex flex-col gap-3 aria-busy:opacity-60"
      >
        {items.map((pkg) => (
          <li key={pkg.id}>
            <PackageCard pkg={pkg} />
          </li>
        ))}
      </ul>
      <LoadMore list={list} count={items.length} noun={['package', 'packages']} />
    </div>
  );
}
