import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { supportTopicLabels } from '#shared/support.ts';
import { supportQueries } from '#web/api/support.ts';
import { TicketStatusBadge } from '#web/components/support-ticket/ticket-thread.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { formatDate } from '#web/lib/format.ts';

/** A member's tickets, the most recently active first, each opening its conversation. */
export function MyConversations({ me }: { me: string }) {
  const query = useQuery(supportQueries.mine(me));
  return (
    <Card role="region" aria-labelledby="my-conversations" className="mt-6">
      <CardHeader>
        <CardTitle id="my-conversations">Your conversations with us</CardTitle>
        <CardDescription>What you wrote to the Tagalong team, and our answers.</CardDescription>
      </CardHeader>
      {query.isPending ? (
        <CardContent aria-busy="true" className="flex flex-col gap-3">
          <span className="sr-only">Loading your conversations…</span>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </CardContent>
      ) : query.isError ? (
        <CardContent>
          <ErrorState title="We couldn't load your conversations" headingLevel={3} onRetry={() => void query.refetch()}>
            Check your connection and try again.
          </ErrorState>
        </CardContent>
      ) : query.data.items.length === 0 ? (
        <CardContent>
          <EmptyState
            title="You have not written to us yet"
            headingLevel={3}
            action={
              <Button asChild variant="secondary">
                <Link to="/need-help#contact">Write to us from Need help</Link>
              </Button>
            }
          >
            When you send us a message, the conversation and our answers appear here.
          </EmptyState>
        </CardContent>
      ) : (
        <CardContent className="px-0 sm:px-0">
          <ul className="divide-y divide-slate-200 border-t border-slate-200">
            {query.data.items.map((ticket) => (
              <li key={ticket.id}>
                <Link
                  to={`/user/help-center/${ticket.id}`}
                  className="flex items-center justify-between gap-4 px-5 py-4 hover:bg-slate-50 focus-visible:outline-offset-[-2px] sm:px-6"
                >
                  <span className="flex min-w-0 flex-col gap-1">
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <span className="font-medium text-brand-700">
                        #{ticket.number} · {supportTopicLabels[ticket.topic]}
                      </span>
                      <TicketStatusBadge status={ticket.status} audience="author" />
                    </span>
                    <span className="line-clamp-2 break-words text-sm text-slate-700">{ticket.preview}</span>
                    <span className="text-xs text-slate-600">
                      Last message <time dateTime={ticket.lastMessageAt}>{formatDate(ticket.lastMessageAt)}</time>
                    </span>
                  </span>
                  <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
                </Link>
              </li>
            ))}
          </ul>
        </CardContent>
      )}
    </Card>
  );
}
