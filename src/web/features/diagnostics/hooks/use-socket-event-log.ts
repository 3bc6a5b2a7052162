import { useCallback, useEffect, useRef, useState } from 'react';
import { getSocket } from '#web/lib/socket.ts';

export type LogKind =
  | 'connect'
  | 'disconnect'
  | 'upgrade'
  | 'connect_error'
  | 'emit'
  | 'ack'
  | 'timeout'
  | 'event'
  | 'info';

export interface LogEntry {
  id: number;
  at: Date;
  kind: LogKind;
  detail: string;
}

const MAX_ENTRIES = 200;

function describe(value: unknown): string {
  if (value === undefined) return '(no payload)';
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** Everything the shared socket does while the page is open, newest first. */
export function useSocketEventLog() {
  // The shared socket usually connected before this page opened, so the log starts with where it stands.
  const [entries, setEntries] = useState<LogEntry[]>(() => {
    const socket = getSocket();
    const detail = socket.connected
      ? `Page opened: already connected as ${socket.id ?? 'unknown id'} over ${socket.io.engine?.transport.name ?? 'unknown transport'}`
      : 'Page opened: not connected';
    return [{ id: 0, at: new Date(), kind: 'info', detail }];
  });
  const nextId = useRef(1);

  const add = useCallback((kind: LogKind, detail: string) => {
    const entry: LogEntry = { id: nextId.current++, at: new Date(), kind, detail };
    setEntries((prev) => [entry, ...prev].slice(0, MAX_ENTRIES));
  }, []);

  const clear = useCallback(() => setEntries([]), []);

  useEffect(() => {
    const socket = getSocket();
    // The engine is replaced on every reconnection, so the upgrade listener follows the current one.
    let engine: typeof socket.io.engine | undefined;
    const onUpgrade = (transport: { name: string }) => add('upgrade', `Transport upgraded to ${transport.name}`);
    const watchEngine = () => {
      engine?.off('upgrade', onUpgrade);
      engine = socket.io.engine;
      engine?.on('upgrade', onUpgrade);
    };
    const onConnect = () => {
      watchEngine();
      add(
        'connect',
        `Connected as ${socket.id ?? 'unknown id'} over ${socket.io.engine?.transport.name ?? 'unknown transport'}`,
      );
    };
    const onDisconnect = (reason: string, details?: unknown) =>
      add('disconnect', details ? `Disconnected: ${reason} ${describe(details)}` : `Disconnected: ${reason}`);
    const onConnectError = (err: Error) => add('connect_error', `Connection failed: ${err.message}`);
    const onAny = (event: string, ...args: unknown[]) =>
      add('event', `Received "${event}": ${args.length === 0 ? '(no payload)' : args.map(describe).join(', ')}`);

    if (socket.connected) watchEngine();
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onConnectError);
    socket.onAny(onAny);
    return () => {
      engine?.off('upgrade', onUpgrade);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
      socket.offAny(onAny);
    };
  }, [add]);

  return { entries, add, clear };
}

export { describe as describePayload };
