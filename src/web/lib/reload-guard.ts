// A deploy removes the old hashed chunks, so a tab built before it fails to lazy-load a page.
// Reloading fetches the new build; the guard stops a reload loop when the failure is something
// else (the session-reload guard: 10 s).
export const RELOAD_GUARD_MS = 10_000;
const KEY = 'tagalong:last-chunk-reload';

export function reloadOnceForFailedChunk(
  now: number = Date.now(),
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  reload: () => void = () => window.location.reload(),
): boolean {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}

/** Wraps a dynamic import so a stale chunk reloads the page once instead of showing an error. */
export async function importWithReload<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (reloadOnceForFailedChunk()) return new Promise<T>(() => {});
    throw err;
  }
}
