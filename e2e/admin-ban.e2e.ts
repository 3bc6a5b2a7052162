import { and, eq, inArray } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { user } from '#server/db/schema/auth.ts';
import { packages } from '#server/db/schema/packages.ts';
import { payments } from '#server/db/schema/payments.ts';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import { newPage, setUpServerAndBrowser } from './support/harness.ts';

// The demo administrator finds the demo sender by e-mail and bans them while the sender has a tab open
// (docs/product.md §8.3): the sender's open paid packages are cancelled and refunded in full, the open
// tab is signed out, the ban and the unban are both in the audit log screen.

const env = setUpServerAndBrowser({ demoMode: true });

async function signIn(context: BrowserContext, email: string) {
  const res = await context.request.post('/api/auth/sign-in/email', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
}

async function openPaidPackagesOf(email: string) {
  const db = env.server.database.db;
  const [sender] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!sender) throw new Error(`no ${email}`);
  const open = await db
    .select({ id: packages.id })
    .from(packages)
    .innerJoin(payments, eq(payments.packageId, packages.id))
    .where(and(eq(packages.senderId, sender.id), eq(packages.status, 'open'), eq(payments.status, 'succeeded')));
  return { senderId: sender.id, open: open.map((p) => p.id) };
}

async function actWithReason(page: Page, trigger: string, confirm: string, reason: string) {
  await page.getByRole('button', { name: trigger, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /Reason/ }).fill(reason);
  await dialog.getByRole('button', { name: confirm }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('banning a member from the back office', () => {
  it('finds the sender by e-mail, bans them (open paid packages refunded, open tab signed out), then unbans', async () => {
    const { open, senderId } = await openPaidPackagesOf('sender@tagalong.test');
    expect(open.length).toBeGreaterThan(0);

    const member = await newPage(env.browser, env.server.url);
    const admin = await newPage(env.browser, env.server.url);
    try {
      await signIn(member.context, 'sender@tagalong.test');
      await member.page.goto('/user/packages/my-packages');
      await member.page.locator('[data-layout="dashboard"] main h1').waitFor();

      await signIn(admin.context, 'admin@tagalong.test');
      const page = admin.page;
      await page.goto('/admin/users');
      await page.getByRole('searchbox', { name: 'Search members' }).fill('sender@tagalong');
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('sender@tagalong');
      await page
        .getByRole('table')
        .getByRole('link', { name: /Sam Sender/ })
        .click();
      await page.waitForURL(`**/admin/users/${senderId}`);
      await page.getByRole('heading', { level: 1, name: /Sam Sender/ }).waitFor();

      await actWithReason(page, 'Ban', 'Ban member', 'Listing prohibited items');
      await page.getByText('Banned', { exact: true }).first().waitFor();

      const after = await env.server.database.db
        .select({
          status: packages.status,
          paid: payments.status,
          refunded: payments.refundedAmount,
          amount: payments.amount,
        })
        .from(packages)
        .innerJoin(payments, eq(payments.packageId, packages.id))
        .where(inArray(packages.id, open));
      expect(after.map((p) => p.status)).toEqual(open.map(() => 'cancelled'));
      for (const p of after)
        expect({ paid: p.paid, refunded: p.refunded }).toEqual({ paid: 'refunded', refunded: p.amount });

      // The sender's tab, left open, finds itself signed out.
      await member.page.waitForURL((url) => url.pathname === '/auth/login', { timeout: 15_000 });

      await actWithReason(page, 'Unban', 'Unban member', 'Appeal accepted');
      await expect.poll(() => page.getByText('Banned', { exact: true }).count()).toBe(0);

      await page.goto('/admin/audit-log');
      const table = page.getByRole('table', { name: 'Audit log' });
      await table.getByRole('link', { name: 'Banned a member' }).first().waitFor();
      await table.getByRole('link', { name: 'Lifted a ban' }).first().waitFor();
      expect(await table.getByText('Listing prohibited items').count()).toBeGreaterThan(0);
    } finally {
      await member.context.close();
      await admin.context.close();
    }
  });
});
