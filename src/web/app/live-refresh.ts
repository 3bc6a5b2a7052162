import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationEventName } from '#shared/notifications.ts';
import { getSocket } from '#web/lib/socket.ts';

// What the other member just did (accepted, picked up, delivered, paid, reviewed…) arrives as a
// notification. The screens showing that package or request are in several features, so rather than
// each listening, the app refreshes whatever is on screen when such a notice arrives.
const changesState = /^(request|package|payment|review|dispute|payout)_/;

export function useRefreshOnNotice() {
  const client = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    const onNotice = (notice: { type?: unknown }) => {
      if (typeof notice?.type !== 'string' || !changesState.test(notice.type)) return;
      void client.invalidateQueries({ refetchType: 'active' });
    };
    socket.on(notificationEventName, onNotice);
    return () => {
      socket.off(notificationEventName, onNotice);
    };
  }, [client]);
}
