import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { completeDraft } from '#server/modules/packages/test/helpers.ts';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import type { Package, PackageView } from '#shared/packages.ts';
import type { StartPaymentResponse } from '#shared/payments.ts';
import { expectAccessible, setUpServerAndBrowser } from './support/harness.ts';

// Route alerts (docs/product.md §3.5): a traveler saves the Paris → Berlin listing as an alert; when a
// sender publishes a package on that route, the traveler hears of it at once, in the open tab.

const env = setUpServerAndBrowser({ demoMode: true });
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Sam Sender' };

async function signIn(context: BrowserContext, email: string) {
  const res = await context.request.post('/api/auth/sign-in/email', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
}

/** A Paris → Berlin package, paid on the sandbox checkout through the API: published. */
async function publish(context: BrowserContext, title: string): Promise<string> {
  const draft = await context.request.post('/api/packages', { data: { ...completeDraft(), title } });
  expect(draft.status()).toBe(201);
  const { id } = (await draft.json()) as Package;
  const start = (await (
    await context.request.post(`/api/packages/${id}/payments`, { data: {} })
  ).json()) as StartPaymentResponse;
  const ref = new URL(start.url, env.server.url).pathname.split('/').pop();
  expect((await context.request.post(`/api/payments/sandbox/${ref}/pay`, { data: CARD })).ok()).toBe(true);
  expect(((await (await context.request.get(`/api/packages/${id}`)).json()) as PackageView).status).toBe('open');
  return id;
}

describe('route alerts', () => {
  it('a traveler saves a listing as an alert and hears at once of a package published on it', () =>
    env.withPage(async ({ context, page, errors }) => {
      await signIn(context, 'traveler@tagalong.test');
      await page.goto('/packages?from=paris-fr&to=berlin-de');
      await page.getByRole('button', { name: 'Alert me of new packages on this route' }).click();
      await page.getByText('Alert saved: we will tell you of new packages from Paris → Berlin.').waitFor();

      await page.goto('/user/alerts');
      const alerts = page.getByRole('list', { name: 'Your alerts' });
      await alerts.getByRole('heading', { name: 'New packages: Paris → Berlin' }).waitFor();
      expect(await alerts.innerText()).toContain('found 0 so far');
      await expectAccessible(page);
      // The socket is up before the sender publishes, so the news comes live.
      // (As in the other live tests: with Redis the first connection may take a few seconds.)
      await expect
        .poll(() => page.getByTestId('realtime-connection').getAttribute('data-connected'), { timeout: 10_000 })
        .toBe('true');

      const sender = await env.browser.newContext({ baseURL: env.server.url });
      try {
        await signIn(sender, 'sender@tagalong.test');
        const id = await publish(sender, 'Alerted winter boots');
        // In the open tab, without a reload: the toast, then the notification with its link.
        await page
          .getByText('"Alerted winter boots" needs carrying from Paris to Berlin', { exact: false })
          .first()
          .waitFor();
        await page.goto('/user/communication/notifications');
        const news = page.getByRole('link', { name: /A new package on your route: Paris → Berlin/ }).first();
        await news.waitFor();
        expect(await news.getAttribute('href')).toBe(`/user/packages/${id}#offer`);
        await page.goto('/user/alerts');
        await expect.poll(() => alerts.innerText()).toContain('found 1 so far');
      } finally {
        await sender.close();
      }
      expect(errors).toEqual([]);
    }));
});
