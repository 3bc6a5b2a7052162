import { describe, expect, it } from 'vitest';
import { makeAdmin, setUpServerAndBrowser, signUp } from './support/harness.ts';

const env = setUpServerAndBrowser({ demoMode: true });
const withPage = env.withPage;

describe('/dashboard', () => {
  it('sends a visitor to sign-in with the redirect', () =>
    withPage(async ({ page, errors }) => {
      await page.goto('/dashboard');
      await page.waitForURL('**/auth/login?redirect=%2Fdashboard');
      expect(new URL(page.url()).search).toBe('?redirect=%2Fdashboard');
      expect(errors).toEqual([]);
    }));

  it('sends a signed-in user to the user dashboard and an admin to the back office', () =>
    withPage(async ({ context, page }) => {
      const id = await signUp(context, 'dash@example.test');
      await page.goto('/dashboard');
      await page.waitForURL('**/user/dashboard');
      await makeAdmin(env.server, id);
      await page.goto('/dashboard');
      await page.waitForURL('**/admin/dashboard');
      await page.locator('[data-layout="admin-dashboard"]').waitFor();
    }));
});

describe('not found', () => {
  it('shows "Page not found" and the path, with HTTP 404', () =>
    withPage(async ({ page }) => {
      const response = await page.goto('/no/such/page');
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      expect(await page.locator('main').innerText()).toContain('/no/such/page');
    }));

  it('answers an unknown API path with JSON, not the page', () =>
    withPage(async ({ context }) => {
      const res = await context.request.get('/api/nope');
      expect(res.status()).toBe(404);
      expect(res.headers()['content-type']).toMatch(/application\/json/);
      expect((await res.json()).error.code).toBe('NOT_FOUND');
    }));

  it('shows "Page Not Found: {path}" for a malformed id', () =>
    withPage(async ({ page }) => {
      const response = await page.goto('/admin/users/not-an-id');
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      expect(await page.locator('main').innerText()).toContain('Page Not Found: /admin/users/not-an-id');
    }));
});

describe('guards', () => {
  it('sends a signed-in non-admin away from the back office to /unauthorized', () =>
    withPage(async ({ context, page }) => {
      await signUp(context, 'plain@example.test');
      await page.goto('/admin/users');
      await page.waitForURL('**/unauthorized');
    }));

  it('keeps the query of the page a visitor wanted', () =>
    withPage(async ({ page }) => {
      await page.goto('/user/packages/my-packages?status=open');
      await page.waitForURL((url) => url.pathname === '/auth/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/user/packages/my-packages?status=open');
    }));
});

describe('session changes', () => {
  it('goes to /auth/login when the session ends in another tab', () =>
    withPage(async ({ context, page }) => {
      await signUp(context, 'tabs@example.test');
      await page.goto('/user/dashboard');
      await page.locator('[data-layout="dashboard"]').waitFor();
      const other = await context.newPage();
      await other.goto('/user/profile/my-profile');
      await other.getByRole('button', { name: /account menu/i }).click();
      await other.getByRole('menuitem', { name: 'Sign out' }).click();
      // A public page goes to sign-in; a guarded one too, keeping itself as the redirect.
      await other.waitForURL((url) => url.pathname === '/auth/login');
      expect(new URL(other.url()).searchParams.get('redirect')).toBe('/user/profile/my-profile');
      // The first tab hears it from the other at once, without being looked at.
      await page.waitForURL((url) => url.pathname === '/auth/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/user/dashboard');
    }));

  it('goes to /auth/login, when looked at again, once the session was ended elsewhere', () =>
    withPage(async ({ context, page }) => {
      await signUp(context, 'revoked@example.test');
      await page.goto('/user/dashboard');
      await page.locator('[data-layout="dashboard"]').waitFor();
      // The page has loaded what it shows (the header's unread counts too) before the session ends.
      await page.waitForLoadState('networkidle');
      // Ended by another device: the server forgets the session, this tab is told nothing.
      expect((await context.request.post('/api/auth/sign-out', { data: {} })).status()).toBe(200);
      await page.waitForTimeout(200);
      expect(new URL(page.url()).pathname).toBe('/user/dashboard');
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await page.waitForURL((url) => url.pathname === '/auth/login');
    }));

  it('sends a signed-in, unverified user with ?redirect= to the next onboarding step, keeping the target', () =>
    withPage(async ({ context, page }) => {
      await signUp(context, 'onboarding@example.test');
      await page.goto('/?redirect=%2Fuser%2Fpackages%2Fmy-packages');
      // E-mail verified by the sign-up link; the mobile number is the first missing step.
      await page.waitForURL((url) => url.pathname === '/auth/add-mobile-number');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/user/packages/my-packages');
    }));

  it('never follows a redirect to another site', () =>
    withPage(async ({ context, page }) => {
      await signUp(context, 'evil@example.test');
      await page.goto('/about?redirect=https%3A%2F%2Fevil.test%2F');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForTimeout(300);
      expect(new URL(page.url()).host).toBe(new URL(env.server.url).host);
      expect(new URL(page.url()).pathname).toBe('/about');
    }));
});

describe('signing out on a public page', () => {
  it('goes to /auth/login', () =>
    withPage(async ({ context, page }) => {
      await signUp(context, 'public-signout@example.test');
      await page.goto('/about');
      await page.getByRole('button', { name: /account menu/i }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.waitForURL((url) => url.pathname === '/auth/login');
      expect(new URL(page.url()).search).toBe('');
    }));
});

describe('error boundary', () => {
  it('shows the error page inside the layout when a page throws', () =>
    withPage(async ({ page }) => {
      await page.goto('/dev/crash');
      await page.getByRole('heading', { name: 'Internal Server Error' }).waitFor();
      expect(await page.locator('[data-layout="miscpages"]').count()).toBe(1);
      expect(await page.getByRole('alert').innerText()).toContain('500');
    }));
});

describe('small screens', () => {
  it.each(['/', '/about', '/auth/login', '/need-help', '/ui'])('%s fits 360 px without sideways scrolling', (path) =>
    withPage(
      async ({ page }) => {
        await page.goto(path);
        await page.locator('h1').first().waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      },
      { width: 360, height: 740 },
    ),
  );

  it('opens the dashboard menu by keyboard at 360 px', () =>
    withPage(
      async ({ context, page }) => {
        await signUp(context, 'narrow@example.test');
        await page.goto('/user/dashboard');
        const menu = page.getByRole('button', { name: 'Open menu' });
        await menu.focus();
        await page.keyboard.press('Enter');
        await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My packages' }).click();
        await page.waitForURL('**/user/packages/my-packages');
      },
      { width: 360, height: 740 },
    ));
});
