import { eq, sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { packages } from '#server/db/schema/packages.ts';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import { newPage, setUpServerAndBrowser } from './support/harness.ts';

// Disputes resolved on evidence (docs/product.md §2.5, §8): on two packages in transit, the sender opens
// a dispute and both parties add text and a photo; the demo administrator sees the photos on the
// package's record and resolves one for the sender (refunded) and one for the traveler (completed).

const env = setUpServerAndBrowser({ demoMode: true });

async function signIn(context: BrowserContext, email: string) {
  const res = await context.request.post('/api/auth/sign-in/email', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
}

/** Two packages under way, with their parties' e-mails. */
async function inTransit() {
  const result = (await env.server.database.db.execute(sql`
    select p.id, p.title, s.email as sender, t.email as traveler from package p
    join "user" s on s.id = p.sender_id join "user" t on t.id = p.traveler_id
    where p.status = 'in_transit' order by p.created_at limit 2`)) as unknown as {
    rows: { id: string; title: string; sender: string; traveler: string }[];
  };
  return result.rows;
}

const photo = (colour: string) =>
  sharp({ create: { width: 96, height: 64, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** A party adds text and one photo through the package page's evidence form. */
async function addEvidence(page: Page, packageId: string, text: string, colour: string) {
  await page.goto(`/user/packages/${packageId}`);
  const form = page.getByRole('form', { name: 'Add evidence' });
  await form.getByRole('textbox', { name: 'What you want the administrator to know' }).fill(text);
  await form
    .getByLabel('Photos')
    .setInputFiles({ name: `${colour}.png`, mimeType: 'image/png', buffer: await photo(colour) });
  await form.getByRole('button', { name: 'Add evidence' }).click();
  await page.getByText(text).first().waitFor();
}

async function resolve(page: Page, packageId: string, choice: string, note: string) {
  await page.goto(`/admin/packages/${packageId}`);
  const dispute = page.getByRole('region', { name: 'Dispute' });
  // Both parties' photos are on the record, as images that load.
  await expect.poll(() => dispute.locator('img').count()).toBeGreaterThanOrEqual(2);
  // The evidence images load lazily: each is brought into view and given the time to arrive.
  for (const img of await dispute.locator('img').all()) {
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
  }
  const form = page.getByRole('form', { name: 'Resolve the dispute' });
  await form.getByRole('radio', { name: choice }).check();
  await form.getByRole('textbox', { name: 'Note to both parties' }).fill(note);
  await form.getByRole('button', { name: 'Resolve the dispute…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resolve', exact: true }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

const statusOf = async (id: string) =>
  (await env.server.database.db.select({ status: packages.status }).from(packages).where(eq(packages.id, id)))[0]
    ?.status;

describe('disputes resolved on evidence', () => {
  it('both parties add text and photos; the admin sees them and resolves one each way', async () => {
    const [one, two] = await inTransit();
    if (!one || !two) throw new Error('the demo data needs two packages in transit');
    const sender = await newPage(env.browser, env.server.url);
    const traveler = await newPage(env.browser, env.server.url);
    const admin = await newPage(env.browser, env.server.url);
    const others: Awaited<ReturnType<typeof newPage>>[] = [];
    const partyPage = async (email: string) => {
      if (email === 'sender@tagalong.test') return sender;
      if (email === 'traveler@tagalong.test') return traveler;
      const page = await newPage(env.browser, env.server.url);
      others.push(page);
      return page;
    };
    try {
      for (const pkg of [one, two]) {
        const s = await partyPage(pkg.sender);
        const t = await partyPage(pkg.traveler);
        await signIn(s.context, pkg.sender);
        await signIn(t.context, pkg.traveler);
        const opened = await s.context.request.post(`/api/packages/${pkg.id}/dispute`, {
          data: { reason: 'damaged', details: 'The contents arrived broken, photos attached.' },
        });
        expect(opened.status(), await opened.text()).toBeLessThan(300);
        await addEvidence(s.page, pkg.id, `Sender's evidence for ${pkg.title}`, '#c0392b');
        await addEvidence(t.page, pkg.id, `Traveler's evidence for ${pkg.title}`, '#2471a3');
      }

      await signIn(admin.context, 'admin@tagalong.test');
      await resolve(admin.page, one.id, 'Refund the sender fully', 'The photos show the damage happened in transit.');
      expect(await statusOf(one.id)).toBe('refunded');
      await resolve(admin.page, two.id, 'Release to the traveler', 'The hand-over photo shows it intact.');
      expect(await statusOf(two.id)).toBe('completed');

      await admin.page.goto('/admin/audit-log');
      const log = admin.page.getByRole('table', { name: 'Audit log' });
      await log.getByRole('link', { name: 'Resolved a dispute: refunded the sender' }).first().waitFor();
      await log.getByRole('link', { name: 'Resolved a dispute: released to the traveler' }).first().waitFor();
    } finally {
      await sender.context.close();
      await traveler.context.close();
      await admin.context.close();
      for (const other of others) await other.context.close();
    }
  });
});
