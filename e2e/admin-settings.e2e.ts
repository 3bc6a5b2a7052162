import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import { expectAccessible, setUpServerAndBrowser } from './support/harness.ts';

// The demo administrator changes the fee and switches the maintenance notice on from
// /admin/system-settings (docs/product.md §10): the next package is priced with the new fee at once,
// without a restart, and a visitor's page shows the notice. The change is in the audit log screen.

const env = setUpServerAndBrowser({ demoMode: true });

async function signIn(page: Page, email: string) {
  const res = await page.context().request.post('/api/auth/sign-in/email', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
}

describe('system settings from the back office', () => {
  it('a new fee prices the next package at once, and the notice shows to visitors', async () => {
    await env.withPage(async ({ page, errors }) => {
      await signIn(page, 'admin@tagalong.test');
      await page.goto('/admin/system-settings');
      const fee = page.getByRole('textbox', { name: 'Fee (%)' });
      await fee.fill('15');
      await page.getByRole('checkbox', { name: 'Show the notice on every page' }).check();
      await page.getByRole('textbox', { name: 'Notice' }).fill('Payments pause tonight 22:00–23:00 UTC.');
      await page.getByRole('button', { name: 'Save changes' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: /Reason/ }).fill('New pricing and tonight’s maintenance');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Settings saved. They are in force now.').waitFor();
      await expectAccessible(page);

      await page.goto('/admin/audit-log?action=setting.change');
      await page.getByRole('table').getByText('New pricing and tonight’s maintenance').first().waitFor();
      expect(errors).toEqual([]);
    });

    await env.withPage(async ({ page }) => {
      await signIn(page, 'sender@tagalong.test');
      const created = await page.context().request.post('/api/packages', {
        data: { title: 'Tea for a friend', reward: 2000 },
      });
      expect(created.status()).toBe(201);
      expect(await created.json()).toMatchObject({ reward: 2000, fee: 300 });
    });

    await env.withPage(
      async ({ page }) => {
        await page.goto('/');
        const notice = page.getByRole('complementary', { name: 'Service notice' });
        await notice.waitFor();
        expect(await notice.textContent()).toBe('Payments pause tonight 22:00–23:00 UTC.');
        await expectAccessible(page);
      },
      { width: 360, height: 740 },
    );
  });
});
