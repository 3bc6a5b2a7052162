import type { TicketMessage, TicketStatus } from '#shared/support.ts';
import { Badge, type BadgeVariant } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/cn.ts';
import { formatDateTime } from '#web/lib/format.ts';

// A support ticket's parts that its author (the help center) and the team (the back office) both
// show: the conversation, and its status in each side's words.

type Audience = 'author' | 'team';

/**
 * The same status reads differently to each side: `open` waits on the team, which the author reads
 * as "with our team" and an administrator as work to do.
 */
const statusWords: Record<Audience, Record<TicketStatus, [string, BadgeVariant]>> = {
  author: { open: ['With our team', 'info'], answered: ['Answered', 'success'], closed: ['Closed', 'neutral'] },
  team: { open: ['Open', 'warning'], answered: ['Answered', 'info'], closed: ['Closed', 'neutral'] },
};

export function TicketStatusBadge({ status, audience }: { status: TicketStatus; audience: Audience }) {
  const [label, variant] = statusWords[audience][status];
  return (
    <Badge variant={variant} data-status={status}>
      {label}
    </Badge>
  );
}

/** The team's signature on an answer: always the team, with the administrator's first name when known. */
export const teamSignature = (authorName: string | null) => `Tagalong team${authorName ? ` · ${authorName}` : ''}`;

/**
 * Every message, oldest first. The team's answers are tinted and signed as the team, so the
 * difference never rests on colour alone; `author` names the person who wrote ("You" to themselves).
 */
export function TicketThread({ messages, author }: { messages: readonly TicketMessage[]; author: string }) {
  return (
    <ol aria-label="Messages, oldest first" className="flex flex-col gap-3">
      {messages.map((m) => {
        const team = m.from === 'team';
        return (
          <li
            key={m.id}
            className={cn(
              'min-w-0 rounded-lg border p-3 sm:p-4',
              team ? 'border-brand-100 bg-brand-50 sm:ml-8' : 'border-slate-200 bg-white sm:mr-8',
            )}
          >
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-medium text-slate-900">{team ? teamSignature(m.authorName) : author}</span>
              <time dateTime={m.createdAt} className="text-slate-600">
                {formatDateTime(m.createdAt)}
              </time>
            </p>
            <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{m.body}</p>
          </li>
        );
      })}
    </ol>
  );
}
