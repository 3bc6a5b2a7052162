import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React takes over a page the server rendered (ADR 0056), true right after and on any
 * page the browser drew itself. What only the browser knows (the reader's locale, the screen's
 * width) waits for it, so the first render matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
