import { Link } from 'react-router';
import type { Conversation } from '#shared/chat.ts';
import { CountBadge } from '#web/components/ui/count-badge.tsx';
import { cn } from '#web/lib/cn.ts';
import { listTime } from '../lib/message-time.ts';
import { OnlineText, RecipientAvatar } from './recipient-avatar.tsx';

function preview(c: Conversation, me: string): string {
  const last = c.lastMessage;
  if (!last) return 'No messages yet. Say hello.';
  return last.senderId === me ? `You: ${last.content}` : last.content;
}

function ConversationRow({ c, me, open }: { c: Conversation; me: string; open: boolean }) {
  const unread = c.unreadCount;
  return (
    <li>
      <Link
        to={`/user/communication/messages?c=${c.id}`}
        aria-current={open ? 'page' : undefined}
        data-conversation={c.id}
        className={cn(
          'flex items-center gap-3 rounded-md px-3 py-3 hover:bg-slate-100',
          open && 'bg-brand-50 hover:bg-brand-50',
        )}
      >
        <RecipientAvatar name={c.recipient.name} image={c.recipient.image} online={c.recipient.online} size="sm" />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cn('truncate text-slate-900', unread > 0 ? 'font-bold' : 'font-semibold')}>
              {c.recipient.name}
              <OnlineText online={c.recipient.online} className="sr-only" inline />
            </span>
            {c.lastMessage ? (
              <time dateTime={c.lastMessage.createdAt} className="shrink-0 text-xs text-slate-600">
                {listTime(c.lastMessage.createdAt)}
              </time>
            ) : null}
          </span>
          <span className="flex items-center justify-between gap-2">
            <span className={cn('truncate text-sm', unread > 0 ? 'font-medium text-slate-900' : 'text-slate-600')}>
              {preview(c, me)}
            </span>
            <CountBadge count={unread} label={`, ${unread} unread`} />
          </span>
        </span>
      </Link>
    </li>
  );
}

/** My conversations, the latest message first: who (and whether online), the last message, unread. */
export function ConversationList({ items, me, openId }: { items: Conversation[]; me: string; openId: string | null }) {
  return (
    <ul aria-label="Conversations" className="flex flex-col gap-1 p-2">
      {items.map((c) => (
        <ConversationRow key={c.id} c={c} me={me} open={c.id === openId} />
      ))}
    </ul>
  );
}
