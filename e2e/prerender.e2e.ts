import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import { APP_READY_ATTRIBUTE } from '#shared/page-shell.ts';
import { nudgePointer } from './support/app-ready.ts';
import { expectAccessible, setUpServerAndBrowser } from './support/harness.ts';

// The public pages arrive rendered by the server (ADR 0056): readable before the app's JavaScript has
// run, safe to use meanwhile, and taken over by the app without a mismatch once it has.

const env = setUpServerAndBrowser({ demoMode: true });

/** A page whose app chunk is held back until `release()`: what a slow phone shows meanwhile. */
async function withAppHeldBack(path: string, viewport = { width: 360, height: 740 }, timezoneId?: string) {
  // A context of its own, without the harness's wait for the app after each navigation.
  const context = await env.browser.newContext({
    baseURL: env.server.url,
    viewport,
    locale: 'en-GB',
    ...(timezoneId ? { timezoneId } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const held: Route[] = [];
  let released = false;
  let appRequests = 0;
  await page.route(/\/assets\/main-[\w-]+\.js$/, (route) => {
    appRequests += 1;
    return released ? route.continue() : void held.push(route);
  });
  const response = await page.goto(path);
  return {
    context,
    page,
    errors,
    response,
    /** The scripts the page asked for so far. */
    scripts,
    /** How many times the app's chunk was asked for. */
    appRequests: () => appRequests,
    async release() {
      released = true;
      for (const route of held.splice(0)) await route.continue();
      // A visitor's home page fetches the app on the first interaction (ADR 0064).
      await nudgePointer(page);
      await page.waitForFunction(
        (attribute) => document.documentElement.getAttribute(attribute) === 'ready',
        APP_READY_ATTRIBUTE,
      );
    },
  };
}

describe('prerendered public pages', () => {
  it('shows the home page, listing and sign-in page before the app runs, then hands them over without an error', async () => {
    const cases = [
      { path: '/', heading: 'Send packages with travelers already making the trip' },
      { path: '/packages?from=paris-fr&to=berlin-de', heading: 'Packages to carry' },
      { path: '/auth/login', heading: 'Sign in' },
    ];
    for (const { path, heading } of cases) {
      const held = await withAppHeldBack(path);
      try {
        expect(held.response?.status()).toBe(200);
        await expect.poll(() => held.page.getByRole('heading', { level: 1, name: heading }).isVisible()).toBe(true);
        expect(
          await held.page.evaluate((a) => document.documentElement.getAttribute(a), APP_READY_ATTRIBUTE),
        ).toBeNull();
        await held.release();
        await expectAccessible(held.page);
        expect(held.errors, path).toEqual([]);
        // What only members' forms need stays off the public pages: the phone-number library above all.
        expect(
          held.scripts.filter((file) => /\/assets\/(phone|packages)-/.test(file)),
          path,
        ).toEqual([]);
      } finally {
        await held.context.close();
      }
    }
  });

  it('never sends a form by itself before the app runs (no password in the address)', async () => {
    const held = await withAppHeldBack('/auth/login');
    try {
      const page = held.page;
      await page.getByLabel('Email').fill('sender@tagalong.test');
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByLabel('Password', { exact: true }).press('Enter');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await held.page.waitForTimeout(300);
      expect(new URL(held.page.url()).search).toBe('');
      expect(held.page.url()).not.toContain(DEMO_PASSWORD);
      // Once the app is there, what was typed and sent meanwhile is sent by it (ADR 0064): signed in.
      await held.release();
      await page.waitForURL((url) => url.pathname.startsWith('/user/'));
      expect(held.page.url()).not.toContain(DEMO_PASSWORD);
      expect(held.errors).toEqual([]);
    } finally {
      await held.context.close();
    }
  });

  it('gives a visitor the home page without the app, fetched on the first interaction; what was typed and sent meanwhile is kept', async () => {
    const held = await withAppHeldBack('/');
    try {
      const page = held.page;
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      // Drawn for a visitor (the header's links are there) and usable as it is: no app chunk asked for.
      expect(await page.getByRole('link', { name: 'Sign in' }).isVisible()).toBe(true);
      expect(held.appRequests()).toBe(0);

      // Typing into the search is the first interaction: the app is fetched (held back here, as on a
      // slow line) while the field takes the text and Enter sends the form.
      await page.getByRole('combobox', { name: 'From' }).click();
      await page.keyboard.type('Pari');
      await page.keyboard.press('Enter');
      await expect.poll(() => held.appRequests()).toBeGreaterThan(0);
      expect(await page.evaluate((a) => document.documentElement.getAttribute(a), APP_READY_ATTRIBUTE)).toBeNull();

      await held.release();
      expect(await page.getByRole('combobox', { name: 'From' }).inputValue()).toBe('Pari');
      // The search sent before the app is sent by it: the typed text is not a chosen city yet.
      await expect
        .poll(() => page.getByText('Choose a city from the list, or clear the field to search every city.').isVisible())
        .toBe(true);
      await page.getByRole('combobox', { name: 'From' }).press('End');
      await page.keyboard.type('s');
      await page
        .getByRole('option', { name: /^Paris/ })
        .first()
        .click();
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL((url) => url.pathname === '/packages' && url.searchParams.get('from') === 'paris-fr');
      expect(held.errors).toEqual([]);
    } finally {
      await held.context.close();
    }
  });

  it('gives a visitor a listing with its results and map in the HTML, and the app on the first interaction', async () => {
    const listing = '/packages?from=paris-fr&to=berlin-de';
    // The API's first answer in a fresh process is slow (a page whose answers are late is sent
    // without them): the listing is asked once before, as on any running server.
    expect((await fetch(`${env.server.url}/api/browse/packages?from=paris-fr&to=berlin-de`)).ok).toBe(true);
    const held = await withAppHeldBack(listing, { width: 1280, height: 800 });
    try {
      const page = held.page;
      const asked: string[] = [];
      page.on('request', (request) => {
        // The API asked by script (the cards' photos are images, loaded as the HTML names them).
        if (['fetch', 'xhr'].includes(request.resourceType())) asked.push(new URL(request.url()).pathname);
      });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      // The cards, the route search's cities and the map are there without the app or a request.
      const cards = page.getByRole('list', { name: 'open packages' }).getByRole('listitem');
      expect(await cards.count()).toBeGreaterThan(0);
      const first = (await cards.first().getByRole('heading').innerText()).trim();
      expect(await page.getByRole('combobox', { name: 'From' }).inputValue()).toBe('Paris, France');
      expect(await page.getByRole('img', { name: /^Map of the route from Paris to Berlin/ }).isVisible()).toBe(true);
      expect(held.appRequests()).toBe(0);
      expect(asked).toEqual([]);

      // The app comes on the first interaction, takes the page over without a mismatch (none in the
      // console) and asks again for the answers it did not fetch itself.
      await held.release();
      await expect.poll(() => asked.includes('/api/browse/packages')).toBe(true);
      // Every answer, however long it would keep otherwise: the page may have been cached a while.
      await expect.poll(() => asked.includes('/api/settings/public')).toBe(true);
      expect((await cards.first().getByRole('heading').innerText()).trim()).toBe(first);
      await expectAccessible(page);
      expect(held.errors).toEqual([]);
    } finally {
      await held.context.close();
    }
  });

  it("gives a visitor a trip's page with its times, taken over by the app in the reader's locale", async () => {
    const trips = (await (await fetch(`${env.server.url}/api/browse/trips?from=paris-fr&to=berlin-de`)).json()) as {
      items: { id: string; departureAt: string }[];
    };
    const trip = trips.items[0];
    if (!trip) throw new Error('the demo has no trip from Paris to Berlin');
    // A reader in New York: the same locale as the server's HTML, another time zone.
    const held = await withAppHeldBack(`/trips/${trip.id}`, { width: 1280, height: 800 }, 'America/New_York');
    try {
      const leaves = held.page.locator(`time[datetime="${trip.departureAt}"]`).first();
      // Written by the server in its fixed conventions (en-GB, UTC: "1 Mar 2026, 10:00")…
      await expect.poll(() => leaves.innerText()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
      const drawn = await leaves.innerText();
      await held.release();
      // …and by the app in the reader's, without a mismatch for React to complain about.
      const reader = await held.page.evaluate(
        (iso) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
        trip.departureAt,
      );
      expect(reader).not.toBe(drawn);
      await expect.poll(() => leaves.innerText()).toBe(reader);
      expect(held.errors).toEqual([]);
    } finally {
      await held.context.close();
    }
  });

  it('lets the browser draw the member pages itself', async () => {
    const res = await fetch(`${env.server.url}/user/dashboard`);
    expect(await res.text()).toContain('<div id="root"></div>');
    const home = await (await fetch(`${env.server.url}/`)).text();
    expect(home).toMatch(/<div id="root"[^>]*>(<link [^>]*>)*<div[^>]*data-layout="miscpages"/);
  });
});
