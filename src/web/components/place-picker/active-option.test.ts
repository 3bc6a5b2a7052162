import { expect, it } from 'vitest';
import { moveActive } from './active-option.ts';

it.each([
  [-1, 3, 'ArrowDown', 0],
  [0, 3, 'ArrowDown', 1],
  [2, 3, 'ArrowDown', 0],
  [-1, 3, 'ArrowUp', 2],
  [2, 3, 'ArrowUp', 1],
  [0, 3, 'ArrowUp', 2],
  // The list shrank under the highlight (a newer answer arrived).
  [7, 3, 'ArrowDown', 0],
  [7, 3, 'ArrowUp', 2],
  [-1, 0, 'ArrowDown', -1],
  [0, 0, 'ArrowUp', -1],
] as const)('from %i of %i, %s goes to %i', (active, count, key, expected) => {
  expect(moveActive(active, count, key)).toBe(expected);
});
