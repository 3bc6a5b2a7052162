import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import { PACKAGE_LIMITS } from '#shared/packages.ts';
import { expectAccessible, setUpServerAndBrowser } from './support/harness.ts';

// A phone's photo in the send-a-package form, in Chromium: a JPEG over 10 MB (over the server's 8 MB)
// taken sideways (EXIF orientation) is shrunk in the browser, goes up, and comes back upright; a file
// that is no image is refused with its reason and no preview; two photos change places by keyboard,
// and the order is still there after a reload; the review shows the photos without the uploader.

const env = setUpServerAndBrowser({ demoMode: true });

declare global {
  interface Window {
    sentPhotos: { name: string; type: string; size: number }[];
  }
}

async function signInAs(page: Page, email: string) {
  const res = await page
    .context()
    .request.post('/api/auth/sign-in/email', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
}

/**
 * A 4032 × 3024 camera frame of noise (the worst case for JPEG, so the file is big and the browser has
 * to lower the quality too) at near-full quality, marked "rotate 90°" as a phone held upright marks it.
 */
const phonePhoto = () =>
  sharp({
    create: {
      width: 4032,
      height: 3024,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 98 })
    .toBuffer();

const naturalSize = (img: ReturnType<Page['getByRole']>) =>
  img.evaluate(async (el: HTMLImageElement) => {
    await el.decode();
    return [el.naturalWidth, el.naturalHeight];
  });

describe('package photos', () => {
  it(
    'shrinks a 10 MB phone photo before sending it, refuses a non-image, and keeps a new order',
    () =>
      env.withPage(async ({ page, errors }) => {
        const big = await phonePhoto();
        expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
        const small = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0f766e' } })
          .png()
          .toBuffer();

        await signInAs(page, 'sender@tagalong.test');
        // Chromium hands a test no copy of an upload's bytes: the page notes what each one carried.
        await page.addInitScript(() => {
          window.sentPhotos = [];
          const send = XMLHttpRequest.prototype.send;
          XMLHttpRequest.prototype.send = function (body) {
            const file = body instanceof FormData ? body.get('photo') : null;
            if (file instanceof File) window.sentPhotos.push({ name: file.name, type: file.type, size: file.size });
            return send.call(this, body);
          };
        });
        await page.goto('/user/packages/send-a-package');
        await page.getByRole('textbox', { name: /^Title/ }).fill('Camera bag');
        await page.getByRole('combobox', { name: /^Category/ }).selectOption('electronics');
        await page.getByRole('button', { name: 'Save and continue' }).click();
        // Photos come right after the first step, in the address like every step.
        await page.getByRole('heading', { level: 2, name: 'Add photos of your package' }).waitFor();
        await page.waitForURL(/step=photos/);
        expect(await page.getByRole('navigation', { name: 'Steps of sending a package' }).innerText()).toContain(
          'Step 2 of 8',
        );
        const draftId = new URL(page.url()).searchParams.get('draft') as string;
        await page.getByRole('group', { name: 'Add photos' }).getByText('Drag photos here or choose files').waitFor();
        await expectAccessible(page);

        // The big one: what leaves the browser is a JPEG well under the server's limit.
        const input = page.getByLabel('Drag photos here or choose files');
        await input.setInputFiles({ name: 'IMG_4032.JPG', mimeType: 'image/jpeg', buffer: big });
        await expect.poll(() => page.evaluate(() => window.sentPhotos.length)).toBe(1);
        const [sent] = await page.evaluate(() => window.sentPhotos);
        expect(sent).toMatchObject({ name: 'IMG_4032.jpg', type: 'image/jpeg' });
        expect(sent?.size).toBeLessThan(PACKAGE_LIMITS.photoBytes / 2);
        const saved = page.getByRole('list', { name: 'Saved photos' });
        const first = saved.getByRole('img', { name: 'Camera bag, 1 of 1' });
        await first.waitFor();
        // Upright (portrait, as the phone was held) and within the server's 1600 px.
        expect(await naturalSize(first)).toEqual([1200, 1600]);
        await expect.poll(() => page.getByRole('list', { name: 'Photos being added' }).count()).toBe(0);

        // A file that is no image: its reason, no preview, nothing sent; then a small PNG, sent as it is.
        await input.setInputFiles([
          { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('shopping list\n'.repeat(50)) },
          { name: 'strap.png', mimeType: 'image/png', buffer: small },
        ]);
        const adding = page.getByRole('list', { name: 'Photos being added' });
        const refused = adding.getByRole('listitem').filter({ hasText: 'notes.jpg' });
        await refused.getByText('This file is not a photo we can read. Choose a JPEG, PNG or WebP image.').waitFor();
        expect(await refused.getByRole('img').count()).toBe(0);
        await saved.getByRole('img', { name: 'Camera bag, 2 of 2' }).waitFor();
        expect(await naturalSize(saved.getByRole('img', { name: 'Camera bag, 2 of 2' }))).toEqual([800, 600]);
        await expectAccessible(page);

        // Reorder by keyboard: the PNG goes first, and the focus stays with it.
        const order = page.waitForResponse(
          (r) =>
            r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/packages/${draftId}/photos/order`,
        );
        await saved.getByRole('button', { name: 'Move photo 2 earlier' }).focus();
        await page.keyboard.press('Enter');
        expect((await order).status()).toBe(200);
        await expect
          .poll(() => naturalSize(saved.getByRole('img', { name: 'Camera bag, 1 of 2' })))
          .toEqual([800, 600]);
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Move photo 1 later');
        const firstUrl = await saved.getByRole('img', { name: 'Camera bag, 1 of 2' }).getAttribute('src');

        // The order was saved: a reload opens the same step with the PNG first.
        await page.reload();
        await page.getByRole('heading', { level: 2, name: 'Add photos of your package' }).waitFor();
        expect(await saved.getByRole('img', { name: 'Camera bag, 1 of 2' }).getAttribute('src')).toBe(firstUrl);
        await page.setViewportSize({ width: 360, height: 740 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
        await page.setViewportSize({ width: 1280, height: 800 });

        // The review shows them in that order, with no uploader.
        await page.goto(`/user/packages/send-a-package?draft=${draftId}&step=review`);
        await page.getByRole('heading', { level: 2, name: 'Check and continue to payment' }).waitFor();
        const shown = page.getByRole('list', { name: 'Photos' }).getByRole('img');
        await expect.poll(() => shown.count()).toBe(2);
        expect(await shown.first().getAttribute('src')).toBe(firstUrl);
        expect(await page.locator('input[type="file"]').count()).toBe(0);
        await page.getByRole('button', { name: 'Edit photos' }).click();
        await page.waitForURL(/step=photos/);
        expect(errors).toEqual([]);
      }),
    120_000,
  );
});
