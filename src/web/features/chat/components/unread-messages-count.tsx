import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { CountBadge } from '#web/components/ui/count-badge.tsx';
import { useTotalUnread } from '../api/chat.ts';

const label = (count: number) => `, ${count} unread ${count === 1 ? 'message' : 'messages'}`;

/** The sidebar's total of unread messages beside "Messages" (kept live by the app's live layer). */
export function UnreadMessagesCount() {
  const total = useTotalUnread();
  const count = total.data?.count ?? 0;
  return <CountBadge count={count} label={label(count)} className="ml-auto" />;
}

/** The header's way to the messages, with the same total. */
export function MessagesHeaderLink() {
  const total = useTotalUnread();
  const count = total.data?.count ?? 0;
  return (
    <Link
      to="/user/communication/messages"
      className="relative inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
      data-testid="messages-link"
    >
      <MessageSquare aria-hidden="true" className="size-5" />
      <span className="sr-only">Messages</span>
      <CountBadge
        count={count}
        label={label(count)}
        className="absolute -top-0.5 -right-0.5 min-w-4.5 px-1 text-[0.6875rem] leading-4.5"
      />
    </Link>
  );
}
