import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authKeys } from '#web/api/auth.ts';
import { useSession } from '#web/lib/session.ts';
import { getSocket, reconnectSocket, useConnectionState } from '#web/lib/socket.ts';

/**
 * The invisible realtime-connection element, in every layout. It keeps the socket open as
 * the current identity (reconnecting on sign-in and sign-out) and refreshes the session view each
 * time the socket reconnects.
 */
export function RealtimeConnection() {
  const session = useSession();
  const client = useQueryClient();
  const state = useConnectionState();
  const userId = session.isPending ? undefined : (session.data?.id ?? null);

  useEffect(() => {
    if (userId === undefined) return;
    reconnectSocket();
  }, [userId]);

  useEffect(() => {
    const socket = getSocket();
    const onReconnect = () => void client.invalidateQueries({ queryKey: authKeys.me() });
    socket.io.on('reconnect', onReconnect);
    return () => {
      socket.io.off('reconnect', onReconnect);
    };
  }, [client]);

  return <span hidden data-testid="realtime-connection" data-connected={state.connected} />;
}
