import { useChatLiveEvents } from '#web/features/chat/api/use-chat-live-events.ts';
import { useNotificationLiveEvents } from '#web/features/notifications/api/use-notification-live-events.ts';
import { useSession } from '#web/lib/session.ts';
import { useRefreshOnNotice } from './live-refresh.ts';

/** The live layer of one signed-in member (exported for the tests that push events through it). */
export function MemberLiveUpdates({ me }: { me: string }) {
  useNotificationLiveEvents(me);
  useChatLiveEvents(me);
  useRefreshOnNotice(me);
  return null;
}

/**
 * The app-wide live layer, mounted once by the dashboard layout: whatever page a member is on,
 * notifications and messages arrive as toasts and land in the cached lists and counts (the badges),
 * presence changes, and every reconnect refetches what may have been missed.
 */
export function LiveUpdates() {
  const me = useSession().data?.id;
  return me ? <MemberLiveUpdates key={me} me={me} /> : null;
}
