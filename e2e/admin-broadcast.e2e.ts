import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import { expectAccessible, newPage, setUpServerAndBrowser } from './support/harness.ts';

// A broadcast to a segment (docs/product.md §8, ADR 0050): the demo administrator previews the
// audience of "Senders with an open package", sends, and follows it to "Sent"; the demo sender's open
// page shows it live as a toast while the demo traveler's (no open package of her own) never does.

const env = setUpServerAndBrowser({ demoMode: true });

async function signIn(context: BrowserContext, email: string) {
  const res = await context.request.post('/api/auth/sign-in/email', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
}

const toastWith = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function openAndConnected(page: Page) {
  await page.goto('/user/dashboard');
  await expect
    .poll(() => page.getByTestId('realtime-connection').getAttribute('data-connected'), { timeout: 10_000 })
    .toBe('true');
}

describe('broadcasts', () => {
  it('reaches the senders with an open package live, and not the traveler', async () => {
    const sender = await newPage(env.browser, env.server.url);
    const traveler = await newPage(env.browser, env.server.url);
    try {
      await signIn(sender.context, 'sender@tagalong.test');
      await signIn(traveler.context, 'traveler@tagalong.test');
      // The demo traveler also sends a package of her own, open for offers; she cancels it first, so
      // that she is a traveler only and outside the segment.
      const [own] = (
        (await env.server.database.db.execute(sql`
          select p.id from package p join "user" u on u.id = p.sender_id
          where u.email = 'traveler@tagalong.test' and p.status = 'open'`)) as unknown as { rows: { id: string }[] }
      ).rows;
      if (own) {
        const cancelled = await traveler.context.request.post(`/api/packages/${own.id}/cancel`);
        expect(cancelled.status(), await cancelled.text()).toBe(200);
      }
      await openAndConnected(sender.page);
      await openAndConnected(traveler.page);

      await env.withPage(async ({ page, errors }) => {
        await signIn(page.context(), 'admin@tagalong.test');
        await page.goto('/admin/communications/notifications');
        const form = page.getByRole('form', { name: 'New broadcast' });
        await form.getByRole('textbox', { name: 'Title (required)' }).fill('Pickups this weekend');
        await form
          .getByRole('textbox', { name: 'Message (required)' })
          .fill('Travelers are busy: plan your pickups early.');
        await form.getByRole('textbox', { name: 'Link (optional)' }).fill('/user/packages/my-packages');
        await form.getByRole('combobox', { name: 'Audience' }).selectOption({ label: 'Senders with an open package' });
        const count = page.getByRole('status').filter({ hasText: /^[\d,]+ members? will receive it\.$/ });
        await count.waitFor();
        const audience = Number((await count.textContent())?.match(/^([\d,]+)/)?.[1]?.replaceAll(',', ''));
        const [expected] = (
          (await env.server.database.db.execute(sql`
            select count(*)::int as n from "user" u where u.email_verified and not u.banned and u.deleted_at is null
              and exists (select 1 from package p where p.sender_id = u.id and p.status = 'open')`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows;
        expect(audience).toBe(expected?.n);
        await expectAccessible(page);
        await form.getByRole('button', { name: 'Send…' }).click();
        const dialog = page.getByRole('dialog', { name: new RegExp(`Send to ${audience} members?`) });
        await dialog.getByRole('button', { name: 'Send now' }).click();
        await page.getByText('Broadcast queued').first().waitFor();

        const sent = page
          .getByRole('list', { name: 'Sent broadcasts' })
          .getByRole('article', { name: 'Pickups this weekend' });
        await sent.getByText('Sent', { exact: true }).waitFor({ timeout: 10_000 });
        await sent.getByText(new RegExp(`${audience} of ${audience}`)).waitFor();
        expect(errors).toEqual([]);
      });

      await toastWith(sender.page, 'Travelers are busy: plan your pickups early.').waitFor({ timeout: 5_000 });
      // The traveler's tab has been open and connected all along: a second is enough for a push to land.
      await traveler.page.waitForTimeout(1_000);
      expect(await toastWith(traveler.page, 'Travelers are busy').count()).toBe(0);
    } finally {
      await sender.context.close();
      await traveler.context.close();
    }
  });
});
