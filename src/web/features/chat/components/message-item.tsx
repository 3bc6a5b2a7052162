import { Check, CheckCheck } from 'lucide-react';
import type { ChatMessage } from '#shared/chat.ts';
import { cn } from '#web/lib/cn.ts';
import { messageTime } from '../lib/message-time.ts';

/** One message: mine on the right with its ticks (delivered, then read), theirs on the left. */
export function MessageItem({
  message,
  mine,
  senderName,
}: {
  message: ChatMessage;
  mine: boolean;
  senderName: string;
}) {
  const read = message.readAt !== null;
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')} data-message={message.id} data-mine={mine}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3 py-2 sm:max-w-[70%]',
          mine ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-slate-100 text-slate-900',
        )}
      >
        <p className="text-sm break-words whitespace-pre-wrap">
          <span className="sr-only">{mine ? 'You' : senderName}: </span>
          {message.content}
        </p>
        <p
          className={cn('mt-1 flex items-center justify-end gap-1 text-xs', mine ? 'text-brand-50' : 'text-slate-600')}
        >
          <time dateTime={message.createdAt}>{messageTime(message.createdAt)}</time>
          {mine ? (
            <span data-status={read ? 'read' : 'delivered'} className="inline-flex items-center">
              {read ? (
                <CheckCheck aria-hidden="true" className="size-4" />
              ) : (
                <Check aria-hidden="true" className="size-4" />
              )}
              <span className="sr-only">{read ? ', read' : ', delivered'}</span>
            </span>
          ) : null}
        </p>
      </div>
    </li>
  );
}
