import { desc, eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { smsOutbox } from '#server/db/schema/outbox.ts';
import { latestMailLink } from '#server/test/users.ts';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import { expectAccessible, setUpServerAndBrowser } from './support/harness.ts';
import { settledListbox } from './support/places.ts';

// Browsing before signing up: a visitor searches a route on the home page, sees the open packages
// on it without an account, and signs up from a card; after the whole onboarding (e-mail, mobile,
// identity check) the new member lands on that very package's offer, adds a trip and offers.

const env = setUpServerAndBrowser({ demoMode: true });
const DEMO_PACKAGE = 'Birthday gift for my sister';
const DAY = 24 * 60 * 60 * 1000;

/** Types the start of a city, moves onto the option with the arrow key and takes it with Enter. */
async function pickPlace(scope: Page | Locator, label: string, text: string, option: string) {
  const box = scope.getByRole('combobox', { name: label });
  await box.pressSequentially(text);
  await settledListbox(scope, label).getByRole('option', { name: option }).waitFor();
  await box.press('ArrowDown');
  await box.press('Enter');
  expect(await box.inputValue()).toBe(option);
}

/** "2026-06-12T09:00" in this machine's time zone, which the browser shares. */
function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function daysAhead(days: number, hours: number): Date {
  const date = new Date(Date.now() + days * DAY);
  date.setHours(hours, 0, 0, 0);
  return date;
}

async function textedCode(e164: string) {
  const [sms] = await env.server.database.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.to, e164))
    .orderBy(desc(smsOutbox.createdAt))
    .limit(1);
  return sms?.text.match(/\b(\d{6})\b/)?.[1] as string;
}

