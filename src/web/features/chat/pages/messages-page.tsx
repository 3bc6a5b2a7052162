import { Link, useSearchParams } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { cn } from '#web/lib/cn.ts';
import { useConversations, useMe } from '../api/chat.ts';
import { ConversationList } from '../components/conversation-list.tsx';
import { ConversationView } from '../components/conversation-view.tsx';

// The list and the open conversation side by side; below md (360 px) they are two screens, the
// conversation (in the URL as ?c=, so it survives a reload) with a way back to the list.
const panel = 'h-[calc(100dvh-11rem)] min-h-[26rem]';

export default function MessagesPage() {
  const me = useMe();
  const conversations = useConversations();
  const [params] = useSearchParams();
  const openId = params.get('c');

  if (conversations.isPending) {
    return (
      <>
        <PageHeader />
        <div className="flex flex-col gap-3">
          <Spinner label="Loading your conversations" />
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 w-full max-w-sm" />
          ))}
        </div>
      </>
    );
  }
  if (conversations.isError) {
    return (
      <>
        <PageHeader />
        <ErrorState title="We couldn't load your conversations" onRetry={() => void conversations.refetch()}>
          Check your connection and try again.
        </ErrorState>
      </>
    );
  }
  const items = conversations.data.items;
  if (items.length === 0) {
    return (
      <>
        <PageHeader lead="Your conversations with senders and travelers, to agree on pickup and delivery." />
        <EmptyState
          title="No conversations yet"
          action={
            <Button asChild variant="secondary">
              <Link to="/user/packages/requests">See your requests</Link>
            </Button>
          }
        >
          A conversation opens when a request is accepted: you and the other member can then write to each other here.
        </EmptyState>
      </>
    );
  }

  const open = openId ? items.find((c) => c.id === openId) : undefined;
  return (
    <>
      <PageHeader />
      <div className={cn('grid gap-4 md:grid-cols-[minmax(16rem,20rem)_1fr]', panel)}>
        <section
          aria-label="Your conversations"
          className={cn(
            'min-h-0 overflow-y-auto rounded-lg border border-slate-200 bg-white',
            openId ? 'hidden md:block' : 'block',
          )}
        >
          <ConversationList items={items} me={me} openId={openId} />
        </section>
        {open ? (
          <ConversationView key={open.id} conversation={open} me={me} />
        ) : openId ? (
          <div className="min-h-0">
            <ErrorState title="This conversation isn't available">
              It may have been closed, or it is not one of yours.{' '}
              <Link to="/user/communication/messages" className="underline underline-offset-2">
                Back to your conversations
              </Link>
            </ErrorState>
          </div>
        ) : (
          <div className="hidden place-items-center rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600 md:grid">
            <p>Choose a conversation to read and write messages.</p>
          </div>
        )}
      </div>
    </>
  );
}
