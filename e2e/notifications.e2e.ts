import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import { NOTIFICATION_PAGE_SIZE } from '#shared/notifications.ts';
import { expectAccessible, newPage, setUpServerAndBrowser, signUp } from './support/harness.ts';

// A notification created by a service (here the identity check, decided by
// the demo administrator through the API) appears as a toast and in the list in every open tab of
// that member; the unread badge follows; marking one or all read shows in every tab.

const env = setUpServerAndBrowser({ demoMode: true });

async function adminContext(): Promise<BrowserContext> {
  const context = await env.browser.newContext({ baseURL: env.server.url });
  const res = await context.request.post('/api/auth/sign-in/email', {
    data: { email: 'admin@tagalong.test', password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
  return context;
}

/** The admin's override of a member's identity check: the KYC service stores and pushes a notification. */
async function decide(admin: BrowserContext, userId: string, decision: 'approve' | 'decline') {
  const res = await admin.request.post(`/api/admin/users/${userId}/kyc/decision`, {
    data: { decision, note: decision === 'approve' ? 'Documents checked by hand' : 'The photo is blurred' },
  });
  expect(res.status()).toBe(200);
}

const APPROVED = 'Your identity check was approved. You can now publish packages and carry them.';
const DECLINED = 'Your identity check did not pass.';

/** The header bell's unread count, 0 when it shows none. */
const bellCount = async (page: Page) => {
  const badge = page.getByTestId('notifications-bell').locator('[data-count]');
  return (await badge.count()) === 0 ? 0 : Number(await badge.getAttribute('data-count'));
};
const list = (page: Page) => page.getByRole('list', { name: 'Notifications' });
const items = (page: Page) => list(page).getByRole('listitem');
const unreadItems = (page: Page) => list(page).locator('li[data-unread="true"]');
const toastWith = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

describe('notifications in every open tab', () => {
  it('shows a service notification as a toast in every open tab and live in every open list; badges and marks follow', async () => {
    const member = await newPage(env.browser, env.server.url);
    const admin = await adminContext();
    try {
      const userId = await signUp(member.context, 'nora@example.test', 'Nora Notified');
      const listTab = member.page;
      await listTab.goto('/user/communication/notifications');
      await listTab.getByRole('heading', { name: "You're all caught up" }).waitFor();
      await expectAccessible(listTab);
      const otherTab = await member.context.newPage();
      const otherErrors: string[] = [];
      otherTab.on('console', (msg) => (msg.type() === 'error' ? otherErrors.push(msg.text()) : undefined));
      await otherTab.goto('/user/dashboard');
      await otherTab.locator('[data-layout="dashboard"]').waitFor();
      expect(await bellCount(otherTab)).toBe(0);
      // Both sockets are in before anything is sent.
      await expect
        .poll(() => otherTab.getByTestId('realtime-connection').getAttribute('data-connected'), { timeout: 10_000 })
        .toBe('true');
      // A second tab on the list itself: the pushed notification must enter every open list live.
      const secondListTab = await member.context.newPage();
      await secondListTab.goto('/user/communication/notifications');
      await secondListTab.getByRole('heading', { name: "You're all caught up" }).waitFor();
      for (const tab of [listTab, secondListTab]) {
        await expect
          .poll(() => tab.getByTestId('realtime-connection').getAttribute('data-connected'), { timeout: 10_000 })
          .toBe('true');
      }

      await decide(admin, userId, 'decline');
      for (const tab of [listTab, secondListTab, otherTab]) {
        await toastWith(tab, DECLINED).waitFor({ timeout: 5_000 });
        await expect.poll(() => bellCount(tab)).toBe(1);
      }
      for (const tab of [listTab, secondListTab]) {
        await list(tab)
          .getByRole('link', { name: /Your identity check was declined/ })
          .waitFor();
        expect(await unreadItems(tab).count()).toBe(1);
      }
      await secondListTab.close();

      await decide(admin, userId, 'approve');
      for (const tab of [listTab, otherTab]) {
        await toastWith(tab, APPROVED).waitFor({ timeout: 5_000 });
        await expect.poll(() => bellCount(tab)).toBe(2);
      }
      // Newest first, both unread, marked for screen readers too.
      expect(await items(listTab).first().innerText()).toContain('Your identity is confirmed');
      expect(await unreadItems(listTab).count()).toBe(2);
      await unreadItems(listTab).first().getByRole('link', { name: 'Your identity is confirmed (unread)' }).waitFor();
      await expectAccessible(listTab);

      // The other tab opens the list and one notification's link: that one is read, in both tabs.
      await otherTab.getByTestId('notifications-bell').click();
      await otherTab.waitForURL('**/user/communication/notifications');
      await expect.poll(() => unreadItems(otherTab).count()).toBe(2);
      await list(otherTab)
        .getByRole('link', { name: /Your identity check was declined/ })
        .click();
      await otherTab.waitForURL('**/kyc/kycaid-callback');
      await expect.poll(() => unreadItems(listTab).count()).toBe(1);
      await expect.poll(() => bellCount(listTab)).toBe(1);

      // Mark all read: the badge clears here and in the other tab.
      await otherTab.goto('/user/dashboard');
      await expect.poll(() => bellCount(otherTab)).toBe(1);
      // The reloaded tab's socket is in again before the mark is made, or it could not hear it.
      await expect
        .poll(() => otherTab.getByTestId('realtime-connection').getAttribute('data-connected'), { timeout: 10_000 })
        .toBe('true');
      await listTab.getByRole('button', { name: 'Mark all as read' }).click();
      await expect.poll(() => unreadItems(listTab).count()).toBe(0);
      await expect.poll(() => bellCount(listTab)).toBe(0);
      await expect.poll(() => bellCount(otherTab)).toBe(0);
      expect(await listTab.getByRole('button', { name: 'Mark all as read' }).count()).toBe(0);
      expect(member.errors).toEqual([]);
      expect(otherErrors).toEqual([]);
    } finally {
      await member.context.close();
      await admin.close();
    }
  });

  it('pages with "Load more", marks one read with its button, and fits 360 px', () =>
    env.withPage(
      async ({ context, page, errors }) => {
        const admin = await adminContext();
        try {
          const userId = await signUp(context, 'paige@example.test', 'Paige Many');
          const total = NOTIFICATION_PAGE_SIZE + 3;
          for (let i = 0; i < total; i += 1) await decide(admin, userId, i % 2 === 0 ? 'decline' : 'approve');

          await page.goto('/user/communication/notifications');
          await expect.poll(() => items(page).count()).toBe(NOTIFICATION_PAGE_SIZE);
          await expect.poll(() => bellCount(page)).toBe(total);
          await page.getByRole('button', { name: 'Load more' }).click();
          await expect.poll(() => items(page).count()).toBe(total);
          await page.getByText(`${total} notifications, all shown.`).waitFor();

          await unreadItems(page)
            .first()
            .getByRole('button', { name: /^Mark as read/ })
            .click();
          await expect.poll(() => unreadItems(page).count()).toBe(total - 1);
          await expect.poll(() => bellCount(page)).toBe(total - 1);
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
          ).toBeLessThanOrEqual(0);
          await expectAccessible(page);
          expect(errors).toEqual([]);
        } finally {
          await admin.close();
        }
      },
      { width: 360, height: 740 },
    ));
});
