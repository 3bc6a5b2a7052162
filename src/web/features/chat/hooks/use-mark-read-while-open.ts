import { useEffect, useRef } from 'react';
import { useMarkConversationRead } from '../api/chat.ts';
import { useDocumentVisible } from './use-document-visible.ts';

/**
 * While a conversation is open and its tab visible, the other side's messages are marked read as
 * they arrive (the unread count went up) and when the tab comes back into view. One call at a time.
 */
export function useMarkReadWhileOpen(conversationId: string, unreadCount: number) {
  const visible = useDocumentVisible();
  const markRead = useMarkConversationRead();
  const inFlight = useRef(false);
  const { mutate } = markRead;

  useEffect(() => {
    if (!visible || unreadCount <= 0 || inFlight.current) return;
    inFlight.current = true;
    mutate(conversationId, {
      onSettled: () => {
        inFlight.current = false;
      },
    });
  }, [conversationId, unreadCount, visible, mutate]);

  return markRead;
}
