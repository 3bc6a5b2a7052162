import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouteDef, routes } from '#shared/routes.ts';
import { type E2EServer, expectAccessible, launchBrowser, newPage, startServer } from './support/harness.ts';

// Every route of the route table, visited by a visitor: the page appears in its layout, or a guarded one
// sends the visitor to sign-in with the original path in `redirect`. No console errors anywhere;
// axe-core finds nothing serious on the public pages.

const sampleId = '3f0e8a4e-5b8c-4d1e-9a7b-2c6d8e9f0a1b';
// Parameters that are not record ids take a value of their own shape (see RouteDef.params).
const sampleParams: Record<string, string> = { ref: 'cs_sandbox_e2eSampleRef0123' };
const concrete = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => sampleParams[name] ?? sampleId);

let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ demoMode: true }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Where a visitor ends up: redirect routes first go to their parent, whose guard then applies. */
function expectedLanding(route: RouteDef): { layout: string } | { login: string } {
  const target = route.redirectTo ? (routes.find((r) => r.path === route.redirectTo) as RouteDef) : route;
  if (target.guard) return { login: concrete(target.path) };
  return { layout: target.layout };
}

const visitable = (routes as readonly RouteDef[]).filter((r) => r.path !== '/dev/crash' && r.path !== '/dashboard');

describe('every route of the route table, as a visitor', () => {
  it.each(visitable.map((r) => [r.path, r] as const))('%s', async (_path, route) => {
    const { context, page, errors } = await newPage(browser, server.url);
    try {
      const path = concrete(route.path);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      const landing = expectedLanding(route);
      if ('login' in landing) {
        await page.waitForURL((url) => url.pathname === '/auth/login');
        expect(new URL(page.url()).searchParams.get('redirect')).toBe(landing.login);
        await expect.poll(() => page.locator('[data-layout="authpages"]').count()).toBe(1);
      } else {
        await expect.poll(() => page.locator(`[data-layout="${landing.layout}"]`).count()).toBe(1);
        await page.locator('h1').first().waitFor();
        expect(new URL(page.url()).pathname).toBe(path);
        await expectAccessible(page);
      }
      // The sample id names no member and no trip: those public pages ask the API and are told 404, as they should be.
      const expected = ['/user/view/{id}', '/trips/{id}'].includes(route.path)
        ? errors.filter((e) => !/status of 404/.test(e))
        : errors;
      expect(expected).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
