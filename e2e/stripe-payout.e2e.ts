import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { user } from '#server/db/schema/auth.ts';
import { payouts } from '#server/db/schema/payments.ts';
import { earn } from '#server/modules/balances/test/helpers.ts';
import { FAKE_STRIPE_KEYS, startFakeStripe } from '#server/providers/payments/test/fake-stripe.ts';
import { signUpVerified } from '#server/test/users.ts';
import { appMetaLoaded, expectAccessible, setUpServerAndBrowser, signUp } from './support/harness.ts';

// ADR 0026: on a server with Stripe (here a local fake of its API), the payout form offers a Stripe
// account besides a bank account; the traveler picks it, gives their acct_ id (a field error first),
// and the request and its line in the history say where the money goes.

const stripe = await startFakeStripe();
afterAll(() => stripe.close());
const env = setUpServerAndBrowser({
  demoMode: false,
  config: { stripe: { ...FAKE_STRIPE_KEYS, apiBase: stripe.url } },
});
const phone = { width: 360, height: 740 };

const unexpected = (errors: string[]) => errors.filter((e) => !/status of 4\d\d/.test(e));
const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

describe('a payout to a Stripe account', () => {
  it('is offered beside the bank, checked, and requested (360 px)', () =>
    env.withPage(async ({ context, page, errors }) => {
      const travelerId = await signUp(context, 'stella@example.test', 'Stella Stripe');
      await env.server.database.db
        .update(user)
        .set({ phoneNumber: '+12025550181', phoneNumberVerified: true, kycStatus: 'approved' })
        .where(eq(user.id, travelerId));
      await env.server.app.sessions.userChanged(travelerId);
      const sender = await signUpVerified(env.server.app, 'stripe-payout-sender@example.test', 'Sandra Sender');
      await earn(env.server.app, { senderId: sender.id, travelerId, reward: 4000, title: 'Winter coat' });
      const account = stripe.connectAccount();

      const meta = appMetaLoaded(page);
      await page.goto('/user/dashboard');
      await meta;
      const form = page.getByRole('form', { name: 'Request a payout' });
      const choice = form.getByRole('group', { name: 'Pay out to' });
      await choice.waitFor();
      const bank = choice.getByRole('radio', { name: /Bank account/ });
      const toStripe = choice.getByRole('radio', { name: /Stripe account/ });
      expect(await bank.isChecked()).toBe(true);
      expect(await form.getByRole('textbox', { name: /IBAN/ }).count()).toBe(1);
      await expectAccessible(page);
      await noSidewaysScroll(page);

      await toStripe.check();
      const accountId = form.getByRole('textbox', { name: /Stripe account id/ });
      await accountId.waitFor();
      expect(await form.getByRole('textbox', { name: /IBAN/ }).count()).toBe(0);
      await form.getByRole('textbox', { name: /Amount/ }).fill('25');
      await accountId.fill('cus_9s6XKzkNRiz8i3');
      await form.getByRole('button', { name: 'Request payout' }).click();
      await form.getByText('A Stripe account id starts with acct_ and then letters and digits').waitFor();
      expect(await accountId.getAttribute('aria-invalid')).toBe('true');
      expect(await accountId.evaluate((el) => el === document.activeElement)).toBe(true);
      await expectAccessible(page);
      await noSidewaysScroll(page);

      await accountId.fill(account);
      await accountId.press('Enter');
      await form.getByText(`Payout of €25.00 requested to your Stripe account ${account}.`).waitFor();
      const newest = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem').first();
      await newest.getByText('Payout to your Stripe account').waitFor();
      expect(await newest.innerText()).toContain(`To the Stripe account ${account}`);
      await expectAccessible(page);
      await noSidewaysScroll(page);

      const [stored] = await env.server.database.db.select().from(payouts);
      expect(stored).toMatchObject({
        amount: 2500,
        status: 'requested',
        method: 'stripe_connect',
        stripeAccountId: account,
        bankDetailsEncrypted: null,
      });
      // Asking moves nothing at Stripe: the admin's "mark sent" makes the transfer.
      expect(stripe.transfers.size).toBe(0);
      expect(unexpected(errors)).toEqual([]);
    }, phone));
});
