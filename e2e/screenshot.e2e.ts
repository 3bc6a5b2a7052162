import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { newPage, setUpServerAndBrowser } from './support/harness.ts';

// The README's picture of the running app, made fresh by every e2e run.
const env = setUpServerAndBrowser();

it('captures the home page for the README', async () => {
  const { context, page } = await newPage(env.browser, env.server.url, { width: 1280, height: 800 });
  await page.goto('/');
  await page.locator('h1').first().waitFor();
  await page.evaluate(() => document.fonts.ready);
  const file = path.resolve('docs/screenshot.png');
  mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file });
  expect(statSync(file).size).toBeGreaterThan(10_000);
  await context.close();
});
