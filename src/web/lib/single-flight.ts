import { useCallback, useRef } from 'react';

/**
 * Runs a mutation at most once at a time from one control. A double click fires twice before React
 * re-renders with the mutation pending, so `isPending` alone lets the second through; a ref does not.
 * The second call while the first runs resolves to undefined and sends nothing.
 */
export function useSingleFlight<A extends unknown[], T>(work: (...args: A) => Promise<T>) {
  const busy = useRef(false);
  const latest = useRef(work);
  latest.current = work;
  return useCallback(async (...args: A): Promise<T | undefined> => {
    if (busy.current) return undefined;
    busy.current = true;
    try {
      return await latest.current(...args);
    } finally {
      busy.current = false;
    }
  }, []);
}
