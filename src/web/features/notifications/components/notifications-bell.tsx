import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { CountBadge } from '#web/components/ui/count-badge.tsx';
import { useUnreadNotifications } from '../api/notifications.ts';

/** The header's way to the notifications, with the unread count (kept live by the app's live layer). */
export function NotificationsBell() {
  const unread = useUnreadNotifications();
  const count = unread.data?.count ?? 0;
  return (
    <Link
      to="/user/communication/notifications"
      className="relative inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
      data-testid="notifications-bell"
    >
      <Bell aria-hidden="true" className="size-5" />
      <span className="sr-only">Notifications</span>
      <CountBadge
        count={count}
        label={`, ${count} unread`}
        className="absolute -top-0.5 -right-0.5 min-w-4.5 px-1 text-[0.6875rem] leading-4.5"
      />
    </Link>
  );
}

/** The sidebar's unread count beside "Notifications". */
export function UnreadNotificationsCount() {
  const unread = useUnreadNotifications();
  const count = unread.data?.count ?? 0;
  return <CountBadge count={count} label={`, ${count} unread`} className="ml-auto" />;
}
