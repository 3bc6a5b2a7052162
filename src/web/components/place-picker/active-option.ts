/**
 * The option the arrow keys move to in a list of `count` options: down from nothing goes to the
 * first, up from nothing to the last, and both wrap around (WAI-ARIA combobox pattern). -1 is none.
 */
export function moveActive(active: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count <= 0) return -1;
  if (key === 'ArrowDown') return active < 0 || active >= count - 1 ? 0 : active + 1;
  return active <= 0 || active >= count ? count - 1 : active - 1;
}
