import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { completeDraft } from '#server/modules/packages/test/helpers.ts';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import type { Package, PackageView } from '#shared/packages.ts';
import type { StartPaymentResponse } from '#shared/payments.ts';
import { expectAccessible, setUpServerAndBrowser } from './support/harness.ts';

// Counter-offers (docs/product.md §4.5): Tess offers to carry Sam's €25.00 package for €20.00, Sam
// counters with €22.00, Tess accepts it. The package is matched at €22.00 and Sam hears that the
// difference (€27.50 paid, €22.00 + €2.20 fee agreed: €3.30) is on its way back.

const env = setUpServerAndBrowser({ demoMode: true });
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Sam Sender' };
const TITLE = 'Negotiated ceramic vase';

async function signIn(context: BrowserContext, email: string) {
  const res = await context.request.post('/api/auth/sign-in/email', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
}

/** A Paris → Berlin package at €25.00, paid on the sandbox checkout through the API: published. */
async function publish(context: BrowserContext): Promise<string> {
  const draft = await context.request.post('/api/packages', { data: { ...completeDraft(), title: TITLE } });
  expect(draft.status()).toBe(201);
  const { id } = (await draft.json()) as Package;
  const start = (await (
    await context.request.post(`/api/packages/${id}/payments`, { data: {} })
  ).json()) as StartPaymentResponse;
  const ref = new URL(start.url, env.server.url).pathname.split('/').pop();
  expect((await context.request.post(`/api/payments/sandbox/${ref}/pay`, { data: CARD })).ok()).toBe(true);
  return id;
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
      } finally {
        await sender.close();
      }
      expect(errors).toEqual([]);
    }));
});
