import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { reviews } from '#server/db/schema/requests.ts';
import { insertUser } from '#server/modules/matching/test/factory.ts';
import { completedPackage } from '#server/modules/reviews/test/helpers.ts';
import { expectAccessible, setUpServerAndBrowser, signUp } from './support/harness.ts';

// Reviews on the member page (/user/view/{id}): the rating on the profile card and the
// Reviews section with its average, count and list a page at a time ("Load more"), for visitors,
// at 360 px, by keyboard; only revealed reviews; loading, empty and error states. The completed
// packages are written to the database; one pair of reviews goes through the API as the members.

const env = setUpServerAndBrowser({ demoMode: false });
const phone = { width: 360, height: 740 };
const MINUTE = 60_000;

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
const reviewsSection = (page: Page) => page.getByRole('region', { name: 'Reviews', exact: true });

describe('the member page lists reviews', () => {
  it("shows a traveler's rating and revealed reviews, newest first, with Load more (visitor, 360 px, keyboard)", async () => {
    const db = env.server.database.db;
    const travelerId = await env.withPage(({ context }) => signUp(context, 'tara@example.test', 'Tara Traveler'));
    const start = Date.now() - 60 * MINUTE;
    // Twelve earlier deliveries, each reviewed by both sides (so revealed), one a minute apart.
    const ratings = [5, 4, 5, 3, 5, 4, 5, 5, 4, 5, 2, 5];
    for (const [i, rating] of ratings.entries()) {
      const sender = await insertUser(db, { name: `Sender ${String(i + 1).padStart(2, '0')}` });
      const at = new Date(start + i * MINUTE);
      const pkg = await completedPackage(db, { senderId: sender, travelerId }, at);
      await db.insert(reviews).values([
        {
          packageId: pkg.id,
          authorId: sender,
          subjectId: travelerId,
          rating,
          comment: `Review number ${i + 1}`,
          createdAt: at,
        },
        { packageId: pkg.id, authorId: travelerId, subjectId: sender, rating: 5, createdAt: at },
      ]);
    }
    // One a sender wrote yesterday that the traveler has not answered: hidden for now.
    const quiet = await insertUser(db, { name: 'Quiet Sender' });
    const hiddenPkg = await completedPackage(db, { senderId: quiet, travelerId }, new Date(Date.now() - 86_400_000));
    await db
      .insert(reviews)
      .values({ packageId: hiddenPkg.id, authorId: quiet, subjectId: travelerId, rating: 1, comment: 'Hidden words' });

    // The newest: Sam and Tara write theirs through the API.
    await env.withPage(async ({ context: samContext }) => {
      const sam = await signUp(samContext, 'sam@example.test', 'Sam Sender');
      const pkg = await completedPackage(db, { senderId: sam, travelerId }, new Date());
      const samSays = await samContext.request.post(`/api/packages/${pkg.id}/review`, {
        data: { rating: 5, comment: 'Careful and on time.\nWould send again.' },
      });
      expect(samSays.status()).toBe(201);
      await env.withPage(async ({ context: taraContext }) => {
        const login = await taraContext.request.post('/api/auth/sign-in/email', {
          data: { email: 'tara@example.test', password: 'correct-horse-battery' },
        });
        expect(login.ok()).toBe(true);
        expect(
          (await taraContext.request.post(`/api/packages/${pkg.id}/review`, { data: { rating: 4 } })).status(),
        ).toBe(201);
      });
    });

    const count = ratings.length + 1;
    const average = Math.round(([...ratings, 5].reduce((a, b) => a + b, 0) / count) * 100) / 100;
    const averageText = `${new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }).format(average)} out of 5`;

    await env.withPage(async ({ page, errors }) => {
      await page.goto(`/user/view/${travelerId}`);
      await page.getByRole('heading', { name: 'Tara Traveler' }).waitFor();
      // The profile card's rating.
      const cardRating = page.getByRole('main').getByRole('definition').filter({ hasText: 'out of 5' }).first();
      expect(await cardRating.innerText()).toContain(`${averageText} (${count} reviews)`);

      const section = reviewsSection(page);
      await section.getByRole('heading', { name: 'Reviews' }).waitFor();
      await section.getByText(`from ${count} reviews`).waitFor();
      expect(await section.innerText()).toContain(averageText);
      const items = section.getByRole('article');
      expect(await items.count()).toBe(10);
      // Newest first: Sam's, with its line break kept, then the twelfth delivery's.
      const first = items.first();
      expect(await first.getByRole('link').innerText()).toBe('Sam Sender');
      expect(await first.innerText()).toContain('Careful and on time.\nWould send again.');
      await first.getByRole('img', { name: '5 out of 5 stars' }).waitFor();
      expect(await items.nth(1).innerText()).toContain('Review number 12');
      await section.getByText(`10 of ${count} shown.`).waitFor();
      await noSidewaysScroll(page);
      await expectAccessible(page);

      // Load more, by keyboard.
      const more = section.getByRole('button', { name: 'Load more reviews' });
      await more.focus();
      await page.keyboard.press('Enter');
      await section.getByText(`${count} reviews, all shown.`).waitFor();
      expect(await items.count()).toBe(count);
      expect(await items.last().innerText()).toContain('Review number 1');
      expect(await more.count()).toBe(0);
      expect(await section.innerText()).not.toContain('Hidden words');
      await expectAccessible(page);

      // The author's name leads to their page.
      await first.getByRole('link', { name: 'Sam Sender' }).click();
      await page.getByRole('heading', { name: 'Sam Sender' }).waitFor();
      // Sam's own review of Tara is on Tara's page; Tara's of Sam is on his.
      await reviewsSection(page).getByRole('img', { name: '4 out of 5 stars' }).waitFor();
      expect(errors).toEqual([]);
    }, phone);
  });

  it('says so when a member has no reviews yet, and retries after a failed load', () =>
    env.withPage(async ({ context, page, errors }) => {
      const id = await signUp(context, 'newbie@example.test', 'Nora Newbie');
      // The server is slow, then fails (every time, retries included) until the route is lifted.
      const reviewsUrl = `**/api/users/${id}/reviews*`;
      let asked = 0;
      await page.route(reviewsUrl, async (route) => {
        asked += 1;
        await new Promise((resolve) => setTimeout(resolve, 300));
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } }),
        });
      });
      await page.goto(`/user/view/${id}`);
      const section = reviewsSection(page);
      await section.getByText('Loading reviews').waitFor({ state: 'attached' });
      const error = section.getByRole('alert');
      await error.getByText("We couldn't load the reviews").waitFor();
      expect(asked).toBeGreaterThan(0);
      await expectAccessible(page);
      await page.unroute(reviewsUrl);
      await error.getByRole('button', { name: 'Try again' }).click();

      await section.getByRole('heading', { name: 'No reviews yet' }).waitFor();
      expect(await section.innerText()).toContain('After a delivery is completed');
      expect(await page.getByRole('main').innerText()).toContain('No ratings yet');
      await noSidewaysScroll(page);
      await expectAccessible(page);
      expect(errors.filter((e) => !/status of 500/.test(e))).toEqual([]);
    }, phone));
});
