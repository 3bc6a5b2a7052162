import { eq, inArray } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerLines } from '#server/db/schema/payments.ts';
import { completeDraft } from '#server/modules/packages/test/helpers.ts';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import type { Package, PackageView } from '#shared/packages.ts';
import type { Payment, StartPaymentResponse } from '#shared/payments.ts';
import type { TravelPlanPage } from '#shared/travel-plans.ts';
import { expectAccessible, setUpServerAndBrowser, signUp } from './support/harness.ts';

// Paying for a package with the embedded (sandbox) provider: the demo sender pays a draft with the
// test card 4242… on the sandbox checkout, the return page waits for the signed webhook and shows
// success, the package is open and the demo traveler finds it on her Paris → Berlin trip; 4000…0002
// is declined and leaves a draft with a retry that opens a new checkout; cancelling an open package
// from its page refunds everything, shown on its page, in the payment and in the ledger.

const env = setUpServerAndBrowser({ demoMode: true });
const withPage = env.withPage;
const phone = { width: 360, height: 740 };

const SENDER = 'sender@tagalong.test';
const TRAVELER = 'traveler@tagalong.test';
const APPROVED = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';

/** completeDraft's reward; the fee is 10% with a 1.00 minimum (docs/product.md §5), written out here. */
const REWARD = 2500;
const TOTAL = REWARD + Math.max(Math.round(REWARD * 0.1), 100);
const euros = (cents: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** Console errors other than the given 4xx answers, which a test asks for on purpose. */
const unexpected = (errors: string[], ...allowed: number[]) =>
  errors.filter((e) => !allowed.some((status) => e.includes(`status of ${status}`)));

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

/** axe once any toast has gone (a toast fading out is half transparent, which axe reads as low contrast). */
async function checkAccessible(page: Page) {
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 8000 });
  await expectAccessible(page);
}

