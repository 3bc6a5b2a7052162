import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import { expectAccessible, setUpServerAndBrowser } from './support/harness.ts';

// Every back-office screen as the demo administrator sees it, on a phone (360 px) and a desktop: the
// page shows its content (not a placeholder, not an error), nothing scrolls sideways, axe finds
// nothing serious, and the console stays clean. Record pages open on the demo data's own records.

const env = setUpServerAndBrowser({ demoMode: true });

async function signInAsAdmin(page: Page) {
  const res = await page.context().request.post('/api/auth/sign-in/email', {
    data: { email: 'admin@tagalong.test', password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
}

async function firstId(query: ReturnType<typeof sql>): Promise<string> {
  const result = (await env.server.database.db.execute(query)) as unknown as { rows: { id: string }[] };
  const id = result.rows[0]?.id;
  if (!id) throw new Error('the demo data has no such record');
  return id;
}

async function screens(): Promise<{ path: string; heading: RegExp }[]> {
  const member = await firstId(sql`select id from "user" where email = 'sender@tagalong.test'`);
  const pkg = await firstId(sql`select id from package where status <> 'draft' order by created_at limit 1`);
  const request = await firstId(sql`select id from request order by created_at limit 1`);
  const trip = await firstId(sql`select id from travel_plan order by created_at limit 1`);
  const ticket = await firstId(sql`select id from support_ticket order by number limit 1`);
  return [
    { path: '/admin/dashboard', heading: /^Admin dashboard$|Dashboard/ },
    { path: '/admin/users', heading: /^Users$/ },
    { path: `/admin/users/${member}`, heading: /Sam|Sender|sender/ },
    { path: '/admin/packages', heading: /^Packages$/ },
    { path: `/admin/packages/${pkg}`, heading: /./ },
    { path: '/admin/payments', heading: /^Payments$/ },
    { path: '/admin/requests', heading: /^Requests$/ },
    { path: `/admin/requests/${request}`, heading: /./ },
    { path: '/admin/travel-plans', heading: /^Travel plans$/ },
    { path: `/admin/travel-plans/${trip}`, heading: /./ },
    { path: '/admin/audit-log', heading: /^Audit log$/ },
    { path: '/admin/transactions', heading: /^Transactions$/ },
    { path: '/admin/transactions?view=payouts', heading: /^Transactions$/ },
    { path: '/admin/transactions?view=balances', heading: /^Transactions$/ },
    { path: '/admin/system-settings', heading: /^System settings$/ },
    { path: '/admin/communications/notifications', heading: /^Communications$/ },
    { path: '/admin/support', heading: /^Support$/ },
    { path: `/admin/support/${ticket}`, heading: /#\d+/ },
  ];
}

/** The screen's data has arrived: no skeleton or busy table left, no error state. */
async function settled(page: Page, path: string) {
  await page.locator('main h1').first().waitFor();
  await expect
    .poll(async () => {
      const busy = await page.locator('main [aria-busy="true"], main [role="status"][aria-label^="Loading"]').count();
      // A spinner names itself in screen-reader text rather than a label.
      const spinners = await page.locator('main [role="status"]', { hasText: /^Loading/ }).count();
      return busy + spinners;
    })
    .toBe(0);
  // An empty alert region is a live region waiting for a message, not an error.
  const alerts = (await page.locator('main [role="alert"]').allInnerTexts()).filter((text) => text.trim() !== '');
  expect(alerts, `${path} shows an error`).toEqual([]);
}

// Each of these walks every back-office screen (about twenty, axe on each): 45–60 s on a busy CI
// machine, so they get three minutes rather than the default minute a single flow gets.
const EVERY_SCREEN_MS = 180_000;

describe('the back office, screen by screen', () => {
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    it(
      `shows every admin screen at ${viewport.width} px, accessible and without sideways scrolling`,
      () =>
        env.withPage(async ({ page, errors }) => {
          await signInAsAdmin(page);
          for (const screen of await screens()) {
            await page.goto(screen.path);
            await settled(page, screen.path);
            await expect
              .poll(() => page.locator('main h1').first().innerText(), { message: screen.path })
              .toMatch(screen.heading);
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            expect(overflow, `${screen.path} scrolls sideways at ${viewport.width} px`).toBeLessThanOrEqual(0);
            await expectAccessible(page);
          }
          expect(errors).toEqual([]);
        }, viewport),
      EVERY_SCREEN_MS,
    );
  }

  it(
    "reaches every screen's controls by keyboard, each focused control visible on screen",
    () =>
      env.withPage(
        async ({ page }) => {
          await signInAsAdmin(page);
          for (const screen of await screens()) {
            await page.goto(screen.path);
            await settled(page, screen.path);
            let inMain = 0;
            const hidden: string[] = [];
            for (let i = 0; i < 60; i++) {
              await page.keyboard.press('Tab');
              const focused = await page.evaluate(() => {
                const el = document.activeElement as HTMLElement | null;
                if (!el || el === document.body) return null;
                const box = el.getBoundingClientRect();
                return {
                  name: `${el.tagName.toLowerCase()} ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}`,
                  visible: box.width > 0 && box.height > 0 && !el.closest('[aria-hidden="true"]'),
                  inMain: Boolean(el.closest('main')),
                };
              });
              if (!focused) continue;
              if (!focused.visible) hidden.push(focused.name);
              if (focused.inMain) inMain++;
            }
            expect(hidden, `${screen.path}: focus lands on something not shown`).toEqual([]);
            expect(inMain, `${screen.path}: no control of the page is reached by Tab`).toBeGreaterThan(0);
          }
        },
        { width: 360, height: 740 },
      ),
    EVERY_SCREEN_MS,
  );

  it('has the bell and the messages link in the admin header', () =>
    env.withPage(async ({ page }) => {
      await signInAsAdmin(page);
      await page.goto('/admin/dashboard');
      await page.locator('[data-layout="admin-dashboard"]').waitFor();
      await page
        .getByRole('link', { name: /Notifications/ })
        .first()
        .waitFor();
      await page
        .getByRole('link', { name: /Messages/ })
        .first()
        .waitFor();
    }));
});
