import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { completeDraft } from '#server/modules/packages/test/helpers.ts';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import type { Package, PackageView } from '#shared/packages.ts';
import type { StartPaymentResponse } from '#shared/payments.ts';
import { expectAccessible, setUpServerAndBrowser } from './support/harness.ts';

// Counter-offers (docs/product.md §4.5). Lower: Tess offers to carry Sam's €25.00 package for €20.00,
// Sam counters with €22.00, Tess accepts it; the package is matched at €22.00 and Sam hears that the
// difference (€27.50 paid, €22.00 + €2.20 fee agreed: €3.30) is on its way back. Higher: Tess asks
// €30.00, Sam counters €28.00, Tess accepts; Sam pays the €3.30 difference (€28.00 + €2.80 fee, less
// €27.50 paid) on the sandbox checkout and only then is the package matched.

const env = setUpServerAndBrowser({ demoMode: true });
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Sam Sender' };
const TITLE = 'Negotiated ceramic vase';

async function signIn(context: BrowserContext, email: string) {
  const res = await context.request.post('/api/auth/sign-in/email', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
}

/** A Paris → Berlin package at €25.00, paid on the sandbox checkout through the API: published. */
async function publish(context: BrowserContext, title = TITLE): Promise<string> {
  const draft = await context.request.post('/api/packages', { data: { ...completeDraft(), title } });
  expect(draft.status()).toBe(201);
  const { id } = (await draft.json()) as Package;
  const start = (await (
    await context.request.post(`/api/packages/${id}/payments`, { data: {} })
  ).json()) as StartPaymentResponse;
  const ref = new URL(start.url, env.server.url).pathname.split('/').pop();
  expect((await context.request.post(`/api/payments/sandbox/${ref}/pay`, { data: CARD })).ok()).toBe(true);
  return id;
}

/** The package's journal entries, as the back office reads them: their kinds and what escrow holds of it. */
async function journalOf(packageId: string) {
  const admin = await env.browser.newContext({ baseURL: env.server.url });
  try {
    await signIn(admin, 'admin@tagalong.test');
    const res = await admin.request.get(`/api/admin/ledger/entries?packageId=${packageId}`);
    expect(res.status()).toBe(200);
    const { items } = (await res.json()) as { items: { kind: string; lines: { account: string; amount: number }[] }[] };
    const escrow = items
      .flatMap((entry) => entry.lines)
      .filter((line) => line.account === 'escrow')
      .reduce((sum, line) => sum + line.amount, 0);
    return { kinds: items.map((entry) => entry.kind).sort(), escrow };
  } finally {
    await admin.close();
  }
}

describe('counter-offers', () => {
  it('a traveler offers a lower reward, the sender counters, the traveler accepts: matched at the agreed amount', () =>
    env.withPage(async ({ context, page, errors }) => {
      const sender = await env.browser.newContext({ baseURL: env.server.url });
      try {
        await signIn(sender, 'sender@tagalong.test');
        const id = await publish(sender);

        // Tess offers €20.00 from the package's page.
        await signIn(context, 'traveler@tagalong.test');
        await page.goto(`/user/packages/${id}`);
        await page
          .getByRole('button', { name: new RegExp(`^Offer to carry ${TITLE} on your trip`) })
          .first()
          .click();
        const dialog = page.getByRole('dialog', { name: `Offer to carry “${TITLE}”` });
        await dialog.getByText('Leave it empty to agree to the €25.00 posted', { exact: false }).waitFor();
        await dialog.getByRole('textbox', { name: /Propose another reward/ }).fill('20');
        await dialog.getByRole('button', { name: 'Send offer' }).click();
        await dialog.waitFor({ state: 'detached' });

        // Sam sees the proposal and counters with €22.00.
        const samPage = await sender.newPage();
        await samPage.goto('/user/packages/requests');
        const samCard = samPage.locator('article', { hasText: TITLE });
        await samCard.getByText('Tess Traveler proposes €20.00 (posted: €25.00).', { exact: false }).waitFor();
        await expectAccessible(samPage);
        await samCard.getByRole('button', { name: 'Counter' }).click();
        await samCard.getByRole('textbox', { name: 'Your reward (EUR)' }).fill('22');
        await samCard.getByRole('button', { name: 'Send counter-offer' }).click();
        await samCard.getByText('You proposed €22.00 (posted: €25.00). Waiting for Tess Traveler’s answer.').waitFor();
        expect(await samCard.getByRole('button', { name: /^Accept/ }).count()).toBe(0);

        // Tess accepts €22.00 from her outgoing requests.
        await page.goto('/user/packages/requests');
        await page.getByRole('tab', { name: 'Outgoing' }).click();
        const tessCard = page.locator('article', { hasText: TITLE });
        await tessCard.getByText('Sam Sender proposes €22.00 (posted: €25.00).', { exact: false }).waitFor();
        await expectAccessible(page);
        await tessCard.getByRole('button', { name: 'Accept €22.00' }).click();
        await tessCard.getByText('Agreed reward: €22.00.').waitFor();

        // Matched at €22.00; Sam is told the €3.30 difference comes back.
        const pkg = (await (await sender.request.get(`/api/packages/${id}`)).json()) as PackageView;
        expect(pkg).toMatchObject({ status: 'matched', reward: 2200 });
        await samPage.goto('/user/communication/notifications');
        await samPage
          .getByRole('link', { name: /Reward agreed: the difference comes back/ })
          .first()
          .waitFor();
        expect(await samPage.getByText('€3.30 is on its way back to you.', { exact: false }).count()).toBeGreaterThan(
          0,
        );
        // The ledger: €27.50 in, €3.30 back out of escrow, €24.20 held for the agreed reward and its fee.
        const journal = await journalOf(id);
        expect(journal.kinds).toEqual(['payment_received', 'refund']);
        expect(journal.escrow).toBe(2200 + 220);
      } finally {
        await sender.close();
      }
      expect(errors).toEqual([]);
    }));

  it('a traveler asks more, the sender counters, the traveler accepts: the sender pays the difference, then it is matched', () =>
    env.withPage(async ({ context, page, errors }) => {
      const title = 'Negotiated grandfather clock';
      const sender = await env.browser.newContext({ baseURL: env.server.url });
      try {
        await signIn(sender, 'sender@tagalong.test');
        const id = await publish(sender, title);

        await signIn(context, 'traveler@tagalong.test');
        await page.goto(`/user/packages/${id}`);
        await page
          .getByRole('button', { name: new RegExp(`^Offer to carry ${title} on your trip`) })
          .first()
          .click();
        const dialog = page.getByRole('dialog', { name: `Offer to carry “${title}”` });
        await dialog.getByRole('textbox', { name: /Propose another reward/ }).fill('30');
        await dialog.getByRole('button', { name: 'Send offer' }).click();
        await dialog.waitFor({ state: 'detached' });

        const samPage = await sender.newPage();
        await samPage.goto('/user/packages/requests');
        const samCard = samPage.locator('article', { hasText: title });
        await samCard.getByText('Tess Traveler proposes €30.00 (posted: €25.00).', { exact: false }).waitFor();
        await samCard.getByRole('button', { name: 'Counter' }).click();
        await samCard.getByRole('textbox', { name: 'Your reward (EUR)' }).fill('28');
        await samCard.getByRole('button', { name: 'Send counter-offer' }).click();
        await samCard.getByText('You proposed €28.00', { exact: false }).waitFor();

        await page.goto('/user/packages/requests');
        await page.getByRole('tab', { name: 'Outgoing' }).click();
        const tessCard = page.locator('article', { hasText: title });
        await tessCard.getByRole('button', { name: 'Accept €28.00' }).click();
        await tessCard.getByText('Waiting for Sam Sender to pay the difference of €3.30', { exact: false }).waitFor();
        // Agreed, not matched: nothing moves before the difference is paid.
        let pkg = (await (await sender.request.get(`/api/packages/${id}`)).json()) as PackageView;
        expect(pkg).toMatchObject({ status: 'open', reward: 2500 });

        await samPage.reload();
        await samCard
          .getByText('Agreed at €28.00 (posted: €25.00). Pay the difference of €3.30', { exact: false })
          .waitFor();
        await expectAccessible(samPage);
        await samCard.getByRole('button', { name: 'Pay the difference (€3.30)' }).click();
        const form = samPage.getByRole('form', { name: 'Card details' });
        await form.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
        await form.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/34');
        await form.getByRole('textbox', { name: 'CVC' }).fill('123');
        await form.getByRole('textbox', { name: 'Name on card' }).fill('Sam Sender');
        await form.getByRole('button', { name: 'Pay €3.30' }).click();
        await samPage.waitForURL(new RegExp(`/user/packages/${id}$`));

        await expect
          .poll(async () => ((await (await sender.request.get(`/api/packages/${id}`)).json()) as PackageView).status)
          .toBe('matched');
        pkg = (await (await sender.request.get(`/api/packages/${id}`)).json()) as PackageView;
        expect(pkg.reward).toBe(2800);

        // The ledger holds the agreed reward and its recomputed fee: €27.50 + €3.30 in escrow.
        const journal = await journalOf(id);
        expect(journal.kinds).toEqual(['payment_received', 'payment_received']);
        expect(journal.escrow).toBe(2800 + 280);
      } finally {
        await sender.close();
      }
      expect(errors).toEqual([]);
    }));
});
