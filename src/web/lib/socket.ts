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
let retry: { timer: ReturnType<typeof setTimeout> | null; attempts: number } = { timer: null, attempts: 0 };

/** 1 s, 2 s, 4 s … up to 30 s, with up to a quarter more at random so tabs do not retry in step. */
export function handshakeRetryDelayMs(attempts: number, random = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** attempts);
  return Math.round(base * (1 + random() / 4));
}

function cancelRetry() {
  if (retry.timer) clearTimeout(retry.timer);
  retry = { ...retry, timer: null };
}

// socket.io-client retries a lost connection by itself, but not a handshake the server refused
// (`active` is then false): a passing failure there (the session store briefly unreachable) would
// leave the tab without live updates until a reload. So the refused handshake is tried again here.
function retryHandshake(s: Socket) {
  cancelRetry();
  const delay = handshakeRetryDelayMs(retry.attempts);
  retry = {
    attempts: retry.attempts + 1,
    timer: setTimeout(() => {
      retry = { ...retry, timer: null };
      if (!s.connected && !s.active) s.connect();
    }, delay),
  };
}

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
    cancelRetry();
    retry = { timer: null, attempts: 0 };
    setState({ connected: true, transport: s.io.engine.transport.name, socketId: s.id ?? null });
    s.io.engine.once('upgrade', (t: { name: string }) => {
      setState({ ...state, transport: t.name });
    });
  });
  s.on('disconnect', () => setState(disconnected));
  s.on('connect_error', () => {
    setState(disconnected);
    if (!s.active) retryHandshake(s);
  });
  socket = s;
  return s;
}

/** Reconnect so the handshake carries the current session cookie (or none). */
export function reconnectSocket() {
  const s = getSocket();
  cancelRetry();
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
