import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { user } from '#server/db/schema/auth.ts';
import { payouts } from '#server/db/schema/payments.ts';
import { carriedPaidPackage, earn } from '#server/modules/balances/test/helpers.ts';
import { signUpVerified } from '#server/test/users.ts';
import { expectAccessible, setUpServerAndBrowser, signUp } from './support/harness.ts';

// Balances and payouts: a traveler with money sees their balance on the dashboard, asks for a payout
// (field errors first), and sees it in the history with the available amount gone down. Rewards are
// set up through the real ledger services, as the lifecycle will post them.

const env = setUpServerAndBrowser({ demoMode: false });
const phone = { width: 360, height: 740 };

/** Console errors other than the 4xx answers the error cases expect. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 4\d\d/.test(e));

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

let senderCount = 0;
async function aSender() {
  senderCount += 1;
  return signUpVerified(env.server.app, `balance-sender-${senderCount}@example.test`, 'Sandra Sender');
}

/** Mobile confirmed and identity check approved, as onboarding would leave a traveler. */
async function verify(userId: string, phoneNumber: string) {
  await env.server.database.db
    .update(user)
    .set({ phoneNumber, phoneNumberVerified: true, kycStatus: 'approved' })
    .where(eq(user.id, userId));
  await env.server.app.sessions.userChanged(userId);
}

const figure = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Your balance' }).locator(`[data-figure="${name}"]`);

