import { expect, inject, it } from 'vitest';
import { newPage, setUpServerAndBrowser } from './support/harness.ts';

const env = setUpServerAndBrowser();

it('publishes the running build id at /builds/latest.json', async () => {
  const res = await fetch(`${env.server.url}/builds/latest.json?t=1`);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-cache');
  expect((await res.json()).id).toBe(inject('buildId'));
});

async function markDocument(page: import('playwright-core').Page) {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}
const sameDocument = (page: import('playwright-core').Page) =>
  page.evaluate(() => Boolean((window as unknown as { __sameDocument?: boolean }).__sameDocument));

it('navigates in place while the build is current', async () => {
  const { context, page } = await newPage(env.browser, env.server.url);
  await page.goto('/about');
  await page.locator('h1').first().waitFor();
  await markDocument(page);
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Refund policy' }).click();
  await page.waitForURL('**/refund-policy');
  expect(await sameDocument(page)).toBe(true);
  await context.close();
});

it('loads the next page afresh once a newer build is deployed', async () => {
  const { context, page } = await newPage(env.browser, env.server.url);
  const checks: string[] = [];
  await page.route('**/builds/latest.json*', (route) => {
    checks.push(route.request().url());
    return route.fulfill({ json: { id: 'a-newer-build', timestamp: Date.now() } });
  });
  await page.goto('/about');
  await page.locator('h1').first().waitFor();
  await expect.poll(() => checks.length).toBeGreaterThan(0);
  expect(new URL(checks[0] as string).searchParams.get('t')).toMatch(/^\d+$/);
  await markDocument(page);
  const reloaded = page.waitForEvent('load');
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Refund policy' }).click();
  await reloaded;
  await page.waitForURL('**/refund-policy');
  expect(await sameDocument(page)).toBe(false);
  await context.close();
});
