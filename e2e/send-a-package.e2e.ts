import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import { expectAccessible, newPage, setUpServerAndBrowser } from './support/harness.ts';
import { settledListbox } from './support/places.ts';

// Sending a package (the sender's part): the demo sender goes through every
// step of the form, adds photos, reloads half-way, and ends on the payment page with the right total;
// then finds the draft in "my packages" and opens its page, through the built app in Chromium.

const env = setUpServerAndBrowser({ demoMode: true });
const withPage = env.withPage;

const desktop = { width: 1280, height: 800 };
const phone = { width: 360, height: 740 };

/** Console errors other than the 4xx answers the error cases ask for on purpose. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 4\d\d/.test(e));

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

/** The sender's money rule (docs/product.md §5), written out here rather than taken from the app. */
const expectedTotal = (rewardCents: number) => rewardCents + Math.max(Math.round(rewardCents * 0.1), 100);
const euros = (cents: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** `datetime-local` text, some days from now at a given hour, in the browser's (= this machine's) zone. */
function localInput(days: number, hour: number) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(hour, 0, 0, 0);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

async function signInAsSender(page: Page, target: string) {
  await page.goto(`/auth/login?redirect=${encodeURIComponent(target)}`);
  await page.getByLabel('Email').fill('sender@tagalong.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`**${target}`);
}

/** Signs a browser context in through the API, for the tests that only need a signed-in member. */
async function signInThroughApi(context: BrowserContext, email: string) {
  const res = await context.request.post('/api/auth/sign-in/email', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });
const saveAndContinue = (page: Page) => page.getByRole('button', { name: 'Save and continue' }).click();

/** A city through the place picker, by keyboard only: type, arrow down to it, Enter. */
async function pickPlace(page: Page, label: string, typed: string, option: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.pressSequentially(typed);
  const wanted = settledListbox(page, label).getByRole('option', { name: option, exact: true });
  await wanted.waitFor();
  for (let i = 0; i < 8 && (await wanted.getAttribute('aria-selected')) !== 'true'; i++) await box.press('ArrowDown');
  await box.press('Enter');
  expect(await box.inputValue()).toBe(option);
}

const draftIdOf = (page: Page) => new URL(page.url()).searchParams.get('draft');

describe('send a package', () => {
  it.each([
    ['at desktop width', desktop, 'Two paperback novels', 2500],
    ['at 360 px', phone, 'Handmade ceramic mug', 700],
  ] as const)(
    'goes through every step %s, survives a reload, and ends on the amount due',
    (_, viewport, title, rewardCents) =>
      withPage(async ({ page, errors }) => {
        const narrow = viewport.width < 400;
        await signInAsSender(page, '/user/packages/send-a-package');

        // What: saved by pressing Enter in the form, which creates the draft.
        await stepHeading(page, 'What are you sending?').waitFor();
        expect(await page.getByRole('navigation', { name: 'Steps of sending a package' }).innerText()).toContain(
          'Step 1 of 8',
        );
        await expectAccessible(page);
        if (narrow) await noSidewaysScroll(page);
        await saveAndContinue(page);
        await page.getByText('Give your package a title').waitFor();
        expect(await page.getByLabel('Title').getAttribute('aria-invalid')).toBe('true');
        await page.getByLabel('Title').fill(title);
        await page.getByLabel('Category').selectOption({ label: 'Gifts' });
        await page.getByLabel('Description').fill('Wrapped, in a shoebox.');
        await page.getByLabel('Title').press('Enter');
        await stepHeading(page, 'Add photos of your package').waitFor();
        expect(draftIdOf(page)).toMatch(/^[0-9a-f-]{36}$/);
        const id = draftIdOf(page) as string;

        // Photos, right after: a PDF and a text file named .jpg are refused, each with its own error
        // and no preview; the photo goes up. (Shrinking a large one: e2e/package-photos.e2e.ts.)
        const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#b45309' } })
          .jpeg()
          .toBuffer();
        await page.getByLabel('Drag photos here or choose files').setInputFiles([
          { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') },
          { name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture at all\n'.repeat(20)) },
          { name: 'parcel.jpg', mimeType: 'image/jpeg', buffer: jpeg },
        ]);
        const saved = page.getByRole('list', { name: 'Saved photos' }).getByRole('img', { name: `${title}, 1 of 1` });
        await saved.waitFor();
        // The stored photo itself loads (decode() waits for it and fails on a broken image).
        const width = await saved.evaluate(async (img: HTMLImageElement) => {
          await img.decode();
          return img.naturalWidth;
        });
        expect(width).toBe(800);
        const adding = page.getByRole('list', { name: 'Photos being added' });
        const failed = async (name: string) => adding.getByRole('listitem').filter({ hasText: name }).innerText();
        expect(await failed('invoice.pdf')).toContain('Choose a JPEG, PNG or WebP image');
        expect(await failed('fake.jpg')).toContain('Choose a JPEG, PNG or WebP image');
        expect(await adding.getByRole('img').count()).toBe(0);
        await adding.getByRole('button', { name: 'Dismiss fake.jpg' }).click();
        await expect.poll(() => adding.getByRole('listitem').count()).toBe(1);
        await expectAccessible(page);
        if (narrow) await noSidewaysScroll(page);
        await saveAndContinue(page);
        await stepHeading(page, 'Where does it go?').waitFor();

        // From and to, by keyboard.
        await pickPlace(page, 'Pickup city', 'Paris', 'Paris, France');
        await page.getByLabel('Pickup address').fill('12 rue de Rivoli');
        await pickPlace(page, 'Drop-off city', 'Berl', 'Berlin, Germany');
        await expectAccessible(page);
        if (narrow) await noSidewaysScroll(page);
        await saveAndContinue(page);

        // When.
        await stepHeading(page, 'When does it travel?').waitFor();
        await page.getByLabel('Ready for pickup from').fill(localInput(3, 9));
        await page.getByLabel('Deliver by').fill(localInput(2, 18));
        await saveAndContinue(page);
        await page.getByText('The deliver-by date must be after the pickup date').waitFor();
        await page.getByLabel('Deliver by').fill(localInput(10, 18));
        await saveAndContinue(page);
        await stepHeading(page, 'How big and how heavy is it?').waitFor();

        // A reload half-way opens the same draft at its first unfinished step.
        await page.reload();
        await stepHeading(page, 'How big and how heavy is it?').waitFor();
        expect(draftIdOf(page)).toBe(id);
        expect(await page.getByRole('navigation', { name: 'Steps of sending a package' }).innerText()).toContain(
          'Step 5 of 8',
        );

        // Size and weight (the radio group by keyboard).
        const small = page.getByRole('radio', { name: /^S · Small/ });
        await small.focus();
        await page.keyboard.press('ArrowRight');
        expect(await page.getByRole('radio', { name: /^M · Medium/ }).isChecked()).toBe(true);
        await page.getByLabel('Weight in kg').fill('25');
        await saveAndContinue(page);
        await page.getByText('The weight must be between 0.1 and 20 kg').waitFor();
        await page.getByLabel('Weight in kg').fill('1,5');
        await expectAccessible(page);
        await saveAndContinue(page);

        // Reward: the fee and the total follow what is typed.
        await stepHeading(page, 'What will you pay the traveler?').waitFor();
        const reward = page.getByLabel('Reward for the traveler (EUR)');
        const youPay = page.locator('dt', { hasText: 'You pay' }).locator('xpath=following-sibling::dd[1]');
        await reward.fill('100');
        await expect.poll(() => youPay.innerText()).toBe(euros(expectedTotal(10_000)));
        await reward.fill((rewardCents / 100).toFixed(2));
        await expect.poll(() => youPay.innerText()).toBe(euros(expectedTotal(rewardCents)));
        await page.getByLabel('Declared value (EUR)').fill('40');
        await expectAccessible(page);
        if (narrow) await noSidewaysScroll(page);
        await saveAndContinue(page);

        // Recipient.
        await stepHeading(page, 'Who receives it?').waitFor();
        await page.getByLabel("Recipient's name").fill('Ana Example');
        await page.getByLabel("Recipient's phone").fill('12345');
        await saveAndContinue(page);
        await page.getByText('Enter a valid mobile number').waitFor();
        await page.getByLabel("Recipient's phone").fill('+33 6 12 34 56 78');
        await page.getByLabel('Notes for the traveler').fill('Fragile, this side up.');
        await saveAndContinue(page);

        // Review: everything, the photo too, and no uploader (photos have their own step).
        await stepHeading(page, 'Check and continue to payment').waitFor();
        const review = await page.locator('form').innerText();
        for (const text of ['Paris, France', '12 rue de Rivoli', 'Berlin, Germany', 'M · Medium', 'Ana Example'])
          expect(review).toContain(text);
        expect(review).toContain('+33 6 12 34 56 78');
        await page
          .getByRole('list', { name: 'Photos' })
          .getByRole('img', { name: `${title}, 1 of 1` })
          .waitFor();
        expect(await page.locator('input[type="file"]').count()).toBe(0);
        await expectAccessible(page);
        if (narrow) await noSidewaysScroll(page);

        // The amount due and "Pay" (paying itself is e2e/payments.e2e.ts).
        await page.getByRole('button', { name: 'Continue to payment' }).click();
        await page.waitForURL(`**/user/packages/send-a-package/payment-process?package=${id}`);
        const due = page.getByRole('definition').filter({ hasText: '€' }).last();
        await page.getByRole('button', { name: `Pay ${euros(expectedTotal(rewardCents))}` }).waitFor();
        expect(await due.innerText()).toBe(euros(expectedTotal(rewardCents)));
        expect(await page.locator('main').innerText()).toContain(euros(rewardCents));
        await expectAccessible(page);
        if (narrow) await noSidewaysScroll(page);

        // My packages: under Drafts, and found by its title.
        await page.goto('/user/packages/my-packages');
        await page.getByRole('tab', { name: 'Drafts' }).click();
        const drafts = page.getByRole('list', { name: 'Drafts packages' });
        await drafts.getByRole('link', { name: title }).waitFor();
        const card = await drafts.getByRole('listitem').filter({ hasText: title }).innerText();
        expect(card).toContain('Paris');
        expect(card).toContain('Berlin');
        expect(card).toContain('Draft');
        expect(card).toContain(euros(expectedTotal(rewardCents)));
        await expectAccessible(page);
        if (narrow) await noSidewaysScroll(page);
        const word = title.split(' ')[1] as string;
        // While the search loads, the list keeps showing every draft (aria-busy): look in its own answer.
        const searched = page.waitForResponse(
          (r) =>
            new URL(r.url()).pathname === '/api/packages' &&
            new URL(r.url()).searchParams.get('q') === word.toUpperCase(),
        );
        await page.getByLabel('Search by title').fill(word.toUpperCase());
        await page.waitForURL((url) => url.searchParams.get('q') === word.toUpperCase());
        expect(new URL(page.url()).searchParams.get('group')).toBe('drafts');
        await searched;
        await drafts.and(page.locator(':not([aria-busy])')).getByRole('link', { name: title }).waitFor();
        await page.getByLabel('Search by title').fill('zzz-nothing-like-it');
        await page.getByRole('heading', { name: 'No package matches “zzz-nothing-like-it”' }).waitFor();
        await page.getByRole('button', { name: 'Clear the search' }).click();
        await page.waitForURL((url) => !url.searchParams.has('q'));

        // Its page: details, the timeline and the sender's actions.
        await drafts.getByRole('link', { name: title }).click();
        await page.waitForURL(`**/user/packages/${id}`);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        const events = await page.getByRole('region', { name: 'Timeline' }).innerText();
        expect(events).toContain('Created as draft');
        expect(events).toContain('by Sam Sender');
        const main = page.getByRole('main');
        for (const name of ['Pay', 'Edit']) await main.getByRole('link', { name, exact: true }).waitFor();
        for (const name of ['Cancel package', 'Delete draft']) await main.getByRole('button', { name }).waitFor();
        expect(await page.locator('main').innerText()).toContain('12 rue de Rivoli');
        await expectAccessible(page);
        if (narrow) await noSidewaysScroll(page);

        // Editing reuses the form, at the review since nothing is missing.
        await page.getByRole('link', { name: 'Edit', exact: true }).click();
        await page.waitForURL(`**/user/packages/send-a-package?draft=${id}`);
        await stepHeading(page, 'Check and continue to payment').waitFor();
        expect(unexpected(errors)).toEqual([]);
      }, viewport),
    // Eight steps, a reload and a photo: close to a minute on a busy 2-core machine.
    120_000,
  );

  it('shows a field error the server sends on its field, in its step', () =>
    withPage(async ({ page, errors }) => {
      await signInAsSender(page, '/user/packages/send-a-package');
      await page.getByLabel('Title').fill('Old camera lens');
      await page.getByLabel('Category').selectOption({ label: 'Electronics' });
      await saveAndContinue(page);
      await stepHeading(page, 'Add photos of your package').waitFor();
      await saveAndContinue(page);
      await stepHeading(page, 'Where does it go?').waitFor();
      await pickPlace(page, 'Pickup city', 'Lyon', 'Lyon, France');
      await pickPlace(page, 'Drop-off city', 'Madrid', 'Madrid, Spain');
      // The server is the judge: here it refuses the drop-off (as a changed setting could make it).
      const refuse = '**/api/packages/*';
      await page.route(refuse, (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({
              status: 400,
              json: {
                error: {
                  code: 'VALIDATION_FAILED',
                  message: 'Check the fields',
                  fields: { 'dropoff.address': ['The address can be at most 200 characters'], title: ['Too short'] },
                },
              },
            })
          : route.fallback(),
      );
      await saveAndContinue(page);
      // The earliest step with a problem comes first: the title, on "what".
      await stepHeading(page, 'What are you sending?').waitFor();
      await page.getByText('Too short').waitFor();
      expect(await page.getByLabel('Title').getAttribute('aria-invalid')).toBe('true');
      await page.getByRole('alert').filter({ hasText: 'could not save this step' }).waitFor();
      await page.unroute(refuse);
      await expectAccessible(page);
      expect(unexpected(errors)).toEqual([]);
    }));

  it('cancels one draft and deletes another, each after asking', () =>
    withPage(async ({ context, page, errors }) => {
      await signInAsSender(page, '/user/packages/my-packages');
      const make = async (title: string) => {
        const res = await context.request.post('/api/packages', { data: { title } });
        expect(res.status()).toBe(201);
        return (await res.json()).id as string;
      };
      const cancelId = await make('Box of letters to cancel');
      const deleteId = await make('Scarf to delete');

      await page.goto(`/user/packages/${cancelId}`);
      await page.getByRole('heading', { level: 1, name: 'Box of letters to cancel' }).waitFor();
      await page.getByText("This draft isn't finished").waitFor();
      await page.getByRole('button', { name: 'Cancel package' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this package?' });
      await dialog.waitFor();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Cancel package' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.locator('[data-status="cancelled"]').first().waitFor();
      expect(await page.locator('main').innerText()).toMatch(/Draft\s*→?\s*(to)?\s*Cancelled/);
      expect(await page.getByRole('button', { name: 'Delete draft' }).count()).toBe(0);

      await page.goto(`/user/packages/${deleteId}`);
      await page.getByRole('button', { name: 'Delete draft' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this draft?' });
      await confirm.getByRole('button', { name: 'Keep the draft' }).click();
      await confirm.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Delete draft' }).click();
      await confirm.getByRole('button', { name: 'Delete draft' }).click();
      await page.waitForURL('**/user/packages/my-packages?group=drafts');
      await page.getByText('The draft is deleted.').waitFor();
      expect((await context.request.get(`/api/packages/${deleteId}`)).status()).toBe(404);

      // Closed holds the cancelled one.
      await page.getByRole('tab', { name: 'Closed' }).click();
      await page
        .getByRole('list', { name: 'Closed packages' })
        .getByRole('link', { name: 'Box of letters to cancel' })
        .waitFor();
      expect(unexpected(errors)).toEqual([]);
    }));

  it('pages through my drafts with "Load more"', () =>
    withPage(async ({ context, page, errors }) => {
      await signInThroughApi(context, 'sender@tagalong.test');
      for (let i = 1; i <= 21; i++) {
        const res = await context.request.post('/api/packages', { data: { title: `Paging box ${i}` } });
        expect(res.status()).toBe(201);
      }
      await page.goto('/user/packages/my-packages?group=drafts&q=paging');
      const drafts = page.getByRole('list', { name: 'Drafts packages' });
      await drafts.waitFor();
      expect(await drafts.getByRole('listitem').count()).toBe(20);
      // Last changed first.
      expect(await drafts.getByRole('link').first().innerText()).toBe('Paging box 21');
      await page.getByRole('button', { name: 'Load more' }).click();
      await page.getByText('21 packages, all shown.').waitFor();
      expect(await drafts.getByRole('link').last().innerText()).toBe('Paging box 1');
      expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
      await expectAccessible(page);
      expect(unexpected(errors)).toEqual([]);
    }));

  it('shows another member only the public part of an open package', () =>
    withPage(async ({ context, page, errors }) => {
      await signInThroughApi(context, 'sender@tagalong.test');
      const day = 24 * 3600 * 1000;
      const res = await context.request.post('/api/packages', {
        data: {
          title: 'Vinyl records',
          category: 'gifts',
          description: 'Three LPs in a padded mailer.',
          size: 'M',
          weightKg: 2,
          declaredValue: 6000,
          pickup: {
            label: 'Paris, France',
            city: 'Paris',
            countryCode: 'FR',
            lat: 48.85341,
            lng: 2.3488,
            address: '5 quai Voltaire',
          },
          dropoff: {
            label: 'Berlin, Germany',
            city: 'Berlin',
            countryCode: 'DE',
            lat: 52.52437,
            lng: 13.41053,
            address: '1 Unter den Linden',
          },
          pickupFrom: new Date(Date.now() + 2 * day).toISOString(),
          deliverBy: new Date(Date.now() + 9 * day).toISOString(),
          reward: 3000,
          recipientName: 'Rita Recipient',
          recipientPhone: '+4915112345678',
        },
      });
      expect(res.status()).toBe(201);
      const { id } = (await res.json()) as { id: string };
      // Paying publishes a package (docs/product.md §5.3); here it is opened directly in the database.
      const { eq } = await import('drizzle-orm');
      const { packages } = await import('#server/db/schema/packages.ts');
      await env.server.database.db.update(packages).set({ status: 'open' }).where(eq(packages.id, id));

      const traveler = await newPage(env.browser, env.server.url, phone);
      try {
        await signInThroughApi(traveler.context, 'traveler@tagalong.test');
        await traveler.page.goto(`/user/packages/${id}`);
        await traveler.page.getByRole('heading', { level: 1, name: 'Vinyl records' }).waitFor();
        const text = await traveler.page.getByRole('main').innerText();
        for (const shown of ['Open', 'Paris, France', 'Berlin, Germany', 'Three LPs', '€30.00', 'Sam Sender'])
          expect(text).toContain(shown);
        for (const hidden of ['5 quai Voltaire', 'Unter den Linden', 'Rita Recipient', '+49', 'Declared value'])
          expect(text).not.toContain(hidden);
        expect(await traveler.page.getByRole('region', { name: 'Recipient' }).count()).toBe(0);
        // Nothing of the sender's to do; only the offer, with the traveler's trip that fits.
        const offer = traveler.page.getByRole('region', { name: 'Offer to carry it' });
        await offer.getByRole('button', { name: /^Offer to carry Vinyl records on your trip/ }).waitFor();
        expect(await traveler.page.getByRole('main').getByRole('button').count()).toBe(1);
        await traveler.page.getByRole('link', { name: 'Sam Sender' }).waitFor();
        await expectAccessible(traveler.page);
        await noSidewaysScroll(traveler.page);
        expect(unexpected(traveler.errors)).toEqual([]);
      } finally {
        await traveler.context.close();
      }

      // The sender's own page has it all, and an open package offers no draft actions.
      await page.goto(`/user/packages/${id}`);
      await page.getByRole('region', { name: 'Recipient' }).getByText('Rita Recipient').waitFor();
      expect(await page.getByRole('link', { name: 'Edit', exact: true }).count()).toBe(0);
      expect(unexpected(errors)).toEqual([]);
    }));

  it('answers an unknown or malformed package id with the 404 page', () =>
    withPage(async ({ page, errors }) => {
      await signInAsSender(page, '/user/packages/my-packages');
      await page.goto('/user/packages/00000000-0000-4000-8000-000000000000');
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      await expectAccessible(page);
      const response = await page.goto('/user/packages/not-a-package');
      expect(response?.status()).toBe(404);
      await page.getByText('Page Not Found: /user/packages/not-a-package').waitFor();
      await page.goto('/user/packages/send-a-package/payment-process?package=00000000-0000-4000-8000-000000000000');
      await page.getByRole('heading', { name: "We couldn't find this package" }).waitFor();
      expect(unexpected(errors)).toEqual([]);
    }));
});