describe('a traveler’s balance on the dashboard', () => {
  it('shows the balance, asks for a payout with field errors, and the history shows it (360 px)', () =>
    env.withPage(async ({ context, page, errors }) => {
      const travelerId = await signUp(context, 'tara@example.test', 'Tara Traveler');
      await verify(travelerId, '+12025550171');
      const sender = await aSender();
      await earn(env.server.app, { senderId: sender.id, travelerId, reward: 2500, title: 'Birthday gift' });
      await earn(env.server.app, { senderId: sender.id, travelerId, reward: 1500, title: 'Box of books' });
      await carriedPaidPackage(env.server.app, { senderId: sender.id, travelerId, reward: 1000, title: 'Coat' });

      await page.goto('/user/dashboard');
      const balance = page.getByRole('region', { name: 'Your balance' });
      await balance.waitFor();
      await figure(page, 'available').getByText('€40.00').waitFor();
      expect(await figure(page, 'pending').innerText()).toBe('€10.00');
      expect(await figure(page, 'requested').innerText()).toBe('€0.00');
      expect(await figure(page, 'paidOut').innerText()).toBe('€0.00');
      // The dashboard's own content is still there.
      await page.getByRole('heading', { name: 'What would you like to do?' }).waitFor();
      await page.getByRole('region', { name: 'Your profile is verified' }).waitFor();

      const history = page.getByRole('list', { name: 'Transactions' });
      await history.waitFor();
      expect(await history.getByRole('listitem').count()).toBe(2);
      expect(await history.getByRole('listitem').first().innerText()).toContain('Box of books');
      expect(await history.getByRole('listitem').first().innerText()).toContain('+€15.00');
      await expectAccessible(page);
      await noSidewaysScroll(page);

      const form = page.getByRole('form', { name: 'Request a payout' });
      const amount = form.getByRole('textbox', { name: /Amount/ });
      const holder = form.getByRole('textbox', { name: /Account holder/ });
      const iban = form.getByRole('textbox', { name: /IBAN/ });
      // Without Stripe a payout goes to a bank account: no choice of method is offered (ADR 0026).
      expect(await form.getByRole('group', { name: 'Pay out to' }).count()).toBe(0);
      await amount.fill('50');
      await holder.fill('Tara Traveler');
      await iban.fill('DE89 3704 0044 0532 0130 01');
      await form.getByRole('button', { name: 'Request payout' }).click();
      await form.getByText('You can ask for at most €40.00, your available balance.').waitFor();
      await form.getByText('This IBAN is not valid: check it for a typo').waitFor();
      expect(await amount.getAttribute('aria-invalid')).toBe('true');
      expect(await iban.getAttribute('aria-invalid')).toBe('true');
      expect(await holder.getAttribute('aria-invalid')).toBeNull();
      expect(await amount.evaluate((el) => el === document.activeElement)).toBe(true);
      await expectAccessible(page);
      expect(await env.server.database.db.select().from(payouts)).toEqual([]);

      // Corrected and sent from the keyboard.
      await amount.fill('15,50');
      await iban.fill('DE89 3704 0044 0532 0130 00');
      await iban.press('Enter');
      await form.getByText('Payout of €15.50 requested to the account ending 3000.').waitFor();
      await figure(page, 'available').getByText('€24.50').waitFor();
      expect(await figure(page, 'requested').innerText()).toBe('€15.50');
      expect(await figure(page, 'pending').innerText()).toBe('€10.00');

      const newest = history.getByRole('listitem').first();
      await newest.getByText('Payout to your bank').waitFor();
      expect(await newest.innerText()).toContain('−€15.50');
      expect(await newest.innerText()).toContain('To the account ending 3000');
      expect(await newest.innerText()).toContain('Requested');
      expect(await history.getByRole('listitem').count()).toBe(3);
      // The form is ready for another request, the amount cleared.
      expect(await amount.inputValue()).toBe('');
      await expectAccessible(page);
      await noSidewaysScroll(page);

      const [stored] = await env.server.database.db.select().from(payouts);
      expect(stored).toMatchObject({ amount: 1550, status: 'requested', bankLast4: '3000' });
      expect(stored?.bankDetailsEncrypted).not.toContain('DE89');
      expect(unexpected(errors)).toEqual([]);
    }, phone));

  it('pages through a long history with "Load more", by keyboard', () =>
    env.withPage(async ({ context, page, errors }) => {
      const travelerId = await signUp(context, 'lena@example.test', 'Lena Longhaul');
      await verify(travelerId, '+12025550172');
      const sender = await aSender();
      for (let i = 1; i <= 22; i++) {
        await earn(env.server.app, { senderId: sender.id, travelerId, reward: 100 * i, title: `Parcel ${i}` });
      }
      await page.goto('/user/dashboard');
      const history = page.getByRole('list', { name: 'Transactions' });
      await history.waitFor();
      expect(await history.getByRole('listitem').count()).toBe(20);
      expect(await history.getByRole('listitem').first().innerText()).toContain('Parcel 22');
      await page.getByText('20 shown. There are more.').waitFor();
      const more = page.getByRole('button', { name: 'Load more' });
      await more.focus();
      await page.keyboard.press('Enter');
      await page.getByText('22 transactions, all shown.').waitFor();
      expect(await history.getByRole('listitem').last().innerText()).toContain('Parcel 1');
      expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
      await figure(page, 'available').getByText('€253.00').waitFor();
      await expectAccessible(page);
      expect(unexpected(errors)).toEqual([]);
    }));

  it('tells a member who has carried nothing yet how to start (360 px)', () =>
    env.withPage(async ({ context, page, errors }) => {
      await signUp(context, 'newbie@example.test', 'Nina Newbie');
      await page.goto('/user/dashboard');
      const balance = page.getByRole('region', { name: 'Your balance' });
      await balance.getByRole('heading', { name: "You haven't carried a package yet" }).waitFor();
      await balance.getByRole('link', { name: 'Carry a package' }).waitFor();
      expect(await page.getByRole('form', { name: 'Request a payout' }).count()).toBe(0);
      await page
        .getByRole('region', { name: 'Transactions', exact: true })
        .getByRole('heading', { name: 'No transactions yet' })
        .waitFor();
      await expectAccessible(page);
      await noSidewaysScroll(page);
      expect(unexpected(errors)).toEqual([]);
    }, phone));
});