async function signInThroughApi(context: BrowserContext, email: string) {
  const res = await context.request.post('/api/auth/sign-in/email', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
}

/** A finished draft Paris → Berlin whose dates fit the demo traveler's trip five days out. */
async function createDraft(context: BrowserContext, title: string): Promise<Package> {
  const res = await context.request.post('/api/packages', { data: { ...completeDraft(), title } });
  expect(res.status()).toBe(201);
  const pkg = (await res.json()) as Package;
  expect(pkg.actions).toContain('pay');
  return pkg;
}

const latestPayment = async (context: BrowserContext, packageId: string) => {
  const res = await context.request.get(`/api/packages/${packageId}/payments/latest`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Payment;
};

const packageStatus = async (context: BrowserContext, packageId: string) =>
  ((await (await context.request.get(`/api/packages/${packageId}`)).json()) as PackageView).status;

const refOf = (page: Page) => new URL(page.url()).pathname.split('/').pop() as string;

/** The sandbox checkout's card form, filled and sent. */
async function payWithCard(page: Page, cardNumber: string) {
  const form = page.getByRole('form', { name: 'Card details' });
  await form.getByRole('textbox', { name: 'Card number' }).fill(cardNumber);
  await form.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/34');
  await form.getByRole('textbox', { name: 'CVC' }).fill('123');
  await form.getByRole('textbox', { name: 'Name on card' }).fill('Sam Sender');
  await form.getByRole('button', { name: `Pay ${euros(TOTAL)}` }).click();
}

const result = (page: Page) => page.getByTestId('payment-result');

describe('payments (sandbox provider)', () => {
  it('pays a draft with 4242…: the return page shows success, the package is open and the traveler finds it', async () => {
    const title = 'Paid on the sandbox: linen tablecloth';
    const packageId = await withPage(async ({ context, page, errors }) => {
      await signInThroughApi(context, SENDER);
      const draft = await createDraft(context, title);

      // From the package page's "Pay" to the payment page: the amount due, the terms, the policy.
      await page.goto(`/user/packages/${draft.id}`);
      await page.getByRole('main').getByRole('link', { name: 'Pay', exact: true }).click();
      await page.waitForURL(`**/user/packages/${draft.id}/payment`);
      await page.getByRole('heading', { name: 'Amount due' }).waitFor();
      const amounts = await page.getByRole('definition').allInnerTexts();
      expect(amounts).toEqual([euros(REWARD), euros(TOTAL - REWARD), euros(TOTAL), 'EUR']);
      expect(await page.getByRole('link', { name: 'refund policy' }).getAttribute('href')).toBe('/refund-policy');
      expect(await page.getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).toBe(
        '/terms-and-conditions',
      );
      await expectAccessible(page);

      // "Pay" opens the sandbox checkout; coming back and paying again reuses the same checkout.
      await page.getByRole('button', { name: `Pay ${euros(TOTAL)}` }).click();
      await page.waitForURL(/\/pay\/sandbox\/cs_sandbox_[\w-]+$/);
      const ref = refOf(page);
      await page.goto(`/user/packages/${draft.id}/payment`);
      await page.getByRole('button', { name: `Pay ${euros(TOTAL)}` }).click();
      await page.waitForURL(/\/pay\/sandbox\/cs_sandbox_[\w-]+$/);
      expect(refOf(page)).toBe(ref);

      // The sandbox checkout: amount, package, test mode and its test cards, the card form.
      // The heading shows while the checkout loads; the test-mode note only once it has.
      await page.getByRole('note', { name: 'Test mode' }).waitFor();
      const main = await page.getByRole('main').innerText();
      expect(main).toContain(euros(TOTAL));
      expect(main).toContain(title);
      const note = await page.getByRole('note', { name: 'Test mode' }).innerText();
      expect(note).toContain(APPROVED);
      expect(note).toContain(DECLINED);
      expect(await page.getByRole('link', { name: 'Cancel and go back' }).count()).toBe(1);
      await expectAccessible(page);

      await payWithCard(page, APPROVED);
      await page.waitForURL(`**/user/packages/${draft.id}/payment/callback`);
      await page.getByRole('heading', { name: 'Payment received' }).waitFor();
      expect(await result(page).getAttribute('data-result')).toBe('succeeded');
      expect(await result(page).innerText()).toContain(euros(TOTAL));
      expect(await page.getByRole('link', { name: 'Find a traveler' }).getAttribute('href')).toBe(
        `/user/packages/send-a-package/searching-for-traveler?package=${draft.id}`,
      );
      await expectAccessible(page);
      expect(await latestPayment(context, draft.id)).toMatchObject({
        status: 'succeeded',
        amount: TOTAL,
        reward: REWARD,
        refundedAmount: 0,
      });

      // The package page: open, with what was paid.
      await page.getByRole('link', { name: 'See the package' }).click();
      await page.waitForURL(`**/user/packages/${draft.id}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await page.getByRole('main').innerText()).toContain('Open');
      expect(await page.getByTestId('package-payment').innerText()).toContain(`Paid ${euros(TOTAL)}`);
      expect(await page.getByRole('main').getByRole('link', { name: 'Pay', exact: true }).count()).toBe(0);
      // A paid package has nothing left to pay.
      await page.goto(`/user/packages/${draft.id}/payment`);
      await page.getByRole('heading', { name: 'This package is paid for' }).waitFor();
      await expectAccessible(page);
      expect(errors).toEqual([]);
      return draft.id;
    });

    // The demo traveler's Paris → Berlin trip now lists it.
    await withPage(async ({ context, page, errors }) => {
      await signInThroughApi(context, TRAVELER);
      const plans = (await (await context.request.get('/api/travel-plans?status=active')).json()) as TravelPlanPage;
      const trip = plans.items.find((p) => p.origin.city === 'Paris' && p.destination.city === 'Berlin');
      expect(trip).toBeDefined();
      await page.goto(`/user/packages/carry-a-package/choose-your-package?plan=${trip?.id}`);
      const matches = page.getByRole('list', { name: 'Packages that fit your trip' });
      const card = matches.getByRole('article', { name: title });
      await card.waitFor();
      expect(await card.getByRole('link', { name: title }).getAttribute('href')).toBe(`/user/packages/${packageId}`);
      await expectAccessible(page);
      expect(errors).toEqual([]);
    });
  });

  it('declines 4000…0002: the draft stays a draft, the return page says why, and "Try again" opens a new checkout (360 px)', () =>
    withPage(async ({ context, page, errors }) => {
      await signInThroughApi(context, SENDER);
      const draft = await createDraft(context, 'Declined on the sandbox: brass candlesticks');

      await page.goto(`/user/packages/send-a-package/payment-process?package=${draft.id}`);
      await page.getByRole('heading', { name: 'Amount due' }).waitFor();
      await noSidewaysScroll(page);
      await expectAccessible(page);
      await page.getByRole('button', { name: `Pay ${euros(TOTAL)}` }).click();
      await page.waitForURL(/\/pay\/sandbox\/cs_sandbox_[\w-]+$/);
      const firstRef = refOf(page);
      await page.getByRole('form', { name: 'Card details' }).waitFor();
      await noSidewaysScroll(page);
      await expectAccessible(page);

      // The shared schema in the browser, then the server's word on a card that is not a test card.
      const form = page.getByRole('form', { name: 'Card details' });
      await form.getByRole('button', { name: `Pay ${euros(TOTAL)}` }).click();
      await form.getByText('Enter the card number').waitFor();
      await form.getByText('Enter the expiry as MM/YY').waitFor();
      await expectAccessible(page);
      await payWithCard(page, '5555 5555 5555 4444');
      await form.getByText('Use test card 4242 4242 4242 4242').waitFor();
      expect(await form.getByRole('textbox', { name: 'Card number' }).getAttribute('aria-invalid')).toBe('true');
      await noSidewaysScroll(page);

      await payWithCard(page, DECLINED);
      await page.waitForURL(`**/user/packages/${draft.id}/payment/callback`);
      await page.getByRole('heading', { name: "Your payment didn't go through" }).waitFor();
      expect(await result(page).getAttribute('data-result')).toBe('failed');
      expect(await result(page).innerText()).toContain('Your card was declined.');
      await noSidewaysScroll(page);
      await expectAccessible(page);
      expect(await packageStatus(context, draft.id)).toBe('draft');
      expect(await latestPayment(context, draft.id)).toMatchObject({
        status: 'failed',
        failureReason: 'Your card was declined.',
      });

      // The declined checkout is closed for good.
      await page.goto(`/pay/sandbox/${firstRef}`);
      await page.getByRole('heading', { name: 'This checkout is closed' }).waitFor();
      expect(await page.getByRole('link', { name: 'Go back to pay' }).getAttribute('href')).toBe(
        `/user/packages/${draft.id}/payment`,
      );
      await expectAccessible(page);

      // "Try again" opens a new checkout; leaving it says "cancelled", with the way back to pay.
      await page.goBack();
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.waitForURL(/\/pay\/sandbox\/cs_sandbox_[\w-]+$/);
      const secondRef = refOf(page);
      expect(secondRef).not.toBe(firstRef);
      await page.getByRole('link', { name: 'Cancel and go back' }).click();
      await page.waitForURL(`**/user/packages/${draft.id}/payment/callback?cancelled=1`);
      await page.getByRole('heading', { name: 'Payment cancelled' }).waitFor();
      expect(await result(page).getAttribute('data-result')).toBe('cancelled');
      await page.getByRole('button', { name: `Pay ${euros(TOTAL)}` }).waitFor();
      await noSidewaysScroll(page);
      await expectAccessible(page);
      expect(await latestPayment(context, draft.id)).toMatchObject({ status: 'cancelled' });
      expect(await packageStatus(context, draft.id)).toBe('draft');
      // 400: the card that is not a test card, on purpose.
      expect(unexpected(errors, 400)).toEqual([]);
    }, phone));

  it('waits on the return page until the webhook has confirmed, then shows success', () =>
    withPage(async ({ context, page, errors }) => {
      await signInThroughApi(context, SENDER);
      const draft = await createDraft(context, 'Confirmed while waiting: a wool scarf');
      const started = await context.request.post(`/api/packages/${draft.id}/payments`, { data: {} });
      expect(started.status()).toBe(200);
      const { url } = (await started.json()) as StartPaymentResponse;

      // Back on the return page before the provider has spoken: nothing is paid yet.
      await page.goto(`/user/packages/${draft.id}/payment/callback`);
      await page.getByRole('heading', { name: 'Confirming your payment…' }).waitFor();
      expect(await result(page).getAttribute('data-result')).toBe('processing');
      await expectAccessible(page);
      await page.waitForTimeout(2000);
      expect(await result(page).getAttribute('data-result')).toBe('processing');
      expect(await packageStatus(context, draft.id)).toBe('draft');

      const ref = new URL(url).pathname.split('/').pop() as string;
      const paid = await context.request.post(`/api/payments/sandbox/${ref}/pay`, {
        data: { cardNumber: APPROVED, expiry: '12/34', cvc: '123', name: 'Sam Sender' },
      });
      expect(paid.status()).toBe(200);
      await page.getByRole('heading', { name: 'Payment received' }).waitFor({ timeout: 5000 });
      expect(await packageStatus(context, draft.id)).toBe('open');
      expect(errors).toEqual([]);
    }));

  it('cancels an open package from its page and refunds everything, shown to the sender and in the ledger', () =>
    withPage(async ({ context, page, errors }) => {
      await signInThroughApi(context, SENDER);
      const title = 'Cancelled after paying: a box of tea';
      const draft = await createDraft(context, title);
      const { url } = (await (
        await context.request.post(`/api/packages/${draft.id}/payments`, { data: {} })
      ).json()) as StartPaymentResponse;
      const ref = new URL(url).pathname.split('/').pop() as string;
      const paid = await context.request.post(`/api/payments/sandbox/${ref}/pay`, {
        data: { cardNumber: APPROVED, expiry: '12/34', cvc: '123', name: 'Sam Sender' },
      });
      expect(paid.status()).toBe(200);
      expect(await packageStatus(context, draft.id)).toBe('open');

      await page.goto(`/user/packages/${draft.id}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page
        .getByTestId('package-payment')
        .getByText(`Paid ${euros(TOTAL)}`)
        .waitFor();
      await page.getByRole('button', { name: 'Cancel package' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this package?' });
      expect(await dialog.innerText()).toContain('everything you paid comes back to you');
      await dialog.getByRole('button', { name: 'Cancel package' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Everything you paid is on its way back to you.').waitFor();

      // The sender sees the refund on the package page.
      await page
        .getByTestId('package-payment')
        .getByText(`Refunded in full (${euros(TOTAL)})`)
        .waitFor();
      expect(await page.getByRole('main').innerText()).toContain('Cancelled');
      await checkAccessible(page);

      const payment = await latestPayment(context, draft.id);
      expect(payment).toMatchObject({ status: 'refunded', amount: TOTAL, refundedAmount: TOTAL });
      expect(await packageStatus(context, draft.id)).toBe('cancelled');

      // The ledger: the payment into escrow and the whole of it back out to refunds, each entry balanced.
      const { db } = env.server.database;
      const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, payment.id));
      expect(entries.map((e) => e.kind).sort()).toEqual(['payment_received', 'refund']);
      const lines = await db
        .select()
        .from(ledgerLines)
        .where(
          inArray(
            ledgerLines.entryId,
            entries.map((e) => e.id),
          ),
        );
      for (const entry of entries) {
        expect(lines.filter((l) => l.entryId === entry.id).reduce((sum, l) => sum + l.amount, 0)).toBe(0);
      }
      const refund = entries.find((e) => e.kind === 'refund');
      expect(lines.filter((l) => l.entryId === refund?.id).map((l) => [l.account, l.amount])).toEqual(
        expect.arrayContaining([
          ['escrow', -TOTAL],
          ['refunds', TOTAL],
        ]),
      );
      expect(errors).toEqual([]);
    }));

  it('asks a member who is not verified to finish verifying before paying', () =>
    withPage(async ({ context, page, errors }) => {
      await signUp(context, 'not-yet-verified@example.test', 'Nora Newcomer');
      const draft = await createDraft(context, 'Not paid yet: a pair of gloves');
      await page.goto(`/user/packages/${draft.id}/payment`);
      await page.getByRole('button', { name: `Pay ${euros(TOTAL)}` }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Verify your profile' });
      await alert.waitFor();
      expect(await alert.getByRole('link', { name: 'Finish verifying your profile' }).getAttribute('href')).toBe(
        '/user/profile/my-profile',
      );
      expect(await page.getByRole('button', { name: `Pay ${euros(TOTAL)}` }).count()).toBe(1);
      await expectAccessible(page);
      expect(await packageStatus(context, draft.id)).toBe('draft');
      expect(unexpected(errors, 403)).toEqual([]);
    }));

  it('says so for a checkout that does not exist, and 404s a malformed one', () =>
    withPage(async ({ context, page, errors }) => {
      await signInThroughApi(context, SENDER);
      await page.goto('/pay/sandbox/cs_sandbox_NoSuchCheckout0000');
      await page.getByRole('heading', { name: 'There is no such checkout' }).waitFor();
      await expectAccessible(page);
      const response = await page.goto('/pay/sandbox/not-a-checkout');
      expect(response?.status()).toBe(404);
      await page.getByText('Page Not Found: /pay/sandbox/not-a-checkout').waitFor();
      expect(unexpected(errors, 404)).toEqual([]);
    }));
});
