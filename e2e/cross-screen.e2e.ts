import { expect, it } from 'vitest';
import { nudgePointer } from './support/app-ready.ts';
import { newPage, setUpServerAndBrowser, signUp } from './support/harness.ts';

// Behaviours every screen shares: the toast area, the realtime element in each layout, and the
// reload guard for a page chunk that fails to load.
const env = setUpServerAndBrowser();

it('shows a toast and hides it by itself after about 3 seconds', async () => {
  const { context, page } = await newPage(env.browser, env.server.url);
  await page.goto('/ui');
  await page.getByRole('button', { name: 'Default toast' }).click();
  const toast = page.locator('[data-sonner-toast]');
  await toast.first().waitFor();
  const shownAt = Date.now();
  await toast.first().waitFor({ state: 'detached', timeout: 8000 });
  const visibleFor = Date.now() - shownAt;
  expect(visibleFor).toBeGreaterThan(2500);
  expect(visibleFor).toBeLessThan(5000);
  await context.close();
});

it.each([
  ['/', 'miscpages'],
  ['/auth/login', 'authpages'],
  ['/auth/add-mobile-number', 'authenticated'],
  ['/user/dashboard', 'dashboard'],
])('keeps one hidden realtime-connection element on %s (%s layout)', async (path, layout) => {
  const { context, page } = await newPage(env.browser, env.server.url);
  await signUp(context, `rt-${layout}@example.test`);
  await page.goto(path);
  await page.locator(`[data-layout="${layout}"]`).waitFor();
  const element = page.getByTestId('realtime-connection');
  expect(await element.count()).toBe(1);
  expect(await element.isHidden()).toBe(true);
  await expect.poll(() => element.getAttribute('data-connected')).toBe('true');
  await context.close();
});

it('reloads once when a page chunk fails to load, then shows the error page instead of looping', async () => {
  const { context, page } = await newPage(env.browser, env.server.url);
  await page.goto('/');
  await page.locator('h1').first().waitFor();
  await page.route('**/assets/about-page-*.js', (route) => route.abort());
  let loads = 0;
  page.on('load', () => loads++);
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'About' }).click();
  // Reloaded once: the server's page is readable, and the app waits for the visitor (ADR 0064).
  await page.getByRole('heading', { level: 1, name: 'About Tagalong' }).waitFor({ timeout: 15_000 });
  // The heading is parsed before the reloaded page's load event: wait for that event.
  await expect.poll(() => loads, { timeout: 15_000 }).toBe(1);
  // Then the app starts, its page module still fails: the error page, not another reload.
  await nudgePointer(page);
  await page.getByRole('heading', { name: 'Internal Server Error' }).waitFor({ timeout: 15_000 });
  expect(loads).toBe(1);
  expect(new URL(page.url()).pathname).toBe('/about');
  await context.close();
});
