import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { completeDraft } from '#server/modules/packages/test/helpers.ts';
import type { LedgerEntryPage } from '#shared/admin-money.ts';
import type { Balance } from '#shared/balances.ts';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import type { PackageCodes } from '#shared/lifecycle.ts';
import type { Package, PackageView } from '#shared/packages.ts';
import type { StartPaymentResponse } from '#shared/payments.ts';
import type { PackageRequest } from '#shared/requests.ts';
import type { MemberReviews } from '#shared/reviews.ts';
import type { TravelPlanPage } from '#shared/travel-plans.ts';
import { expectAccessible, newPage, setUpServerAndBrowser } from './support/harness.ts';

// The whole delivery lifecycle, in two browser contexts at once (the demo sender and the demo traveler):
// the traveler offers to carry a paid package → the sender accepts under Requests › Incoming → the
// sender's package page shows the codes → the traveler enters the pickup code (a wrong one first:
// refused with the tries left) and the delivery code → the sender confirms → the reward is in the
// traveler's balance and the fee in the platform's account → both review each other → the ratings show
// on both profiles. Then: a move from the wrong state is never offered, and every state of the
// requests page and the package page passes axe at 360 px.

const env = setUpServerAndBrowser({ demoMode: true });
const phone = { width: 360, height: 740 };

const SENDER = 'sender@tagalong.test';
const TRAVELER = 'traveler@tagalong.test';
const ADMIN = 'admin@tagalong.test';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Sam Sender' };

/** completeDraft's reward; the fee is 10% with a 1.00 minimum (docs/product.md §5), written out here. */
const REWARD = 2500;
const FEE = Math.max(Math.round(REWARD * 0.1), 100);
const TOTAL = REWARD + FEE;
const euros = (cents: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(cents / 100);

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

/** axe once any toast has gone (a toast fading out is half transparent, which axe reads as low contrast). */
async function checkAccessible(page: Page) {
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 8000 });
  await expectAccessible(page);
}

/** Console errors other than the given 4xx answers, which a test asks for on purpose. */
const unexpected = (errors: string[], ...allowed: number[]) =>
  errors.filter((e) => !allowed.some((status) => e.includes(`status of ${status}`)));

async function signIn(context: BrowserContext, email: string): Promise<string> {
  const res = await context.request.post('/api/auth/sign-in/email', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return (await res.json()).user.id as string;
}

async function api<T>(context: BrowserContext, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = method === 'GET' ? await context.request.get(url) : await context.request.post(url, { data: data ?? {} });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (res.status() === 204 ? null : await res.json()) as T;
}

/** A finished draft Paris → Berlin (pickup from tomorrow, deliver within three weeks), by its sender. */
async function createDraft(context: BrowserContext, title: string, weightKg = 1.5): Promise<Package> {
  const res = await context.request.post('/api/packages', { data: { ...completeDraft(), title, weightKg } });
  expect(res.status()).toBe(201);
  return (await res.json()) as Package;
}

/** Pays a draft on the sandbox checkout through the API (the first test pays through the pages). */
async function payThroughApi(context: BrowserContext, packageId: string) {
  const start = await api<StartPaymentResponse>(context, 'POST', `/api/packages/${packageId}/payments`);
  const ref = new URL(start.url, env.server.url).pathname.split('/').pop();
  await api(context, 'POST', `/api/payments/sandbox/${ref}/pay`, CARD);
  expect((await api<PackageView>(context, 'GET', `/api/packages/${packageId}`)).status).toBe('open');
}

async function parisBerlinTrip(context: BrowserContext): Promise<string> {
  const plans = await api<TravelPlanPage>(context, 'GET', '/api/travel-plans?status=active');
  const trip = plans.items.find((p) => p.origin.city === 'Paris' && p.destination.city === 'Berlin');
  expect(trip).toBeDefined();
  return trip?.id as string;
}

const nextStep = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const buttonCount = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true }).count();

/** The tries-left refusal and the right code, typed into the traveler's code form. */
async function typeCode(page: Page, label: 'Pickup code' | 'Delivery code', code: string, submit: string) {
  const box = page.getByRole('textbox', { name: label });
  await box.fill(code);
  await page.getByRole('button', { name: submit }).click();
}

