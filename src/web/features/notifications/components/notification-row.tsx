import { Link } from 'react-router';
import type { NotificationItem } from '#shared/notifications.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { formatDateTime } from '#web/lib/format.ts';

/**
 * One notification. Unread ones are tinted with a dot and a bold title, and say "unread" to screen
 * readers; opening the link marks it read, and so does "Mark as read" for those without one.
 */
export function NotificationRow({
  item,
  onRead,
  marking,
}: {
  item: NotificationItem;
  onRead: (id: string) => void;
  marking: boolean;
}) {
  const unread = item.readAt === null;
  // Said after the title: a hidden word at the start of a link puts its click point off the text.
  const title = (
    <>
      {item.title}
      {unread ? <span className="sr-only"> (unread)</span> : null}
    </>
  );
  const titleClass = cn('text-slate-900', unread ? 'font-semibold' : 'font-medium');
  return (
    <li data-unread={unread} className={cn('flex items-start gap-3 px-4 py-3', unread ? 'bg-brand-50' : 'bg-white')}>
      <span
        aria-hidden="true"
        className={cn('mt-2 size-2.5 shrink-0 rounded-full', unread ? 'bg-brand-700' : 'bg-transparent')}
      />
      <div className="min-w-0 flex-1">
        <p className={titleClass}>
          {item.link?.startsWith('/') ? (
            <Link
              to={item.link}
              className="underline decoration-slate-300 underline-offset-2 hover:decoration-current"
              onClick={() => (unread ? onRead(item.id) : undefined)}
            >
              {title}
            </Link>
          ) : (
            title
          )}
        </p>
        <p className="mt-0.5 text-sm break-words text-slate-700">{item.body}</p>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-x-3">
          <p className="text-xs text-slate-600">
            <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
          </p>
          {unread ? (
            <Button
              variant="ghost"
              size="sm"
              className="-my-1"
              onClick={() => (marking ? undefined : onRead(item.id))}
              aria-disabled={marking || undefined}
              aria-label={`Mark as read: ${item.title}`}
            >
              Mark as read
            </Button>
          ) : null}
        </div>
      </div>
    </li>
  );
}
