import { ArrowLeft } from 'lucide-react';
import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import type { Conversation } from '#shared/chat.ts';
import { setOpenConversation } from '../api/open-conversation.ts';
import { useMarkReadWhileOpen } from '../hooks/use-mark-read-while-open.ts';
import { Composer } from './composer.tsx';
import { MessageList } from './message-list.tsx';
import { OnlineText, RecipientAvatar } from './recipient-avatar.tsx';

/** The open conversation: who it is with, the messages, the composer. Mount it keyed by the conversation. */
export function ConversationView({ conversation, me }: { conversation: Conversation; me: string }) {
  const titleId = useId();
  const { id, recipient } = conversation;

  useEffect(() => {
    setOpenConversation({ conversationId: id, partyId: recipient.uid });
    return () => setOpenConversation(null);
  }, [id, recipient.uid]);

  useMarkReadWhileOpen(id, conversation.unreadCount);

  return (
    <section
      aria-labelledby={titleId}
      data-conversation-view={id}
      className="flex h-full min-h-0 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white"
    >
      <header className="flex items-center gap-3 border-b border-slate-200 px-3 py-2">
        <Link
          to="/user/communication/messages"
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
          <span className="sr-only">Back to conversations</span>
        </Link>
        <RecipientAvatar name={recipient.name} image={recipient.image} online={recipient.online} size="sm" />
        <div className="min-w-0">
          <h2 id={titleId} className="truncate font-semibold text-slate-900">
            {recipient.name}
          </h2>
          <p className="truncate text-xs text-slate-600">
            <OnlineText online={recipient.online} />
            {conversation.package ? (
              <>
                {' · '}
                <Link
                  to={`/user/packages/${conversation.package.id}`}
                  className="text-brand-700 underline underline-offset-2"
                >
                  {conversation.package.title}
                </Link>
              </>
            ) : null}
          </p>
        </div>
      </header>
      <MessageList conversation={conversation} me={me} />
      <Composer conversationId={id} recipientName={recipient.name} />
    </section>
  );
}
