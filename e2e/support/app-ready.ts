import type { BrowserContext, Page } from 'playwright-core';
import { APP_READY_ATTRIBUTE, ROUTER_STATE_ELEMENT_ID, START_ON_INTERACTION_ATTRIBUTE } from '#shared/page-shell.ts';

/**
 * A prerendered page is on screen before the app has taken it over, and answers clicks only after
 * (ADR 0056). Resolves at once for a page the browser drew itself. A visitor's page that starts on
 * the first interaction (ADR 0064) is given one: the pointer moves, as a person's would.
 */
export async function untilAppTakesOver(page: Page): Promise<void> {
  const waitsForInteraction = await page
    .evaluate(
      (attribute) => document.getElementById('root')?.getAttribute(attribute) === 'interaction',
      START_ON_INTERACTION_ATTRIBUTE,
    )
    .catch(() => false);
  if (waitsForInteraction) await nudgePointer(page);
  await page.waitForFunction(
    ([stateId, attribute]) =>
      document.getElementById(stateId as string) === null ||
      document.documentElement.getAttribute(attribute as string) === 'ready',
    [ROUTER_STATE_ELEMENT_ID, APP_READY_ATTRIBUTE],
    { timeout: 15_000 },
  );
}

/** A pointer move the page sees even when the pointer was left on the same spot by the last page. */
export async function nudgePointer(page: Page): Promise<void> {
  await page.mouse.move(1, 1);
  await page.mouse.move(2, 2);
}

type Navigation = 'goto' | 'reload' | 'goBack' | 'goForward';

/**
 * Every page of the context, present and future, waits for the app after each navigation, as a
 * person waits for a page to respond before using it: tests drive the app, not the bare HTML.
 */
export function waitForAppAfterNavigation(context: BrowserContext): void {
  const patch = (page: Page) => {
    for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const satisfies Navigation[]) {
      const navigate = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page[Navigation]>;
      Object.assign(page, {
        [name]: async (...args: unknown[]) => {
          const response = await navigate(...args);
          await untilAppTakesOver(page);
          return response;
        },
      });
    }
  };
  for (const page of context.pages()) patch(page);
  context.on('page', patch);
}
