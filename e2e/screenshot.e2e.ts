import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type E2EServer, launchBrowser, newPage, startServer } from './support/harness.ts';

// The README's picture of the running app, made fresh by every e2e run.
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('captures the home page for the README', async () => {
  const { context, page } = await newPage(browser, server.url, { width: 1280, height: 800 });
  await page.goto('/');
  await page.locator('h1').first().waitFor();
  await page.evaluate(() => document.fonts.ready);
  const file = path.resolve('docs/screenshot.png');
  mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file });
  expect(statSync(file).size).toBeGreaterThan(10_000);
  await context.close();
});
