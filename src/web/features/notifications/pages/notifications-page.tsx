import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { useMarkAllNotificationsRead, useUnreadNotifications } from '../api/notifications.ts';
import { NotificationList } from '../components/notification-list.tsx';

export default function NotificationsPage() {
  const unread = useUnreadNotifications();
  const markAll = useMarkAllNotificationsRead();
  const count = unread.data?.count ?? 0;
  return (
    <>
      <PageHeader
        lead="News about your packages, requests and payments, newest first. New ones also pop up while you use Tagalong."
        actions={
          count > 0 ? (
            <Button
              variant="secondary"
              onClick={() => (markAll.isPending ? undefined : markAll.mutate())}
              aria-disabled={markAll.isPending || undefined}
            >
              {markAll.isPending ? 'Marking…' : 'Mark all as read'}
            </Button>
          ) : null
        }
      />
      {markAll.isError ? (
        <p role="alert" className="mb-3 text-sm font-medium text-red-700">
          We couldn't mark your notifications read. Check your connection and try again.
        </p>
      ) : null}
      <p className="sr-only" role="status">
        {unread.data ? (count === 0 ? 'No unread notifications.' : `${count} unread.`) : ''}
      </p>
      <NotificationList />
    </>
  );
}
