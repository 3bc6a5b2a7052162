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
