import { and, desc, eq, like, sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/outbox.ts';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import { expectAccessible, setUpServerAndBrowser } from './support/harness.ts';

// The support desk (docs/product.md §13): a visitor writes from /need-help and gets a number and a
// confirmation; the administrator's queue shows the ticket live; the answer reaches the visitor by
// e-mail and a member in their help center. The dashboard's "Needs you now" leads to a dispute and
// to the waiting tickets.

const env = setUpServerAndBrowser({ demoMode: true });

async function signIn(context: BrowserContext, email: string) {
  const res = await context.request.post('/api/auth/sign-in/email', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
}

/** The newest e-mail to an address whose subject has these words. */
async function mailFor(to: string, subject: string) {
  const db = env.server.database.db;
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, `%${subject}%`)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}

async function writeToUs(page: Page, message: string, email?: string) {
  await page.goto('/need-help');
  const form = page.getByRole('form', { name: 'Write to the Tagalong team' });
  if (email) await form.getByRole('textbox', { name: /Your e-mail address/ }).fill(email);
  await form.getByRole('combobox', { name: /What is it about/ }).selectOption({ label: 'A payment, refund or payout' });
  await form.getByRole('textbox', { name: /Your message/ }).fill(message);
  await form.getByRole('button', { name: 'Send message' }).click();
  const sent = page.getByText(/We have your message — reference #\d+/);
  await sent.waitFor();
  return Number((await sent.textContent())?.match(/#(\d+)/)?.[1]);
}

async function answer(page: Page, ticket: number, words: string) {
  await page.getByRole('link', { name: `#${ticket}`, exact: true }).click();
  await page
    .getByRole('heading', { name: new RegExp(`#${ticket}`) })
    .first()
    .waitFor();
  await page.getByRole('textbox', { name: /Your answer/ }).fill(words);
  await page.getByRole('button', { name: 'Send answer' }).click();
  await page.getByText('Answered', { exact: true }).first().waitFor();
}

describe('the support desk', () => {
  it('a visitor writes, the queue shows it live, the answer reaches them by e-mail', async () => {
    await env.withPage(async ({ page: admin, errors }) => {
      await signIn(admin.context(), 'admin@tagalong.test');
      await admin.goto('/admin/support');
      await admin.getByRole('table', { name: 'Support tickets' }).waitFor();

      const ticket = await env.withPage(
        async ({ page }) => {
          const number = await writeToUs(
            page,
            'I was charged twice for my parcel to Lyon.',
            'vera.visitor@example.test',
          );
          await expectAccessible(page);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow).toBeLessThanOrEqual(0);
          return number;
        },
        { width: 360, height: 740 },
      );
      expect(ticket).toBeGreaterThan(0);
      expect((await mailFor('vera.visitor@example.test', `We have your message (#${ticket})`))?.text).toContain(
        'I was charged twice for my parcel to Lyon.',
      );

      // No reload: the new-ticket notification refreshes the queue.
      await admin.getByRole('link', { name: `#${ticket}`, exact: true }).waitFor();
      await expectAccessible(admin);
      await answer(admin, ticket, 'We refunded the second charge today; it shows within five working days.');
      await expectAccessible(admin);
      expect(errors).toEqual([]);
    });

    const reply = await mailFor('vera.visitor@example.test', 'answered your message');
    expect(reply?.text).toContain('We refunded the second charge today; it shows within five working days.');
  });

  it('a member reads the answer in their help center and writes again', async () => {
    let ticket = 0;
    await env.withPage(async ({ page }) => {
      await signIn(page.context(), 'traveler@tagalong.test');
      ticket = await writeToUs(page, 'When will my payout for the headphones arrive?');
    });

    await env.withPage(async ({ page }) => {
      await signIn(page.context(), 'admin@tagalong.test');
      await page.goto('/admin/support');
      await answer(page, ticket, 'It left this morning, Tess.');
    });

    await env.withPage(
      async ({ page, errors }) => {
        await signIn(page.context(), 'traveler@tagalong.test');
        await page.goto('/user/help-center');
        await page.getByRole('region', { name: 'Your conversations with us' }).getByText(`#${ticket}`).click();
        await page.getByText('It left this morning, Tess.').waitFor();
        await expectAccessible(page);
        await page.getByRole('textbox', { name: /Your message/ }).fill('Thank you, it has arrived now.');
        await page.getByRole('button', { name: /Send/ }).click();
        await page.getByText('Thank you, it has arrived now.').waitFor();
        expect(errors).toEqual([]);
      },
      { width: 360, height: 740 },
    );
    const answered = await mailFor('traveler@tagalong.test', `answered your message (#${ticket})`);
    expect(answered?.text).toContain('It left this morning, Tess.');
  });

  it("the dashboard's waiting work leads to the dispute and to the tickets", async () => {
    const [disputed] = (
      (await env.server.database.db.execute(sql`
        select p.id, p.title from package p join "user" s on s.id = p.sender_id
        where p.status = 'in_transit' and s.email = 'sender@tagalong.test' order by p.created_at limit 1`)) as unknown as {
        rows: { id: string; title: string }[];
      }
    ).rows;
    if (!disputed) throw new Error('the demo has a package in transit');
    await env.withPage(async ({ page }) => {
      await signIn(page.context(), 'sender@tagalong.test');
      const opened = await page.context().request.post(`/api/packages/${disputed.id}/dispute`, {
        data: { reason: 'damaged', details: 'The box arrived open and the contents scratched.' },
      });
      expect(opened.status(), await opened.text()).toBeLessThan(300);
    });

    await env.withPage(async ({ page, errors }) => {
      await signIn(page.context(), 'admin@tagalong.test');
      await page.goto('/admin/dashboard');
      const attention = page.getByRole('region', { name: 'Needs you now' });
      await attention.getByRole('link', { name: 'Open disputes' }).click();
      await page.waitForURL(/\/admin\/packages\?status=disputed/);
      await page.getByRole('link', { name: disputed.title }).first().waitFor();

      await page.goto('/admin/dashboard');
      await page
        .getByRole('region', { name: 'Needs you now' })
        .getByRole('link', { name: 'Support tickets waiting' })
        .click();
      await page.waitForURL(/\/admin\/support\?status=open/);
      // The demo's own waiting ticket: Sam's question about his chocolates.
      await page.getByRole('table', { name: 'Support tickets' }).getByText('Sam Sender').first().waitFor();
      await expectAccessible(page);
      expect(errors).toEqual([]);
    });
  });
});
