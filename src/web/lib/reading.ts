import { type Reading, SERVER_READING } from './format.ts';
import { useHydrated } from './hydrated.ts';

/**
 * The conventions to write dates and numbers in: the server's while React takes over a page the
 * server rendered (so its first render matches the HTML), the reader's own right after and on any
 * page the browser drew itself (ADR 0065).
 */
export function useReading(): Reading {
  return useHydrated() ? {} : SERVER_READING;
}
