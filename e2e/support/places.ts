import type { Locator, Page } from 'playwright-core';

/**
 * A place picker's list once it answers the text in the box: while a search for newer text is
 * pending the picker marks it aria-busy, and an older answer can still show the wanted option.
 */
export const settledListbox = (scope: Page | Locator, label: string) =>
  scope.locator(`[role="listbox"][aria-label="${label}"]:not([aria-busy="true"])`);
