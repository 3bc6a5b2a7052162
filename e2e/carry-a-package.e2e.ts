import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import type { PackagePage } from '#shared/packages.ts';
import type { TravelPlan } from '#shared/travel-plans.ts';
import { expectAccessible, setUpServerAndBrowser } from './support/harness.ts';
import { settledListbox } from './support/places.ts';

// Carrying a package (the traveler's part): the demo traveler adds a trip Paris → Berlin and finds
// the demo sender's open package on choose-your-package; the sender finds that traveler on
// searching-for-traveler. Plus the states around them: empty matches, field errors, edit, cancel; and
// the request pending between a package and a traveler, which both cards show instead of offering or
// inviting again.

const env = setUpServerAndBrowser({ demoMode: true });
const withPage = env.withPage;
const phone = { width: 360, height: 740 };
const DAY = 24 * 60 * 60 * 1000;

const TRAVELER = 'traveler@tagalong.test';
const SENDER = 'sender@tagalong.test';
const DEMO_PACKAGE = 'Birthday gift for my sister';

async function signIn(page: Page, email: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/user/dashboard');
}

/**
 * axe once any toast has gone: a toast fading out is drawn half transparent, which axe reads as too
 * little contrast, though no one is meant to read a toast mid-fade.
 */
async function checkAccessible(page: Page) {
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 8000 });
  await expectAccessible(page);
}

const buttonCount = (scope: Locator, name: string) => scope.getByRole('button', { name, exact: true }).count();

/** Marks the page, so a later check can tell that it was not reloaded meanwhile. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { notReloaded: true }));
const stillSamePage = (page: Page) => page.evaluate(() => 'notReloaded' in window);

/** True once the focus is inside `scope` (it moves there a frame after the dialog closes). */
const focusWithin = (scope: Locator) => scope.evaluate((el) => el.contains(document.activeElement));

const places = {
  munich: { label: 'Munich, Germany', city: 'Munich', countryCode: 'DE', lat: 48.13743, lng: 11.57549 },
  vienna: { label: 'Vienna, Austria', city: 'Vienna', countryCode: 'AT', lat: 48.20849, lng: 16.37208 },
  copenhagen: { label: 'Copenhagen, Denmark', city: 'Copenhagen', countryCode: 'DK', lat: 55.67594, lng: 12.56553 },
  amsterdam: { label: 'Amsterdam, Netherlands', city: 'Amsterdam', countryCode: 'NL', lat: 52.37403, lng: 4.88969 },
};

