import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '#server/test/users.ts';
import { expectAccessible, newPage, setUpServerAndBrowser, signUp } from './support/harness.ts';

// Profiles: settings, avatar upload, the public member page and account deletion, through
// the built app in a real Chromium.

const env = setUpServerAndBrowser({ demoMode: false });
const withPage = env.withPage;

const phone = { width: 360, height: 740 };

/** Console errors other than the 4xx answers the error cases expect. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 4\d\d/.test(e));

const noSidewaysScroll = async (page: import('playwright-core').Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

describe('profile settings', () => {
  it('edits name, bio, city, languages and the e-mail preference, with field errors (360 px)', () =>
    withPage(async ({ context, page, errors }) => {
      await signUp(context, 'editor@example.test', 'Edith Editor');
      await page.goto('/user/profile/profile-settings');
      const form = page.getByRole('form', { name: 'About you' });
      await form.waitFor();
      await expectAccessible(page);
      await noSidewaysScroll(page);

      const name = form.getByRole('textbox', { name: 'Name' });
      await name.fill('   ');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await form.getByText('Enter your name').waitFor();
      expect(await name.getAttribute('aria-invalid')).toBe('true');
      expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
      await expectAccessible(page);

      await name.fill('Edith Traveller');
      await form.getByRole('textbox', { name: 'Bio' }).fill('I fly Paris–Lisbon every month.');
      await form.getByRole('textbox', { name: 'City' }).fill('Paris');
      const pick = form.getByRole('combobox', { name: 'Language to add' });
      await pick.selectOption({ label: 'French' });
      await form.getByRole('button', { name: 'Add', exact: true }).click();
      await pick.selectOption({ label: 'Portuguese' });
      await form.getByRole('button', { name: 'Add', exact: true }).click();
      await form.getByRole('button', { name: 'Remove Portuguese' }).click();
      await form.getByRole('checkbox', { name: 'Also e-mail me my notifications' }).click();
      // Saved from the keyboard.
      await form.getByRole('textbox', { name: 'City' }).press('Enter');
      await page.getByText('Your profile is saved.').waitFor();

      const saved = await (await context.request.get('/api/profile')).json();
      expect(saved).toMatchObject({
        name: 'Edith Traveller',
        bio: 'I fly Paris–Lisbon every month.',
        city: 'Paris',
        languages: ['fr'],
        notifyByEmail: false,
      });
      await page.reload();
      await form.waitFor();
      expect(await form.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Edith Traveller');
      expect(await form.getByRole('list', { name: 'Chosen languages' }).innerText()).toContain('French');
      expect(
        await form.getByRole('checkbox', { name: 'Also e-mail me my notifications' }).getAttribute('aria-checked'),
      ).toBe('false');
      // The account menu shows the new name too.
      expect(await page.getByRole('button', { name: /Account menu for/ }).innerText()).toContain('Edith Traveller');
      expect(unexpected(errors)).toEqual([]);
    }, phone));

  it('uploads an avatar with a preview, refuses a text file named .png, and keeps the saved one', () =>
    withPage(async ({ context, page, errors }) => {
      await signUp(context, 'avatar@example.test', 'Ava Tar');
      await page.goto('/user/profile/profile-settings');
      const photo = page.getByRole('region', { name: 'Photo' });
      await photo.waitFor();

      const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#0f766e' } })
        .png()
        .toBuffer();
      await photo.getByLabel('Choose a photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
      await photo.getByRole('img', { name: 'Your new avatar, not saved yet' }).waitFor();
      await expectAccessible(page);
      await photo.getByRole('button', { name: 'Upload photo' }).click();
      await page.getByText('Your new photo is saved.').waitFor();
      const current = photo.getByRole('img', { name: 'Your current avatar' });
      await current.waitFor();
      const src = await current.getAttribute('src');
      expect(src).toMatch(/^\/api\/avatars\/[0-9a-f-]{36}\.webp$/);
      // The browser fetches the new photo only once its <img> is there.
      await expect.poll(() => current.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);

      await photo.getByLabel('Choose a photo').setInputFiles({
        name: 'notes.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not a picture at all\n'.repeat(50)),
      });
      await photo.getByRole('button', { name: 'Upload photo' }).click();
      await photo.getByText('Choose a JPEG, PNG or WebP image').waitFor();
      expect((await (await context.request.get('/api/profile')).json()).image).toBe(src);

      // Too big is refused before anything is sent.
      await photo.getByLabel('Choose a photo').setInputFiles({
        name: 'huge.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.alloc(6 * 1024 * 1024, 1),
      });
      await photo.getByText('Choose a photo of 5 MB or less.').waitFor();
      expect(await photo.getByRole('button', { name: 'Upload photo' }).count()).toBe(0);
      await expectAccessible(page);
      expect(unexpected(errors)).toEqual([]);
    }));
});

describe('my profile and the member page', () => {
  it('shows what others see, my checks, and the same public page to members and visitors', () =>
    withPage(async ({ context, page, errors }) => {
      const id = await signUp(context, 'public@example.test', 'Pablo Public');
      await context.request.patch('/api/profile', { data: { city: 'Lisbon', languages: ['pt', 'en'] } });
      await page.goto('/user/profile/my-profile');
      const others = page.getByRole('region', { name: 'What other members see' });
      await others.getByRole('heading', { name: 'Pablo Public' }).waitFor();
      // The card's parts (profile, rating, checks) can arrive apart: wait for each, then read it whole.
      for (const words of [
        'No ratings yet',
        'Completed deliveries',
        // A newcomer's record (docs/product.md §11.1).
        'No matches yet',
        'No requests answered yet',
        'Lisbon',
        'Email verified',
        'Mobile not verified',
      ]) {
        await expect.poll(() => others.innerText()).toContain(words);
      }
      expect(await others.innerText()).not.toContain('public@example.test');
      const checks = page.getByRole('region', { name: 'Verification' });
      await expect.poll(() => checks.innerText()).toContain('1 of 3 checks done.');
      await checks.getByRole('link', { name: 'Add your mobile number' }).waitFor();
      await expectAccessible(page);

      await others.getByRole('link', { name: 'open it as others see it' }).click();
      await page.waitForURL(`**/user/view/${id}`);
      // The profile page shows the same name in its preview card, so wait for it to leave first.
      await page.getByRole('heading', { name: 'My profile' }).waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: 'Pablo Public' }).waitFor();
      expect(await page.locator('main').innerText()).not.toContain('public@example.test');
      await expectAccessible(page);
      expect(unexpected(errors)).toEqual([]);

      const visitor = await newPage(env.browser, env.server.url, phone);
      try {
        await visitor.page.goto(`/user/view/${id}`);
        await visitor.page.getByRole('heading', { name: 'Pablo Public' }).waitFor();
        await expect.poll(() => visitor.page.locator('main').innerText()).toContain('Portuguese, English');
        expect(await visitor.page.locator('main').innerText()).not.toContain('public@example.test');
        await expectAccessible(visitor.page);
        await noSidewaysScroll(visitor.page);

        await visitor.page.goto('/user/view/00000000-0000-4000-8000-000000000000');
        await visitor.page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
        expect(await visitor.page.locator('main').innerText()).toContain(
          'Page Not Found: /user/view/00000000-0000-4000-8000-000000000000',
        );
        await visitor.page.goto('/user/view/not-an-id');
        await visitor.page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
        expect(unexpected(visitor.errors)).toEqual([]);
      } finally {
        await visitor.context.close();
      }
    }));
});

describe('deleting an account', () => {
  it('asks for DELETE, signs out to the sign-in page, and the account can no longer sign in', () =>
    withPage(async ({ context, page, errors }) => {
      const id = await signUp(context, 'goodbye@example.test', 'Gone Soon');
      await page.goto('/user/profile/profile-settings');
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.waitFor();
      const confirm = dialog.getByRole('button', { name: 'Delete my account' });
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByRole('textbox', { name: 'Type DELETE to confirm' }).fill('delete');
      expect(await confirm.isDisabled()).toBe(true);
      await expectAccessible(page);
      // Escape keeps the account.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect((await context.request.get('/api/auth/me')).status()).toBe(200);

      await page.getByRole('button', { name: 'Delete my account' }).click();
      await dialog.getByRole('textbox', { name: 'Type DELETE to confirm' }).fill('DELETE');
      await dialog.getByRole('textbox', { name: 'Type DELETE to confirm' }).press('Enter');
      await page.waitForURL((url) => url.pathname === '/auth/login');
      await page.getByText('Your account is deleted.').waitFor();
      expect((await context.request.get('/api/auth/me')).status()).toBe(401);

      await page.getByRole('textbox', { name: 'Email' }).fill('goodbye@example.test');
      await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByText('Email or password is incorrect').waitFor();

      const visitor = await context.request.get(`/api/users/${id}/public`);
      expect(visitor.status()).toBe(404);
      expect(unexpected(errors)).toEqual([]);
    }));
});