describe('the delivery lifecycle in two browser contexts', () => {
  it('offer → accept → pickup code (a wrong one first) → delivery code → confirm → money → reviews → profiles', {
    timeout: 120_000,
  }, async () => {
    const sender = await newPage(env.browser, env.server.url);
    const traveler = await newPage(env.browser, env.server.url);
    const admin = await newPage(env.browser, env.server.url);
    try {
      const senderId = await signIn(sender.context, SENDER);
      const travelerId = await signIn(traveler.context, TRAVELER);
      await signIn(admin.context, ADMIN);
      const title = 'Lifecycle: hand-painted teapot';
      const balanceBefore = await api<Balance>(traveler.context, 'GET', '/api/balance');
      const availableBefore = balanceBefore.currencies.find((c) => c.currency === 'EUR')?.available ?? 0;

      // The sender's complete draft, paid on the sandbox checkout.
      const draft = await createDraft(sender.context, title);
      await sender.page.goto(`/user/packages/${draft.id}/payment`);
      await sender.page.getByRole('button', { name: `Pay ${euros(TOTAL)}` }).click();
      await sender.page.waitForURL(/\/pay\/sandbox\/cs_sandbox_[\w-]+$/);
      const card = sender.page.getByRole('form', { name: 'Card details' });
      await card.getByRole('textbox', { name: 'Card number' }).fill(CARD.cardNumber);
      await card.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill(CARD.expiry);
      await card.getByRole('textbox', { name: 'CVC' }).fill(CARD.cvc);
      await card.getByRole('textbox', { name: 'Name on card' }).fill(CARD.name);
      await card.getByRole('button', { name: `Pay ${euros(TOTAL)}` }).click();
      await sender.page.getByRole('heading', { name: 'Payment received' }).waitFor();

      // The traveler offers to carry it from choose-your-package, on her Paris → Berlin trip, with a message.
      const tripId = await parisBerlinTrip(traveler.context);
      await traveler.page.goto(`/user/packages/carry-a-package/choose-your-package?plan=${tripId}`);
      const offerCard = traveler.page
        .getByRole('list', { name: 'Packages that fit your trip' })
        .getByRole('article', { name: title });
      await offerCard.getByRole('button', { name: `Offer to carry ${title}` }).click();
      const offerDialog = traveler.page.getByRole('dialog', { name: `Offer to carry “${title}”` });
      await offerDialog
        .getByRole('textbox', { name: /Message to Sam Sender/ })
        .fill('Hello Sam! Train on Friday morning.');
      await expectAccessible(traveler.page);
      await offerDialog.getByRole('button', { name: 'Send offer' }).click();
      await offerDialog.waitFor({ state: 'detached' });
      await offerCard.getByText('Offer sent').waitFor();
      expect(await buttonCount(offerCard, `Offer to carry ${title}`)).toBe(0);

      // The sender sees it under Requests › Incoming, with the traveler, the message and the answers, and accepts.
      await sender.page.goto('/user/packages/requests');
      await sender.page.getByRole('tab', { name: 'Incoming', selected: true }).waitFor();
      const request = sender.page
        .getByRole('list', { name: 'Incoming requests' })
        .getByRole('article', { name: title });
      await request.waitFor();
      expect(await request.innerText()).toContain('Hello Sam! Train on Friday morning.');
      expect(await request.innerText()).toContain('Paris → Berlin');
      expect(await request.getByText('Waiting for an answer').count()).toBe(1);
      expect(await request.getByRole('link', { name: 'Tess Traveler' }).getAttribute('href')).toBe(
        `/user/view/${travelerId}`,
      );
      await checkAccessible(sender.page);
      await request.getByRole('button', { name: 'Accept' }).click();
      await request.getByText('Accepted', { exact: true }).waitFor();
      expect(await buttonCount(request, 'Decline')).toBe(0);
      await checkAccessible(sender.page);

      // The sender's dashboard now asks for the pickup code, and lists the package among those they send.
      await sender.page.goto('/user/dashboard');
      await sender.page
        .getByRole('list', { name: 'Needs your action' })
        .getByRole('link', { name: `Show the pickup code for “${title}”` })
        .waitFor();
      const underway = sender.page
        .getByRole('list', { name: 'Packages you send' })
        .getByRole('listitem')
        .filter({ hasText: title });
      expect(await underway.innerText()).toContain('Carried by Tess Traveler');
      expect(await underway.innerText()).toContain('Matched');
      await checkAccessible(sender.page);
      await sender.page.goBack();

      // The sender's package page shows the two codes.
      await request.getByRole('link', { name: 'Follow the delivery' }).click();
      await sender.page.waitForURL(`**/user/packages/${draft.id}`);
      await nextStep(sender.page, 'Hand the package over').waitFor();
      const pickupCode = (await sender.page.locator('[data-code="pickup"]').innerText()).trim();
      const deliveryCode = (await sender.page.locator('[data-code="delivery"]').innerText()).trim();
      expect(pickupCode).toMatch(/^\d{6}$/);
      expect(deliveryCode).toMatch(/^\d{6}$/);
      expect(await api<PackageCodes>(sender.context, 'GET', `/api/packages/${draft.id}/codes`)).toEqual({
        pickupCode,
        deliveryCode,
      });
      // Who carries it, and the way to the conversation the match opened.
      const people = sender.page.getByRole('region', { name: 'People' });
      expect(await people.getByRole('link', { name: 'Tess Traveler' }).getAttribute('href')).toMatch(
        /^\/user\/view\/[\w-]+$/,
      );
      await checkAccessible(sender.page);
      await people.getByRole('link', { name: 'Open the conversation' }).click();
      await sender.page.waitForURL(/\/user\/communication\/messages\?c=[\w-]+$/);
      await sender.page.getByRole('region', { name: 'Messages with Tess Traveler' }).waitFor();
      await sender.page.goBack();
      await nextStep(sender.page, 'Hand the package over').waitFor();

      // The traveler's dashboard asks her for the pickup code; a wrong one is refused with the tries left.
      await traveler.page.goto('/user/dashboard');
      const todo = traveler.page.getByRole('list', { name: 'Needs your action' });
      await todo.getByRole('link', { name: `Enter the pickup code for “${title}”` }).click();
      await traveler.page.waitForURL(`**/user/packages/${draft.id}`);
      await nextStep(traveler.page, 'Pick the package up').waitFor();
      const wrong = String((Number(pickupCode) + 1) % 1_000_000).padStart(6, '0');
      await typeCode(traveler.page, 'Pickup code', '12', 'Confirm pickup');
      await traveler.page.getByText('Enter the 6-digit code').waitFor();
      await typeCode(traveler.page, 'Pickup code', wrong, 'Confirm pickup');
      await traveler.page.getByText('That is not the pickup code: 4 tries left before a 60-minute lock').waitFor();
      expect(await traveler.page.getByRole('textbox', { name: 'Pickup code' }).getAttribute('aria-invalid')).toBe(
        'true',
      );
      await checkAccessible(traveler.page);
      await typeCode(traveler.page, 'Pickup code', pickupCode, 'Confirm pickup');

      // In transit: the delivery code, typed as the recipient gives it.
      await nextStep(traveler.page, 'Deliver the package').waitFor();
      await typeCode(traveler.page, 'Delivery code', deliveryCode, 'Confirm delivery code');
      await nextStep(traveler.page, 'Delivered').waitFor();

      // The sender confirms the delivery.
      await sender.page.reload();
      await nextStep(sender.page, 'Confirm the delivery').waitFor();
      await sender.page.getByRole('button', { name: 'Confirm delivery', exact: true }).click();
      const confirm = sender.page.getByRole('dialog', { name: 'Confirm the delivery?' });
      expect(await confirm.innerText()).toContain(`${euros(REWARD)} goes to the traveler`);
      await confirm.getByRole('button', { name: 'Confirm delivery' }).click();
      await nextStep(sender.page, 'Reviews').waitFor();
      expect(await sender.page.getByRole('main').innerText()).toContain('Completed');

      // The reward is in the traveler's balance on her dashboard, and the fee went to the platform.
      await traveler.page.goto('/user/dashboard');
      await traveler.page
        .getByRole('region', { name: 'Your balance' })
        .locator('[data-figure="available"]')
        .getByText(euros(availableBefore + REWARD))
        .waitFor();
      const entries = await api<LedgerEntryPage>(
        admin.context,
        'GET',
        `/api/admin/ledger/entries?packageId=${draft.id}&kind=completion`,
      );
      expect(entries.items).toHaveLength(1);
      expect(entries.items[0]?.lines).toEqual(
        expect.arrayContaining([
          { account: 'escrow', amount: -TOTAL },
          { account: `traveler:${travelerId}`, amount: REWARD },
          { account: 'platform_fees', amount: FEE },
        ]),
      );

      // Both review each other: the first review waits, hidden, for the second.
      await sender.page.getByRole('radio', { name: '5 stars' }).check();
      await sender.page.getByRole('textbox', { name: /Comment/ }).fill('Careful and on time. Thank you Tess!');
      await sender.page.getByRole('button', { name: 'Submit review' }).click();
      await sender.page.getByText('Your review of the traveler').waitFor();
      await sender.page.getByText('The traveler’s review of you shows here as soon as they write it').waitFor();
      await checkAccessible(sender.page);

      await traveler.page.goto(`/user/packages/${draft.id}`);
      const travelerReview = traveler.page.getByRole('form', { name: 'Review the sender' });
      await travelerReview.getByRole('radio', { name: '4 stars' }).check();
      await travelerReview.getByRole('button', { name: 'Submit review' }).click();
      await traveler.page.getByText('Your review of the sender').waitFor();
      const senderReview = traveler.page.locator('[data-review-by="sender"]');
      expect(await senderReview.innerText()).toContain('Careful and on time. Thank you Tess!');
      expect(await senderReview.innerText()).toContain('Rated 5 out of 5');
      await sender.page.reload();
      expect(await sender.page.locator('[data-review-by="traveler"]').innerText()).toContain('Rated 4 out of 5');

      // The ratings show on both profiles.
      for (const [page, memberId] of [
        [traveler.page, senderId],
        [sender.page, travelerId],
      ] as const) {
        const reviews = await api<MemberReviews>(admin.context, 'GET', `/api/users/${memberId}/reviews`);
        expect(reviews.items.some((r) => r.packageId === draft.id)).toBe(true);
        const average = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }).format(
          reviews.rating.average ?? 0,
        );
        await page.goto(`/user/view/${memberId}`);
        const rating = page.getByRole('main').getByRole('definition').filter({ hasText: 'out of 5' });
        await rating.getByText(`${average} out of 5`).waitFor();
        expect(await rating.innerText()).toContain(
          `(${reviews.rating.count} ${reviews.rating.count === 1 ? 'review' : 'reviews'})`,
        );
      }

      expect(unexpected(sender.errors)).toEqual([]);
      expect(unexpected(traveler.errors, 400)).toEqual([]);
    } finally {
      await Promise.all([sender.context.close(), traveler.context.close(), admin.context.close()]);
    }
  });

  it('never offers a move from the wrong state, and every state passes axe at 360 px (requests and package pages)', {
    timeout: 120_000,
  }, async () => {
    const sender = await newPage(env.browser, env.server.url, phone);
    const traveler = await newPage(env.browser, env.server.url, phone);
    try {
      await signIn(sender.context, SENDER);
      await signIn(traveler.context, TRAVELER);
      const title = 'Lifecycle at 360 px: wool scarf';
      const pkg = await createDraft(sender.context, title, 0.5);
      await payThroughApi(sender.context, pkg.id);
      const tripId = await parisBerlinTrip(traveler.context);
      const offer = await api<PackageRequest>(traveler.context, 'POST', '/api/requests/offers', {
        packageId: pkg.id,
        travelPlanId: tripId,
        message: 'I can take it.',
      });
      const packagePage = `/user/packages/${pkg.id}`;

      // Open: the sender looks for a traveler; nothing of the handover yet.
      await sender.page.goto(packagePage);
      await nextStep(sender.page, 'Looking for a traveler').waitFor();
      for (const name of ['Confirm delivery', 'Open a dispute', 'Send the delivery code to the recipient by SMS']) {
        expect(await buttonCount(sender.page, name)).toBe(0);
      }
      expect(await sender.page.locator('[data-code]').count()).toBe(0);
      await noSidewaysScroll(sender.page);
      await checkAccessible(sender.page);

      // The traveler's outgoing tab: her pending offer, which she may withdraw (and is asked first).
      await traveler.page.goto('/user/packages/requests?tab=outgoing');
      const mine = traveler.page.getByRole('list', { name: 'Outgoing requests' }).getByRole('article', { name: title });
      await mine.waitFor();
      expect(await buttonCount(mine, 'Accept')).toBe(0);
      await mine.getByRole('button', { name: 'Withdraw' }).click();
      const ask = traveler.page.getByRole('dialog', { name: 'Withdraw this request?' });
      await checkAccessible(traveler.page);
      await ask.getByRole('button', { name: 'Keep it' }).click();
      await ask.waitFor({ state: 'detached' });
      await noSidewaysScroll(traveler.page);
      await checkAccessible(traveler.page);

      // The sender's incoming tab (the URL keeps the tab): decline asks first; then accept.
      await sender.page.goto('/user/packages/requests?tab=outgoing');
      // By keyboard: the arrow key moves to the other tab, and the URL follows.
      await sender.page.getByRole('tab', { name: 'Outgoing', selected: true }).focus();
      await sender.page.keyboard.press('ArrowLeft');
      await sender.page.waitForURL('**/user/packages/requests?tab=incoming');
      const theirs = sender.page.getByRole('list', { name: 'Incoming requests' }).getByRole('article', { name: title });
      await theirs.waitFor();
      await noSidewaysScroll(sender.page);
      await checkAccessible(sender.page);
      await theirs.getByRole('button', { name: 'Decline' }).click();
      const decline = sender.page.getByRole('dialog', { name: 'Decline this request?' });
      await decline.getByRole('button', { name: 'Keep it' }).click();
      await decline.waitFor({ state: 'detached' });
      await theirs.getByRole('button', { name: 'Accept' }).click();
      await theirs.getByText('Accepted', { exact: true }).waitFor();
      expect((await api<PackageRequest>(sender.context, 'GET', `/api/requests/${offer.id}`)).status).toBe('accepted');

      // Matched: the sender has the codes, not the confirmation; the traveler the pickup code and withdrawal.
      await sender.page.goto(packagePage);
      await nextStep(sender.page, 'Hand the package over').waitFor();
      await sender.page.locator('[data-code="pickup"]').waitFor();
      expect(await buttonCount(sender.page, 'Confirm delivery')).toBe(0);
      expect(await buttonCount(sender.page, 'Open a dispute')).toBe(0);
      await noSidewaysScroll(sender.page);
      await checkAccessible(sender.page);
      await traveler.page.goto(packagePage);
      await nextStep(traveler.page, 'Pick the package up').waitFor();
      expect(await traveler.page.getByRole('textbox', { name: 'Delivery code' }).count()).toBe(0);
      expect(await buttonCount(traveler.page, 'Open a dispute')).toBe(0);
      expect(await buttonCount(traveler.page, 'Withdraw from this delivery')).toBe(1);
      await traveler.page.getByRole('button', { name: 'Confirm pickup' }).click();
      await traveler.page.getByText('Enter the 6-digit code').waitFor();
      await noSidewaysScroll(traveler.page);
      await checkAccessible(traveler.page);

      // In transit (picked up through the API): the delivery code and a dispute, no withdrawal, no confirmation.
      const codes = await api<PackageCodes>(sender.context, 'GET', `/api/packages/${pkg.id}/codes`);
      await api(traveler.context, 'POST', `/api/packages/${pkg.id}/pickup`, { code: codes.pickupCode });
      await traveler.page.reload();
      await nextStep(traveler.page, 'Deliver the package').waitFor();
      expect(await buttonCount(traveler.page, 'Withdraw from this delivery')).toBe(0);
      expect(await buttonCount(traveler.page, 'Confirm delivery')).toBe(0);
      expect(await traveler.page.getByRole('textbox', { name: 'Pickup code' }).count()).toBe(0);
      await checkAccessible(traveler.page);
      await sender.page.reload();
      await nextStep(sender.page, 'On its way').waitFor();
      // The codes load after the step: look for the used pickup code once the delivery code shows.
      await sender.page.locator('[data-code="delivery"]').waitFor();
      expect(await sender.page.locator('[data-code="pickup"]').count()).toBe(0);
      expect(await buttonCount(sender.page, 'Confirm delivery')).toBe(0);
      expect(await buttonCount(sender.page, 'Cancel package')).toBe(0);
      await sender.page.getByRole('button', { name: 'Send the delivery code to the recipient by SMS' }).click();
      await sender.page.getByText(/^Sent to Lena Weber/).waitFor();
      await noSidewaysScroll(sender.page);
      await checkAccessible(sender.page);
      // The dispute form checks its fields before sending, and passes axe; not sent here.
      await sender.page.getByRole('button', { name: 'Open a dispute' }).click();
      const dispute = sender.page.getByRole('dialog', { name: 'Open a dispute' });
      await dispute.getByRole('button', { name: 'Open dispute' }).click();
      await dispute.getByText('Choose a reason').last().waitFor();
      await dispute.getByText('Say what happened (at least 10 characters)').waitFor();
      await checkAccessible(sender.page);
      await dispute.getByRole('button', { name: 'Not now' }).click();

      // Delivered: only the sender confirms; the traveler waits.
      await api(traveler.context, 'POST', `/api/packages/${pkg.id}/deliver`, { code: codes.deliveryCode });
      await traveler.page.reload();
      await nextStep(traveler.page, 'Delivered').waitFor();
      expect(await buttonCount(traveler.page, 'Confirm delivery')).toBe(0);
      expect(await traveler.page.getByRole('textbox').count()).toBe(0);
      await checkAccessible(traveler.page);
      await sender.page.reload();
      await nextStep(sender.page, 'Confirm the delivery').waitFor();
      expect(await sender.page.locator('[data-code]').count()).toBe(0);
      await noSidewaysScroll(sender.page);
      await checkAccessible(sender.page);

      // Completed: no more moves, only the review, which needs its stars.
      await api(sender.context, 'POST', `/api/packages/${pkg.id}/confirm`);
      await sender.page.reload();
      await nextStep(sender.page, 'Reviews').waitFor();
      for (const name of ['Confirm delivery', 'Open a dispute', 'Cancel package']) {
        expect(await buttonCount(sender.page, name)).toBe(0);
      }
      await sender.page.getByRole('button', { name: 'Submit review' }).click();
      await sender.page.getByText('Choose 1 to 5 stars').waitFor();
      await noSidewaysScroll(sender.page);
      await checkAccessible(sender.page);
      // The stars by keyboard: the refusal put the focus on the first star; the arrows choose, Enter sends.
      for (let i = 0; i < 3; i += 1) await sender.page.keyboard.press('ArrowRight');
      expect(await sender.page.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
      await sender.page.keyboard.press('Tab');
      await sender.page.keyboard.type('Kind and punctual.');
      await sender.page.keyboard.press('Tab');
      await sender.page.keyboard.press('Enter');
      expect(await sender.page.locator('[data-review-by="sender"]').innerText()).toContain('Rated 4 out of 5');

      // The requests page's accepted state, for the traveler: no answers left, a way to the package.
      await traveler.page.goto('/user/packages/requests?tab=outgoing');
      const accepted = traveler.page.getByRole('article', { name: title });
      await accepted.getByText('Accepted', { exact: true }).waitFor();
      expect(await buttonCount(accepted, 'Withdraw')).toBe(0);
      await accepted.getByRole('link', { name: 'Follow the delivery' }).waitFor();
      await checkAccessible(traveler.page);

      expect(unexpected(sender.errors)).toEqual([]);
      expect(unexpected(traveler.errors)).toEqual([]);
    } finally {
      await Promise.all([sender.context.close(), traveler.context.close()]);
    }
  });

  it('locks the code entry after five wrong codes and says until when (360 px)', async () => {
    const sender = await newPage(env.browser, env.server.url, phone);
    const traveler = await newPage(env.browser, env.server.url, phone);
    try {
      await signIn(sender.context, SENDER);
      await signIn(traveler.context, TRAVELER);
      const pkg = await createDraft(sender.context, 'Lifecycle lock: tea tin', 0.5);
      await payThroughApi(sender.context, pkg.id);
      const request = await api<PackageRequest>(traveler.context, 'POST', '/api/requests/offers', {
        packageId: pkg.id,
        travelPlanId: await parisBerlinTrip(traveler.context),
      });
      await api(sender.context, 'POST', `/api/requests/${request.id}/accept`);
      const { pickupCode } = await api<PackageCodes>(sender.context, 'GET', `/api/packages/${pkg.id}/codes`);
      const wrong = String((Number(pickupCode) + 7) % 1_000_000).padStart(6, '0');
      for (let i = 0; i < 4; i += 1) {
        const res = await traveler.context.request.post(`/api/packages/${pkg.id}/pickup`, { data: { code: wrong } });
        expect(res.status()).toBe(400);
      }

      await traveler.page.goto(`/user/packages/${pkg.id}`);
      await typeCode(traveler.page, 'Pickup code', wrong, 'Confirm pickup');
      // The page reads the lock back from the package: the form gives way to when it reopens.
      const lock = traveler.page.getByRole('alert').filter({ hasText: 'is locked for 60 minutes' });
      await lock.waitFor();
      expect(await lock.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(await traveler.page.getByRole('textbox', { name: 'Pickup code' }).count()).toBe(0);
      await noSidewaysScroll(traveler.page);
      await checkAccessible(traveler.page);
      expect(unexpected(traveler.errors, 429)).toEqual([]);
    } finally {
      await Promise.all([sender.context.close(), traveler.context.close()]);
    }
  });
});
