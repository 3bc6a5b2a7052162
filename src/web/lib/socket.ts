import { useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';

// One socket per tab. It carries the session cookie, so after sign-in or sign-out it is reconnected
// to handshake as the new identity (RealtimeConnection does that). socket.io-client reconnects by itself.

export interface ConnectionState {
  connected: boolean;
  /** "polling" or "websocket" while connected; "N/A" otherwise (reset on disconnect). */
  transport: string;
  socketId: string | null;
}

const disconnected: ConnectionState = { connected: false, transport: 'N/A', socketId: null };
let state: ConnectionState = disconnected;
const listeners = new Set<() => void>();
let socket: Socket | null = null;

function setState(next: ConnectionState) {
  state = next;
  for (const l of listeners) l();
}

export function getSocket(): Socket {
  if (socket) return socket;
  // WebSocket first: a long-poll still in flight when the socket is re-opened as a new identity
  // would be answered 400 (its session is gone). Polling remains the fallback where WebSocket fails.
  const s = io({
    autoConnect: false,
    withCredentials: true,
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
  });
  s.on('connect', () => {
    setState({ connected: true, transport: s.io.engine.transport.name, socketId: s.id ?? null });
    s.io.engine.once('upgrade', (t: { name: string }) => {
      setState({ ...state, transport: t.name });
    });
  });
  s.on('disconnect', () => setState(disconnected));
  s.on('connect_error', () => setState(disconnected));
  socket = s;
  return s;
}

/** Reconnect so the handshake carries the current session cookie (or none). */
export function reconnectSocket() {
  const s = getSocket();
  if (s.connected) s.disconnect();
  s.connect();
}

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => disconnected,
  );
}