describe('browsing before signing up', () => {
  it('a visitor finds Paris → Berlin packages from the home page, signs up from a card and lands on its offer', () =>
    env.withPage(async ({ context, page, errors }) => {
      await page.goto('/');
      const search = page.getByRole('search', { name: /packages on your route/ });
      await pickPlace(search, 'From', 'Pari', 'Paris, France');
      await pickPlace(search, 'To', 'Berl', 'Berlin, Germany');
      await search.getByRole('button', { name: 'Search' }).click();

      await page.waitForURL('**/packages?from=paris-fr&to=berlin-de');
      await page.getByRole('heading', { name: 'Packages to carry', level: 1 }).waitFor();
      const card = page.getByRole('article', { name: DEMO_PACKAGE });
      await card.waitFor();
      // A stranger sees the cities and the sender's first name, never an address or a surname.
      expect(await card.innerText()).toContain('Sam');
      expect(await card.innerText()).not.toContain('Sender');
      expect(await page.getByRole('combobox', { name: 'From' }).inputValue()).toBe('Paris, France');
      // The searched route on a map drawn from the bundled outlines (no tile server is reachable here).
      const map = page.getByRole('img', { name: /^Map of the route from Paris to Berlin, 8\d\d km/ });
      await map.waitFor();
      expect((await map.locator('path').first().getAttribute('d'))?.length).toBeGreaterThan(1000);
      await expectAccessible(page);

      await card.getByRole('link', { name: `Offer to carry ${DEMO_PACKAGE}` }).click();
      await page.waitForURL('**/auth/register?redirect=*');
      await page.getByLabel('Full name').fill('Vera Visitor');
      await page.getByLabel('Email').fill('vera@example.test');
      await page.getByLabel('Password', { exact: true }).fill('a-long-and-unusual-passphrase');
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

      // The e-mail's link, then every missing step, each keeping the card's package as the target.
      const link = new URL(
        await latestMailLink(env.server.database.db, 'vera@example.test', /https?:\/\/\S+verify-email\S+/),
      );
      await page.goto(link.pathname + link.search);
      // Signed in on the card's package: its offer says what is missing first, and leads through it.
      await page.waitForURL(/\/user\/packages\/[0-9a-f-]{36}#offer$/);
      const missing = page.getByRole('region', { name: 'Offer to carry it' });
      await missing
        .getByRole('heading', {
          name: 'Before you can offer to carry it, confirm your mobile number and pass the identity check',
        })
        .waitFor();
      await expectAccessible(page);
      await missing.getByRole('link', { name: 'Finish verifying' }).click();
      await page.waitForURL('**/auth/add-mobile-number?redirect=*');
      await page.getByRole('textbox', { name: 'Mobile number' }).fill('+1 202 555 0177');
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByRole('heading', { name: 'Enter the code' }).waitFor();
      await page.getByRole('textbox', { name: 'Code from the text message' }).fill(await textedCode('+12025550177'));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL('**/user/profile/my-profile?redirect=*#identity-check');
      await page
        .getByRole('region', { name: 'Identity check' })
        .getByRole('button', { name: 'Start identity check' })
        .click();
      await page.waitForURL(/\/kyc\/sandbox\/[0-9a-f-]{36}$/);
      await page.getByRole('button', { name: 'Approve', exact: true }).click();
      await page.getByRole('heading', { name: "You're verified" }).waitFor({ timeout: 15_000 });
      await page.getByRole('link', { name: 'Continue' }).click();

      // The very package of the card, at its offer.
      await page.waitForURL(/\/user\/packages\/[0-9a-f-]{36}#offer$/);
      await page.getByRole('heading', { name: DEMO_PACKAGE, level: 1 }).waitFor();
      await page.getByRole('img', { name: /^Map of the route from Paris to Berlin/ }).waitFor();
      const offer = page.getByRole('region', { name: 'Offer to carry it' });
      await offer.getByText('None of your trips can carry it yet').waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('offer');
      await expectAccessible(page);

      // A trip for this route, prefilled with its cities, brings the member back here to offer.
      await offer.getByRole('link', { name: 'Add a trip for this route' }).click();
      const form = page.getByRole('form', { name: 'Add a trip' });
      await expect
        .poll(() => form.getByRole('combobox', { name: 'From' }).inputValue(), { timeout: 10_000 })
        .toBe('Paris, France');
      expect(await form.getByRole('combobox', { name: 'To' }).inputValue()).toBe('Berlin, Germany');
      await form.getByLabel('Departure').fill(localInput(daysAhead(3, 9)));
      await form.getByLabel('Arrival').fill(localInput(daysAhead(3, 17)));
      await form.getByRole('combobox', { name: 'Transport' }).selectOption({ label: 'Train' });
      await form.getByRole('textbox', { name: 'Free capacity (kg)' }).fill('5');
      await form.getByRole('textbox', { name: 'Free capacity (kg)' }).press('Enter');

      await page.waitForURL(/\/user\/packages\/[0-9a-f-]{36}#offer$/);
      await offer.getByRole('button', { name: new RegExp(`^Offer to carry ${DEMO_PACKAGE}`) }).click();
      const dialog = page.getByRole('dialog', { name: `Offer to carry “${DEMO_PACKAGE}”` });
      await dialog.getByRole('button', { name: 'Send offer' }).click();
      await offer.getByText('Offer sent').waitFor();
      const sent = await context.request.get('/api/requests?direction=outgoing');
      expect(JSON.stringify(await sent.json())).toContain(DEMO_PACKAGE);
      expect(errors).toEqual([]);
    }));

  it('lists upcoming trips, narrows them by room, keeps the cities across the listings, and leads to a trip to invite (360 px)', () =>
    env.withPage(
      async ({ context, page, errors }) => {
        await page.goto('/trips?from=paris-fr&to=berlin-de');
        await page.getByRole('heading', { name: 'Trips going your way', level: 1 }).waitFor();
        const trips = page.getByRole('list', { name: 'trips' });
        // Tess Traveler's demo trip, as a stranger sees her: first name, verified.
        const tess = trips.getByRole('article').filter({ hasText: 'Travelling: Tess' });
        await tess.waitFor();
        expect(await tess.innerText()).toContain('Verified');
        expect(await tess.innerText()).not.toContain('Traveler');
        await expectAccessible(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );

        // On a phone the filters start folded, under the cities.
        await page.getByText('Dates, size and more filters').click();
        await page.getByLabel('Room for at least (kg)').fill('500');
        await page.getByRole('button', { name: 'Search' }).click();
        await page.waitForURL('**/trips?from=paris-fr&to=berlin-de&minCapacityKg=500');
        await page.getByRole('heading', { name: 'No upcoming trips match' }).waitFor();

        await page.getByRole('link', { name: 'See packages on this route' }).click();
        await page.waitForURL('**/packages?from=paris-fr&to=berlin-de');
        await page.getByRole('article', { name: DEMO_PACKAGE }).waitFor();

        // A trip's card leads to its page, where a visitor is asked to sign up and a sender invites it.
        await page.goto('/trips?from=paris-fr&to=berlin-de');
        await page.getByRole('link', { name: 'Ask Tess to carry: Paris to Berlin' }).first().click();
        await page.waitForURL(/\/trips\/[0-9a-f-]{36}#invite$/);
        const invite = page.getByRole('region', { name: 'Ask Tess to carry your package' });
        await invite.getByRole('link', { name: 'Create an account' }).waitFor();
        await page.getByRole('img', { name: /^Map of the route from Paris to Berlin/ }).waitFor();
        await expectAccessible(page);
        const signedIn = await context.request.post('/api/auth/sign-in/email', {
          data: { email: 'sender@tagalong.test', password: DEMO_PASSWORD },
        });
        expect(signedIn.status()).toBe(200);
        await page.reload();
        // Sam invited this trip for the gift in the demo: the package shows that invitation.
        const mine = invite.getByRole('list', { name: 'Your packages that fit' }).getByRole('listitem');
        await mine.filter({ hasText: DEMO_PACKAGE }).getByText('Invitation sent').waitFor();
        expect(errors).toEqual([]);
      },
      { width: 360, height: 740 },
    ));
});