/** A trip through the API, for tests about what happens once it exists. */
async function apiTrip(
  context: BrowserContext,
  from: keyof typeof places,
  to: keyof typeof places,
  departure: Date,
): Promise<TravelPlan> {
  const res = await context.request.post('/api/travel-plans', {
    data: {
      origin: places[from],
      destination: places[to],
      departureAt: departure.toISOString(),
      arrivalAt: new Date(departure.getTime() + 5 * 60 * 60 * 1000).toISOString(),
      transport: 'train',
      capacityKg: 5,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as TravelPlan;
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

/** "2026-06-12T09:00" in this machine's time zone, which the browser shares: what a datetime-local holds. */
function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A day `days` ahead at hh:mm local time. */
function daysAhead(days: number, hours: number, minutes = 0): Date {
  const date = new Date(Date.now() + days * DAY);
  date.setHours(hours, minutes, 0, 0);
  return date;
}

/** Types the start of a city, moves onto the option with the arrow key and takes it with Enter. */
async function pickPlace(form: Locator, label: string, text: string, option: string) {
  const box = form.getByRole('combobox', { name: label });
  await box.pressSequentially(text);
  await settledListbox(form, label).getByRole('option', { name: option }).waitFor();
  await box.press('ArrowDown');
  await box.press('Enter');
  expect(await box.inputValue()).toBe(option);
}

interface Trip {
  from: [string, string];
  to: [string, string];
  departure: Date;
  arrival: Date;
  capacityKg: string;
}

/** Adds a trip through the form on carry-a-package, by keyboard; the saved plan as the API answered it. */
async function addTrip(page: Page, trip: Trip): Promise<TravelPlan> {
  await page.getByRole('button', { name: 'Add a trip' }).first().click();
  const form = page.getByRole('form', { name: 'Add a trip' });
  await pickPlace(form, 'From', ...trip.from);
  await pickPlace(form, 'To', ...trip.to);
  await form.getByLabel('Departure').fill(localInput(trip.departure));
  await form.getByLabel('Arrival').fill(localInput(trip.arrival));
  await form.getByRole('combobox', { name: 'Transport' }).selectOption({ label: 'Train' });
  await form.getByRole('textbox', { name: 'Free capacity (kg)' }).fill(trip.capacityKg);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/travel-plans') && r.request().method() === 'POST');
  // Sent from the keyboard, as a person would.
  await form.getByRole('textbox', { name: 'Free capacity (kg)' }).press('Enter');
  const response = await saved;
  expect(response.status()).toBe(201);
  await page.getByText(`Your trip ${trip.from[0]} → ${trip.to[0]} is added.`).waitFor();
  return (await response.json()) as TravelPlan;
}

/** My trip's card on carry-a-package, found by its "Find packages" link (two trips may share a route). */
const tripCard = (page: Page, planId: string) =>
  page
    .getByRole('list', { name: 'Active trips' })
    .getByRole('article')
    .filter({ has: page.locator(`a[href$="plan=${planId}"]`) });

describe('carry a package', () => {
  it('adds a trip Paris → Berlin, finds the demo package on it, and the sender finds the traveler (360 px)', async () => {
    const plan = await withPage(async ({ page, errors }) => {
      await signIn(page, TRAVELER);
      await page.goto('/user/packages/carry-a-package');
      // The demo traveler already has a trip: the list, not the empty state.
      await page.getByRole('list', { name: 'Active trips' }).waitFor();
      await checkAccessible(page);
      await noSidewaysScroll(page);

      const created = await addTrip(page, {
        from: ['Paris', 'Paris, France'],
        to: ['Berlin', 'Berlin, Germany'],
        departure: daysAhead(7, 9),
        arrival: daysAhead(7, 18, 30),
        capacityKg: '5',
      });
      expect(created).toMatchObject({
        status: 'active',
        origin: { city: 'Paris', countryCode: 'FR' },
        destination: { city: 'Berlin', countryCode: 'DE' },
        transport: 'train',
        capacityKg: 5,
      });
      expect(new Date(created.departureAt).getTime()).toBe(daysAhead(7, 9).getTime());

      const card = tripCard(page, created.id);
      await card.waitFor();
      const text = await card.innerText();
      expect(text).toContain('Paris → Berlin');
      expect(text).toContain('Train');
      expect(text).toContain('5 kg');
      // The new card takes the focus, so a keyboard user carries on from their trip.
      expect(await card.getByRole('heading').evaluate((el) => el === document.activeElement)).toBe(true);
      await checkAccessible(page);
      await noSidewaysScroll(page);

      await card.getByRole('link', { name: 'Find packages' }).click();
      await page.waitForURL(`**/user/packages/carry-a-package/choose-your-package?plan=${created.id}`);
      const trip = page.getByRole('region', { name: 'Your trip', exact: true });
      expect(await trip.innerText()).toContain('Paris → Berlin');
      const matches = page.getByRole('list', { name: 'Packages that fit your trip' });
      const gift = matches.getByRole('article', { name: DEMO_PACKAGE });
      await gift.waitFor();
      const giftText = await gift.innerText();
      expect(giftText).toMatch(/From your origin to the pickup\s+\d+ km/);
      expect(giftText).toMatch(/From the drop-off to your destination\s+\d+ km/);
      expect(giftText).toContain('Paris, France → Berlin, Germany');
      expect(giftText).toContain('Pickup from');
      expect(giftText).toMatch(/Reward\s+€\d/);
      expect(await page.getByRole('combobox', { name: 'Search radius' }).inputValue()).toBe('50');
      expect(await gift.getByRole('link', { name: DEMO_PACKAGE }).getAttribute('href')).toMatch(
        /^\/user\/packages\/[0-9a-f-]{36}$/,
      );
      // Sam invited Tess for it on her seeded trip. One pending request per package and traveler, on
      // whichever trip: this card shows it and sends her to answer it, rather than offering again.
      expect(giftText).toContain('They invited you');
      expect(await buttonCount(gift, `Offer to carry ${DEMO_PACKAGE}`)).toBe(0);
      expect(await gift.getByRole('link', { name: 'Answer in Requests' }).getAttribute('href')).toBe(
        '/user/packages/requests',
      );
      await checkAccessible(page);
      await noSidewaysScroll(page);
      expect(errors).toEqual([]);
      return created;
    }, phone);

    await withPage(async ({ context, page, errors }) => {
      await signIn(page, SENDER);
      const active = (await (
        await context.request.get('/api/packages?role=sender&group=active')
      ).json()) as PackagePage;
      const gift = active.items.find((item) => item.title === DEMO_PACKAGE);
      expect(gift?.status).toBe('open');

      await page.goto(`/user/packages/send-a-package/searching-for-traveler?package=${gift?.id}`);
      const mine = page.getByRole('region', { name: 'Your package', exact: true });
      await mine.getByText(DEMO_PACKAGE).waitFor();
      expect(await mine.innerText()).toContain('Paris, France → Berlin, Germany');
      const travelers = page.getByRole('list', { name: 'Travelers whose trips fit your package' });
      const tess = travelers.getByRole('article', { name: 'Tess Traveler' });
      // The demo trip and the one just added both fit.
      await tess.first().waitFor();
      expect(await tess.count()).toBeGreaterThanOrEqual(2);
      const departure = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(plan.departureAt),
      );
      const added = tess.filter({ hasText: departure });
      const addedText = await added.innerText();
      expect(addedText).toContain('Verified');
      expect(addedText).toMatch(/No reviews yet|out of 5/);
      expect(addedText).toContain('5 kg');
      expect(addedText).toMatch(/From their origin to your pickup\s+\d+ km/);
      expect(await added.getByRole('link', { name: 'Tess Traveler' }).getAttribute('href')).toBe(
        `/user/view/${plan.traveler.id}`,
      );
      // The demo invitation links the package and Tess, so every card of hers says it is sent.
      for (const card of await tess.all()) expect(await card.innerText()).toContain('Invitation sent');
      expect(await buttonCount(added, 'Invite Tess Traveler (Paris → Berlin)')).toBe(0);
      await checkAccessible(page);
      await noSidewaysScroll(page);

      // Withdrawn from the card: every card of hers offers "Invite" again, without a reload.
      await markPage(page);
      await added.getByRole('button', { name: 'Withdraw your invitation to Tess Traveler (Paris → Berlin)' }).click();
      const confirm = page.getByRole('dialog', { name: 'Withdraw your invitation?' });
      await confirm.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await page.getByText('Invitation withdrawn.').waitFor();
      await added.getByRole('button', { name: 'Invite Tess Traveler (Paris → Berlin)' }).waitFor();
      await expect.poll(() => focusWithin(added)).toBe(true);
      for (const card of await tess.all()) expect(await card.innerText()).not.toContain('Invitation sent');
      expect(await stillSamePage(page)).toBe(true);
      expect(errors).toEqual([]);
    }, phone);
  });

  it('offers from a package’s card, which says "Offer sent" at once, and withdraws it there (360 px, keyboard)', () =>
    withPage(async ({ context, page, errors }) => {
      await signIn(page, TRAVELER);
      // Her earlier offer for the jacket was declined: that leaves nothing pending.
      const trip = await apiTrip(context, 'munich', 'vienna', daysAhead(9, 8));
      await page.goto(`/user/packages/carry-a-package/choose-your-package?plan=${trip.id}`);
      const jacket = page.getByRole('list', { name: 'Packages that fit your trip' }).getByRole('article', {
        name: 'Winter jacket',
      });
      const offerButton = jacket.getByRole('button', { name: 'Offer to carry Winter jacket', exact: true });
      await offerButton.waitFor();
      await markPage(page);

      await offerButton.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Offer to carry “Winter jacket”' });
      await dialog.getByRole('textbox', { name: /Message to Sam Sender/ }).fill('Train to Vienna next week.');
      await dialog.getByRole('button', { name: 'Send offer' }).press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await jacket.getByText('Offer sent').waitFor();
      expect(await buttonCount(jacket, 'Offer to carry Winter jacket')).toBe(0);
      expect(await jacket.innerText()).toContain('Waiting for Sam Sender’s answer.');
      // The focus lands on the card's new state, not at the top of the page.
      await expect.poll(() => focusWithin(jacket)).toBe(true);
      expect(await stillSamePage(page)).toBe(true);
      await checkAccessible(page);
      await noSidewaysScroll(page);

      // Withdrawn by keyboard from the same card: "Offer to carry" is back, and takes the focus.
      await jacket.getByRole('button', { name: 'Withdraw your offer for Winter jacket' }).focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('dialog', { name: 'Withdraw your offer?' });
      await confirm.getByRole('button', { name: 'Withdraw', exact: true }).press('Enter');
      await page.getByText('Offer withdrawn.').waitFor();
      await offerButton.waitFor();
      await expect.poll(() => offerButton.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await jacket.getByText('Offer sent').count()).toBe(0);
      expect(await stillSamePage(page)).toBe(true);
      expect(errors).toEqual([]);
    }, phone));

  it('shows field errors from the shared rules and from the server, and says so when no package fits', () =>
    withPage(async ({ page, errors }) => {
      await signIn(page, TRAVELER);
      await page.goto('/user/packages/carry-a-package');
      await page.getByRole('button', { name: 'Add a trip' }).click();
      const form = page.getByRole('form', { name: 'Add a trip' });
      await form.getByRole('button', { name: 'Add trip' }).click();
      await form.getByText('Choose the city you leave from').waitFor();
      await form.getByText('Enter how many kg you can carry').waitFor();
      const from = form.getByRole('combobox', { name: 'From' });
      expect(await from.getAttribute('aria-invalid')).toBe('true');
      expect(await from.evaluate((el) => el === document.activeElement)).toBe(true);
      await checkAccessible(page);

      // Arrival before departure: the shared rule, before anything is sent.
      await pickPlace(form, 'From', 'Lisb', 'Lisbon, Portugal');
      await pickPlace(form, 'To', 'Helsin', 'Helsinki, Finland');
      await form.getByLabel('Departure').fill(localInput(daysAhead(10, 8)));
      await form.getByLabel('Arrival').fill(localInput(daysAhead(9, 8)));
      await form.getByRole('combobox', { name: 'Transport' }).selectOption({ label: 'Flight' });
      await form.getByRole('textbox', { name: 'Free capacity (kg)' }).fill('3');
      await form.getByRole('button', { name: 'Add trip' }).click();
      await form.getByText('The arrival cannot be before the departure').waitFor();

      // A field the server refuses lands beside that field.
      await form.getByLabel('Arrival').fill(localInput(daysAhead(10, 13)));
      await page.route('**/api/travel-plans', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 400,
              contentType: 'application/json',
              body: JSON.stringify({
                error: {
                  code: 'VALIDATION_FAILED',
                  message: 'Some fields break the travel plan rules.',
                  fields: { 'destination.lat': ['Latitude must be between −90 and 90'] },
                },
              }),
            })
          : route.fallback(),
      );
      await form.getByRole('button', { name: 'Add trip' }).click();
      await form.getByText('Latitude must be between −90 and 90').waitFor();
      expect(await form.getByRole('combobox', { name: 'To' }).getAttribute('aria-invalid')).toBe('true');
      await page.unroute('**/api/travel-plans');

      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/travel-plans') && r.request().method() === 'POST',
      );
      await form.getByRole('button', { name: 'Add trip' }).click();
      const plan = (await (await saved).json()) as TravelPlan;
      await tripCard(page, plan.id).getByRole('link', { name: 'Find packages' }).click();
      await page.waitForURL(`**/choose-your-package?plan=${plan.id}`);
      const empty = page.getByRole('region', { name: 'No packages fit this trip yet' });
      await empty.waitFor();
      expect(await empty.innerText()).toContain('within 50 km of Lisbon');
      await checkAccessible(page);

      // The suggested bigger radius is searched, and kept in the address.
      await empty.getByRole('button', { name: 'Search within 100 km' }).click();
      await page.waitForURL(/radius=100/);
      const radius = page.getByRole('combobox', { name: 'Search radius' });
      await expect.poll(() => radius.inputValue()).toBe('100');
      await page.getByRole('region', { name: 'No packages fit this trip yet' }).getByText('within 100 km').waitFor();
      await empty.getByRole('link', { name: 'Choose another trip' }).waitFor();
      expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    }));

  it('edits a trip, cancels it after confirming, and asks which trip when none is chosen', () =>
    withPage(async ({ page, errors }) => {
      await signIn(page, TRAVELER);
      await page.goto('/user/packages/carry-a-package');
      await page.getByRole('list', { name: 'Active trips' }).waitFor();
      const plan = await addTrip(page, {
        from: ['Madrid', 'Madrid, Spain'],
        to: ['Rome', 'Rome, Italy'],
        departure: daysAhead(12, 7),
        arrival: daysAhead(12, 10),
        capacityKg: '2',
      });
      const card = tripCard(page, plan.id);
      await card.getByRole('button', { name: 'Edit' }).click();
      // The card's actions (and so its "Find packages" link) give way to the form while it is open.
      const edit = page.getByRole('form', { name: 'Edit trip Madrid → Rome' });
      await edit.getByRole('textbox', { name: 'Free capacity (kg)' }).fill('4.5');
      const patched = page.waitForResponse((r) => r.url().endsWith(`/api/travel-plans/${plan.id}`));
      await edit.getByRole('button', { name: 'Save changes' }).click();
      // Only what changed is sent.
      expect((await patched).request().postDataJSON()).toEqual({ capacityKg: 4.5 });
      await page.getByText('Your trip is saved.').waitFor();
      expect(await card.innerText()).toContain('4.5 kg');

      await card.getByRole('button', { name: 'Cancel trip' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this trip?' });
      await checkAccessible(page);
      await dialog.getByRole('button', { name: 'Keep trip' }).click();
      expect(await card.count()).toBe(1);
      await card.getByRole('button', { name: 'Cancel trip' }).click();
      await dialog.getByRole('button', { name: 'Cancel trip' }).click();
      await page.getByText('Your trip Madrid → Rome is cancelled.').waitFor();
      await card.waitFor({ state: 'detached' });

      await page.getByRole('tab', { name: 'Cancelled' }).click();
      const cancelled = page
        .getByRole('list', { name: 'Cancelled trips' })
        .getByRole('article', { name: /Madrid → Rome/ });
      await cancelled.waitFor();
      expect(await cancelled.innerText()).toContain('Cancelled');
      expect(await cancelled.getByRole('link', { name: 'Find packages' }).count()).toBe(0);
      await checkAccessible(page);

      // A cancelled trip is not matched; and without a trip, the page asks for one of the active ones.
      await page.goto(`/user/packages/carry-a-package/choose-your-package?plan=${plan.id}`);
      await page.getByRole('heading', { name: 'This trip is cancelled' }).waitFor();
      await page.goto('/user/packages/carry-a-package/choose-your-package');
      const pick = page.getByRole('region', { name: 'Which trip?' });
      await pick
        .getByRole('link', { name: /Paris → Berlin/ })
        .first()
        .waitFor();
      expect(await pick.getByRole('link', { name: /Madrid → Rome/ }).count()).toBe(0);
      await checkAccessible(page);
      expect(errors).toEqual([]);
    }));
});

describe('searching for a traveler', () => {
  it('invites a traveler from their card, which says "Invitation sent" at once; she sees it on her trip (360 px)', async () => {
    const trip = await withPage(async ({ context, page }) => {
      await signIn(page, TRAVELER);
      return apiTrip(context, 'copenhagen', 'amsterdam', daysAhead(10, 7));
    });
    const departure = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(trip.departureAt),
    );

    await withPage(async ({ context, page, errors }) => {
      await signIn(page, SENDER);
      const open = (await (
        await context.request.get('/api/packages?role=sender&status=open&limit=20')
      ).json()) as PackagePage;
      const magazines = open.items.find((item) => item.title === 'Design magazines');
      expect(magazines?.status).toBe('open');
      await page.goto(`/user/packages/send-a-package/searching-for-traveler?package=${magazines?.id}`);
      const card = page
        .getByRole('list', { name: 'Travelers whose trips fit your package' })
        .getByRole('article', { name: 'Tess Traveler' })
        .filter({ hasText: departure });
      const inviteName = 'Invite Tess Traveler (Copenhagen → Amsterdam)';
      await card.getByRole('button', { name: inviteName }).click();
      await markPage(page);
      const dialog = page.getByRole('dialog', { name: 'Invite Tess Traveler' });
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await dialog.waitFor({ state: 'detached' });
      await card.getByText('Invitation sent').waitFor();
      expect(await buttonCount(card, inviteName)).toBe(0);
      expect(await card.innerText()).toContain('Waiting for Tess Traveler’s answer.');
      await card
        .getByRole('button', { name: 'Withdraw your invitation to Tess Traveler (Copenhagen → Amsterdam)' })
        .waitFor();
      await expect.poll(() => focusWithin(card)).toBe(true);
      expect(await stillSamePage(page)).toBe(true);
      await checkAccessible(page);
      await noSidewaysScroll(page);
      expect(errors).toEqual([]);
    }, phone);

    await withPage(async ({ page, errors }) => {
      await signIn(page, TRAVELER);
      await page.goto(`/user/packages/carry-a-package/choose-your-package?plan=${trip.id}`);
      const magazines = page
        .getByRole('list', { name: 'Packages that fit your trip' })
        .getByRole('article', { name: 'Design magazines' });
      await magazines.getByText('They invited you').waitFor();
      expect(await buttonCount(magazines, 'Offer to carry Design magazines')).toBe(0);
      await magazines.getByRole('link', { name: 'Answer in Requests' }).click();
      await page.waitForURL('**/user/packages/requests');
      await page
        .getByRole('list', { name: 'Incoming requests' })
        .getByRole('article', { name: 'Design magazines' })
        .waitFor();
      expect(errors).toEqual([]);
    }, phone);
  });

  it('sends a draft to payment, and says so for a package that is not there', () =>
    withPage(async ({ context, page, errors }) => {
      await signIn(page, SENDER);
      const created = await context.request.post('/api/packages', { data: { title: 'Winter coat for my nephew' } });
      expect(created.status()).toBe(201);
      const draft = (await created.json()) as { id: string };

      await page.goto(`/user/packages/send-a-package/searching-for-traveler?package=${draft.id}`);
      const state = page.getByRole('region', { name: 'This package is still a draft' });
      await state.waitFor();
      expect(await state.getByRole('link', { name: 'Go to payment' }).getAttribute('href')).toBe(
        `/user/packages/send-a-package/payment-process?package=${draft.id}`,
      );
      expect(await page.getByRole('region', { name: 'Your package', exact: true }).innerText()).toContain('Draft');
      expect(await page.getByRole('list', { name: 'Travelers whose trips fit your package' }).count()).toBe(0);
      await checkAccessible(page);

      await page.goto(
        '/user/packages/send-a-package/searching-for-traveler?package=00000000-0000-4000-8000-000000000000',
      );
      const missing = page.getByRole('region', { name: 'Package not found' });
      await missing.waitFor();
      // It offers the sender's open packages instead.
      await missing.getByRole('link', { name: new RegExp(DEMO_PACKAGE) }).waitFor();
      await checkAccessible(page);
      expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    }));
});
