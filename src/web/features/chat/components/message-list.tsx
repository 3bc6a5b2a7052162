import { useEffect, useRef } from 'react';
import type { Conversation } from '#shared/chat.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { errorStatus } from '#web/lib/errors/describe-error.ts';
import { useMessages } from '../api/chat.ts';
import { useScrollKeeper } from '../hooks/use-scroll-keeper.ts';
import { MessageItem } from './message-item.tsx';

/**
 * The open conversation's messages, oldest at the top and newest at the bottom. They are held
 * newest first, so the screen shows them reversed. Scrolling up to the top loads the
 * older page (also a button, for the keyboard) without moving what is on screen.
 */
export function MessageList({ conversation, me }: { conversation: Conversation; me: string }) {
  const messages = useMessages(conversation.id);
  const scroller = useRef<HTMLElement>(null);
  const loadOlder = useRef<HTMLButtonElement>(null);
  const newestFirst = messages.data?.pages.flatMap((page) => page.items) ?? [];
  const newest = newestFirst[0];
  const pageCount = messages.data?.pages.length ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = messages;

  useScrollKeeper(scroller, {
    newestId: newest?.id,
    oldestId: newestFirst.at(-1)?.id,
    newestIsMine: newest?.senderId === me,
  });

  // Re-observed after each page, so a page too short to fill the box loads the next one too.
  useEffect(() => {
    const root = scroller.current;
    const target = loadOlder.current;
    if (!root || !target || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage({ cancelRefetch: false });
      },
      { root, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, fetchNextPage, pageCount]);

  const label = `Messages with ${conversation.recipient.name}`;

  if (messages.isPending) {
    return (
      <div className="flex flex-1 flex-col gap-3 p-4">
        <Spinner label="Loading the messages" />
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="ml-auto h-10 w-1/2" />
        <Skeleton className="h-10 w-3/5" />
      </div>
    );
  }
  if (messages.isError) {
    const status = errorStatus(messages.error);
    return (
      <div className="flex-1 p-4">
        <ErrorState
          title={
            status === 403 || status === 404 ? "This conversation isn't available" : "We couldn't load the messages"
          }
          onRetry={status === 403 || status === 404 ? undefined : () => void messages.refetch()}
          headingLevel={3}
        >
          {status === 403 || status === 404
            ? 'It may have been closed, or it is not one of yours.'
            : 'Check your connection and try again.'}
        </ErrorState>
      </div>
    );
  }

  return (
    <section
      ref={scroller}
      aria-label={label}
      // A scrolling region has to take focus so it can be scrolled by keyboard.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
      tabIndex={0}
      className="min-h-0 flex-1 overflow-y-auto px-3 py-4 [overflow-anchor:none] sm:px-4"
    >
      <div className="mb-3 flex justify-center">
        {hasNextPage ? (
          <Button
            ref={loadOlder}
            variant="ghost"
            size="sm"
            onClick={() => void fetchNextPage({ cancelRefetch: false })}
            aria-disabled={isFetchingNextPage || undefined}
          >
            {isFetchingNextPage ? 'Loading older messages…' : 'Load older messages'}
          </Button>
        ) : newestFirst.length > 0 ? (
          <p className="text-xs text-slate-600">This is the start of your conversation.</p>
        ) : null}
      </div>
      {messages.isFetchNextPageError ? (
        <p role="alert" className="mb-3 text-center text-sm font-medium text-red-700">
          We couldn't load older messages. Scroll up to try again.
        </p>
      ) : null}
      {newestFirst.length === 0 ? (
        <p className="py-10 text-center text-slate-600">
          No messages yet. Say hello to {conversation.recipient.name} and agree on the pickup.
        </p>
      ) : (
        <ol className="flex flex-col gap-2">
          {newestFirst
            .slice()
            .reverse()
            .map((m) => (
              <MessageItem key={m.id} message={m} mine={m.senderId === me} senderName={conversation.recipient.name} />
            ))}
        </ol>
      )}
    </section>
  );
}
