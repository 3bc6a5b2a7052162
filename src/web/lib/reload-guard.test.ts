import { expect, it, vi } from 'vitest';
import { RELOAD_GUARD_MS, reloadOnceForFailedChunk } from './reload-guard.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

it('reloads once, not again within 10 seconds, and again after', () => {
  expect(RELOAD_GUARD_MS).toBe(10_000);
  const storage = memoryStorage();
  const reload = vi.fn();
  expect(reloadOnceForFailedChunk(1_000_000, storage, reload)).toBe(true);
  expect(reloadOnceForFailedChunk(1_000_000 + 9_999, storage, reload)).toBe(false);
  expect(reload).toHaveBeenCalledTimes(1);
  expect(reloadOnceForFailedChunk(1_000_000 + 10_000, storage, reload)).toBe(true);
  expect(reload).toHaveBeenCalledTimes(2);
});
