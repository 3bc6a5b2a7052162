import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import { getSocket } from './socket.ts';

// The app-wide live layer's plumbing: features subscribe to the tab's one socket through these
// hooks, so every payload is checked against the shared contract before it touches a cache, and
// "after any reconnect" means the same thing everywhere.

/**
 * Listens to a server → client event while mounted. A payload the schema rejects is dropped and
 * logged (a warning: a newer server may send what this build does not know yet).
 */
export function useLiveEvent<S extends z.ZodType>(event: string, schema: S, handler: (payload: z.infer<S>) => void) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const socket = getSocket();
    const listener = (payload: unknown) => {
      const parsed = schema.safeParse(payload);
      if (!parsed.success) {
        console.warn(`live event "${event}" dropped: unexpected payload`, parsed.error.issues.slice(0, 3));
        return;
      }
      latest.current(parsed.data);
    };
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [event, schema]);
}

/**
 * Runs after every reconnection of the socket while mounted: an automatic reconnect, a recovered
 * session, or the reconnect after sign-in. Whatever was pushed while the socket was away is stored
 * on the server, so refetching here is how "nothing missed stays missing". The first connection of
 * a page load is not a reconnect: the queries are being fetched for the first time anyway.
 */
export function useSocketReconnected(handler: () => void) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const socket = getSocket();
    let connectedBefore = socket.connected;
    const listener = () => {
      if (connectedBefore) latest.current();
      connectedBefore = true;
    };
    socket.on('connect', listener);
    return () => {
      socket.off('connect', listener);
    };
  }, []);
}
