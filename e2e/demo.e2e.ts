import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type E2EServer, expectAccessible, launchBrowser, newPage, startServer } from './support/harness.ts';

// Demo mode: one-click sign-in as each seeded account (/auth/login_test), and its absence otherwise.
let demo: E2EServer;
let browser: Browser;
beforeAll(async () => {
  [demo, browser] = await Promise.all([startServer({ demoMode: true }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

it.each([
  ['Alex Admin', '/admin/dashboard'],
  ['Sam Sender', '/user/dashboard'],
  ['Nico Newcomer', '/user/dashboard'],
])('signs in as %s in one click and lands on %s', async (name, landing) => {
  const { context, page, errors } = await newPage(browser, demo.url);
  await page.goto('/auth/login_test');
  await page.getByRole('heading', { name: 'Demo sign-in' }).waitFor();
  await expectAccessible(page);
  await page.getByRole('button', { name: `Sign in as ${name}` }).click();
  await page.waitForURL(`**${landing}`);
  expect(errors).toEqual([]);
  await context.close();
});

it('shows the demo sender their packages, drafts and trips on the dashboard, each with a link that works (360 px)', async () => {
  const { context, page, errors } = await newPage(browser, demo.url, { width: 360, height: 740 });
  await page.goto('/auth/login_test');
  await page.getByRole('button', { name: 'Sign in as Sam Sender' }).click();
  await page.waitForURL('**/user/dashboard');
  const section = page.getByRole('region', { name: 'Your packages and trips' });
  const sent = section.getByRole('list', { name: 'Packages you send' });
  await sent.waitFor();

  // An open package, waiting for a traveler: its page, and the search for its traveler.
  const open = sent.locator('li[data-status="open"]').first();
  expect(await open.innerText()).toContain('Waiting for a traveler');
  expect(await open.innerText()).toContain('Open');
  const title = open.getByRole('link').first();
  const name = (await title.innerText()).trim();
  const href = await title.getAttribute('href');
  expect(href).toMatch(/^\/user\/packages\/[\w-]+$/);
  const packageId = href?.split('/').pop() ?? '';
  expect(await open.getByRole('link', { name: `Find a traveler for “${name}”` }).getAttribute('href')).toBe(
    `/user/packages/send-a-package/searching-for-traveler?package=${packageId}`,
  );
  // A matched one names who carries it; the drafts are counted, with the way to their tab.
  expect(await sent.locator('li[data-status="matched"]').first().innerText()).toContain('Carried by Tess Traveler');
  expect(await section.getByRole('link', { name: /^\d+ drafts?$/ }).getAttribute('href')).toBe(
    '/user/packages/my-packages?group=drafts',
  );

  // Sam's own trip, Paris → London in two weeks, leads to the packages that fit it.
  const trip = section
    .getByRole('list', { name: 'Your trips' })
    .getByRole('listitem')
    .filter({ hasText: 'Paris → London' });
  expect(await trip.innerText()).toMatch(/Departs .+ · Train/);
  const findPackages = trip.getByRole('link', { name: 'Find packages for Paris → London' });
  expect(await findPackages.getAttribute('href')).toMatch(
    /^\/user\/packages\/carry-a-package\/choose-your-package\?plan=[\w-]+$/,
  );
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  await findPackages.click();
  await page.waitForURL(/\/user\/packages\/carry-a-package\/choose-your-package\?plan=[\w-]+$/);
  await page.goBack();
  await open.getByRole('link', { name: `Find a traveler for “${name}”` }).click();
  await page.waitForURL(`**/user/packages/send-a-package/searching-for-traveler?package=${packageId}`);
  await page.getByRole('main').getByText(name).first().waitFor();
  await page.goBack();
  await title.click();
  await page.waitForURL(`**/user/packages/${packageId}`);
  await page.getByRole('main').getByText(name).first().waitFor();
  expect(errors).toEqual([]);
  await context.close();
});

it("shows the demo packages' photos on the public list of packages to carry (360 px)", async () => {
  const { context, page, errors } = await newPage(browser, demo.url, { width: 360, height: 740 });
  await page.goto('/packages');
  const photo = page.locator('main img[src^="/api/package-photos/"]').first();
  await photo.scrollIntoViewIfNeeded();
  // Loaded and decoded: a demo photo is served as an uploaded one is.
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  expect(errors).toEqual([]);
  await context.close();
});

it('does not exist with demo mode off', async () => {
  const production = await startServer({ demoMode: false });
  try {
    const { context, page } = await newPage(browser, production.url);
    const response = await page.goto('/auth/login_test');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
  } finally {
    await production.close();
  }
});
