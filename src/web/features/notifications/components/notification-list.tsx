import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { LoadMore } from '#web/components/ui/load-more.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { useMarkNotificationRead, useNotifications } from '../api/notifications.ts';
import { NotificationRow } from './notification-row.tsx';

/** Mine, newest first, a page at a time ("Load more"); new ones arrive at the top live. */
export function NotificationList() {
  const list = useNotifications();
  const markRead = useMarkNotificationRead();

  if (list.isPending) {
    return (
      <div className="flex flex-col gap-3">
        <Spinner label="Loading your notifications" />
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    );
  }
  if (list.isError) {
    return (
      <ErrorState title="We couldn't load your notifications" onRetry={() => void list.refetch()}>
        Check your connection and try again.
      </ErrorState>
    );
  }
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState
        title="You're all caught up"
        action={
          <Button asChild variant="secondary">
            <Link to="/user/dashboard">Go to your dashboard</Link>
          </Button>
        }
      >
        You have no notifications. When someone asks to carry your package, accepts your request or a payment goes
        through, you'll find it here.
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ul
        aria-label="Notifications"
        className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200"
      >
        {items.map((item) => (
          <NotificationRow
            key={item.id}
            item={item}
            marking={markRead.isPending && markRead.variables === item.id}
            onRead={(id) => markRead.mutate(id)}
          />
        ))}
      </ul>
      {markRead.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          We couldn't mark that notification read. Check your connection and try again.
        </p>
      ) : null}
      <LoadMore list={list} count={items.length} noun={['notification', 'notifications']} />
    </div>
  );
}
