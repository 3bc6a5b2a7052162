import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import { newPage, setUpServerAndBrowser } from './support/harness.ts';

// Pictures of the running app, made fresh by every e2e run: the README's home page, and the home
// page, a listing and a package page at a phone's width and a laptop's (docs/screenshots/).
const env = setUpServerAndBrowser({ demoMode: true });
const widths = { 360: { width: 360, height: 800 }, 1280: { width: 1280, height: 800 } } as const;

/** Once the fonts, the images and the map are in, so the picture shows the page as a person sees it. */
async function settled(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  await page.waitForLoadState('networkidle');
}

async function capture(page: Page, name: string, fullPage = false) {
  // From the top, so the sticky header is where a person sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  const file = path.resolve(name);
  mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage });
  expect(statSync(file).size).toBeGreaterThan(10_000);
}

it('captures the home page for the README', async () => {
  const { context, page } = await newPage(env.browser, env.server.url, widths[1280]);
  await page.goto('/');
  await page.locator('h1').first().waitFor();
  await settled(page);
  await capture(page, 'docs/screenshot.png');
  await context.close();
});

describe.each([360, 1280] as const)('at %i px', (width) => {
  it('captures the home page, the Paris → Berlin listing and a package page', async () => {
    const { context, page } = await newPage(env.browser, env.server.url, widths[width]);
    await page.goto('/');
    await page.locator('h1').first().waitFor();
    await settled(page);
    await capture(page, `docs/screenshots/home-${width}.png`, true);

    await page.goto('/packages?from=paris-fr&to=berlin-de');
    await page.getByRole('img', { name: /^Map of the route/ }).waitFor();
    await page.getByRole('article', { name: 'Birthday gift for my sister' }).waitFor();
    await settled(page);
    await capture(page, `docs/screenshots/listing-${width}.png`, true);

    // The package as the demo traveler finds it: its public part, the route map and the offer.
    const signedIn = await context.request.post('/api/auth/sign-in/email', {
      data: { email: 'traveler@tagalong.test', password: DEMO_PASSWORD },
    });
    expect(signedIn.status()).toBe(200);
    await page.reload();
    await page
      .getByRole('article', { name: 'Birthday gift for my sister' })
      .getByRole('link', { name: 'Offer to carry Birthday gift for my sister' })
      .click();
    await page.waitForURL(/\/user\/packages\/[0-9a-f-]{36}#offer$/);
    await page
      .getByRole('img', { name: /^Map of the route/ })
      .first()
      .waitFor();
    await page
      .getByRole('region', { name: 'Offer to carry it' })
      .getByRole('list', { name: 'Your trips that fit' })
      .waitFor();
    await settled(page);
    await capture(page, `docs/screenshots/package-${width}.png`, true);
    await context.close();
  });
});
