import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { user } from '#server/db/schema/auth.ts';
import { earn, IBANS } from '#server/modules/balances/test/helpers.ts';
import { completeDraft } from '#server/modules/packages/test/helpers.ts';
import { signUpVerified } from '#server/test/users.ts';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import { expectAccessible, setUpServerAndBrowser, signUp } from './support/harness.ts';

// Rough edges a new member met, each walked in Chromium on the demo data: a double-clicked Accept,
// toasts over the header, links that read alike, the not-found page's title, a title cut without a
// word, and a payout form that lost the currency still available.

const env = setUpServerAndBrowser({ demoMode: true });

async function signInAs(page: Page, email: string) {
  const res = await page
    .context()
    .request.post('/api/auth/sign-in/email', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('rough edges, smoothed', () => {
  it('accepts once on a double click, says so once, and the toast leaves the header uncovered', () =>
    env.withPage(async ({ page, errors }) => {
      await signInAs(page, 'sender@tagalong.test');
      await page.goto('/user/packages/requests');
      const card = page.locator('article', { hasText: "Children's books" });
      await card.getByRole('button', { name: 'Accept' }).dblclick();
      const toast = page.locator('[data-sonner-toast]', { hasText: 'Accepted' });
      await toast.first().waitFor();
      // Give a second answer the time to arrive if one was sent.
      await page.waitForTimeout(500);
      expect(await page.locator('[data-sonner-toast]').allInnerTexts()).toEqual([
        expect.stringMatching(/^Accepted\. Show the traveler your pickup code/),
      ]);
      expect((await card.getByRole('alert').innerText()).trim()).toBe('');

      const header = await page.locator('header').first().boundingBox();
      const shown = await toast.first().boundingBox();
      expect(header && shown && !overlaps(header, shown)).toBe(true);
      expect(errors).toEqual([]);
    }));

  it('tells a new member up front what is missing before paying, and the dashboard puts it first', () =>
    env.withPage(async ({ context, page, errors }) => {
      await signUp(context, 'newcomer@example.test', 'Nora Newcomer');
      await page.goto('/user/dashboard');
      await page.getByRole('region', { name: 'Get verified' }).waitFor();
      const sections = await page
        .locator('main [role="region"][aria-labelledby^="dashboard-"]')
        .evaluateAll((all) => all.map((r) => r.getAttribute('aria-labelledby')));
      expect(sections[0]).toBe('dashboard-verification');
      await page.getByText(/Your verification comes first/).waitFor();
      expect(await page.getByText(/Nothing needs you right now/).count()).toBe(0);

      await page.goto('/user/packages/send-a-package');
      await page
        .getByRole('heading', { name: 'Before you can pay, confirm your mobile number and pass the identity check' })
        .waitFor();
      await page.getByRole('textbox', { name: /^Title/ }).waitFor();
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Finish verifying' }).click();
      await page.waitForURL('**/auth/add-mobile-number?redirect=%2Fuser%2Fpackages%2Fsend-a-package');
      expect(errors).toEqual([]);
    }));

  it('says where the money is by the package’s state and the reader’s role', () =>
    env.withPage(async ({ page, errors }) => {
      const db = env.server.database.db;
      const completed = (
        (await db.execute(sql`
          select p.id from package p join payment pay on pay.package_id = p.id
          join "user" u on u.id = p.sender_id
          where p.status = 'completed' and pay.status = 'succeeded' and u.email = 'sender@tagalong.test'
          limit 1`)) as unknown as { rows: { id: string }[] }
      ).rows[0]?.id;
      const carried = (
        (await db.execute(sql`
          select p.id from package p join "user" u on u.id = p.traveler_id
          where p.status in ('matched', 'in_transit') and u.email = 'traveler@tagalong.test'
          limit 1`)) as unknown as { rows: { id: string }[] }
      ).rows[0]?.id;
      expect(completed && carried).toBeTruthy();

      await signInAs(page, 'sender@tagalong.test');
      await page.goto(`/user/packages/${completed}`);
      const line = page.getByTestId('package-payment');
      await line.waitFor();
      expect(await line.innerText()).toContain('Completed: the reward was released to the traveler.');
      expect(await line.innerText()).not.toContain('until the package is delivered');
      await page.locator('dt', { hasText: 'You paid' }).waitFor();

      // The payment's return page, opened again long after.
      await page.goto(`/user/packages/${completed}/payment/callback`);
      await page.getByText(/Your package is completed now\./).waitFor();
      expect(await page.getByRole('link', { name: 'Find a traveler' }).count()).toBe(0);

      await page.context().clearCookies();
      await signInAs(page, 'traveler@tagalong.test');
      await page.goto(`/user/packages/${carried}`);
      await page.locator('dt', { hasText: 'The sender pays' }).waitFor();
      expect(await page.locator('dt', { hasText: /^You pa/ }).count()).toBe(0);
      await page.getByText('We hold your reward until the package is delivered.').waitFor();
      expect(errors).toEqual([]);
    }));

  it('walks the send-a-package steps by the address: Back never checks, the browser’s Back stays, Edit returns to Review', () =>
    env.withPage(async ({ page, errors }) => {
      await signInAs(page, 'sender@tagalong.test');
      await page.goto('/user/packages/send-a-package');
      const heading = (name: string) => page.getByRole('heading', { level: 2, name });
      await page.getByRole('textbox', { name: /^Title/ }).fill('Two paperback books');
      await page.getByRole('combobox', { name: /^Category/ }).selectOption('books');
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await page.waitForURL(/step=photos/);
      const draftId = new URL(page.url()).searchParams.get('draft');
      expect(draftId).toBeTruthy();
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await page.waitForURL(/step=route/);

      // An empty step: Back goes back without a word about it.
      await page.getByRole('button', { name: 'Back' }).click();
      await page.waitForURL(/step=photos/);
      expect(await page.getByRole('alert').filter({ hasText: /\S/ }).count()).toBe(0);
      // The browser's Back and Forward walk the steps of the same draft.
      await page.goBack();
      await page.waitForURL(/step=route/);
      await page.goBack();
      await page.waitForURL(/step=photos/);
      await page.goBack();
      await page.waitForURL(/step=what/);
      expect(new URL(page.url()).searchParams.get('draft')).toBe(draftId);
      expect(await page.getByRole('textbox', { name: /^Title/ }).inputValue()).toBe('Two paperback books');

      // A finished draft: "Edit" on Review opens the step and comes straight back.
      const res = await page.context().request.post('/api/packages', {
        data: { ...completeDraft(), title: 'A finished draft' },
      });
      const complete = (await res.json()) as { id: string };
      await page.goto(`/user/packages/send-a-package?draft=${complete.id}&step=review`);
      await heading('Check and continue to payment').waitFor();
      await page.getByRole('button', { name: /^Edit when/ }).click();
      await page.waitForURL(/step=when&then=review|then=review.*step=when/);
      await page.getByRole('button', { name: 'Save and return to review' }).click();
      await heading('Check and continue to payment').waitFor();
      expect(new URL(page.url()).searchParams.get('step')).toBe('review');
      expect(errors).toEqual([]);
    }));

  it('names each "Find packages" link for its own trip', () =>
    env.withPage(async ({ page }) => {
      await signInAs(page, 'traveler@tagalong.test');
      await page.goto('/user/packages/carry-a-package');
      const links = page.getByRole('link', { name: /^Find packages/ });
      await links.first().waitFor();
      const names = await links.evaluateAll((all) => all.map((a) => a.textContent?.trim() ?? ''));
      expect(names.length).toBeGreaterThan(1);
      expect(new Set(names).size).toBe(names.length);
      expect(names[0]).toMatch(/^Find packages for .+ → .+, leaving /);
    }));

  it('titles the not-found page "Page Not Found", in the tab too', () =>
    env.withPage(async ({ page }) => {
      await page.goto('/no/such/page');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await expect.poll(() => page.title()).toBe('Page Not Found · Tagalong');
    }));

  it('refuses a package title over 100 characters with the rule, rather than cutting it', () =>
    env.withPage(async ({ page }) => {
      await signInAs(page, 'sender@tagalong.test');
      await page.goto('/user/packages/send-a-package');
      const title = page.getByRole('textbox', { name: /^Title/ });
      await title.fill('A'.repeat(120));
      expect((await title.inputValue()).length).toBe(120);
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await page.getByText('Use at most 100 characters').waitFor();
      expect(await title.getAttribute('aria-invalid')).toBe('true');
    }));

  it('keeps offering the currency still available after paying out all of another', () =>
    env.withPage(async ({ context, page, errors }) => {
      const travelerId = await signUp(context, 'two-currencies@example.test', 'Tom Twocurrencies');
      await env.server.database.db
        .update(user)
        .set({ phoneNumber: '+12025550188', phoneNumberVerified: true, kycStatus: 'approved' })
        .where(eq(user.id, travelerId));
      await env.server.app.sessions.userChanged(travelerId);
      const sender = await signUpVerified(env.server.app, 'two-currencies-sender@example.test', 'Sid Sender');
      await earn(env.server.app, { senderId: sender.id, travelerId, reward: 1250, title: 'Euro parcel' });
      await earn(env.server.app, {
        senderId: sender.id,
        travelerId,
        reward: 2400,
        currency: 'GBP',
        title: 'Pound parcel',
      });

      await page.goto('/user/dashboard');
      const form = page.getByRole('form', { name: 'Request a payout' });
      await form.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');
      await form.getByRole('button', { name: 'Pay out all €12.50' }).click();
      await form.getByRole('textbox', { name: /Account holder/ }).fill('Tom Twocurrencies');
      await form.getByRole('textbox', { name: /IBAN/ }).fill(IBANS.de);
      await form.getByRole('button', { name: 'Request payout' }).click();
      await form.getByText(/Payout of €12\.50 requested/).waitFor();

      await form.getByText('Up to £24.00.').waitFor();
      expect(await form.getByText(/€0\.00/).count()).toBe(0);
      await form.getByRole('textbox', { name: /Amount \(GBP\)/ }).waitFor();
      await expectAccessible(page);
      expect(errors).toEqual([]);
    }));
});
