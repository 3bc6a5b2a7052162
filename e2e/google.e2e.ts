import { and, eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, user } from '#server/db/schema/auth.ts';
import { type LocalGoogle, startLocalGoogle } from '#server/modules/auth/test/google-provider.ts';
import {
  appMetaLoaded,
  type E2EServer,
  expectAccessible,
  launchBrowser,
  newPage,
  signUp,
  startServer,
  withStaleSessionCookie,
} from './support/harness.ts';

// "Continue with Google" in Chromium, through a local OpenID Connect provider
// configured as Google's issuer. The browser really goes to the provider and back; the provider
// approves at once as whoever `google.signInAs` named.

let google: LocalGoogle;
let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  // First: the app reads the provider's discovery document when it starts.
  google = await startLocalGoogle();
  [server, browser] = await Promise.all([
    startServer({ demoMode: false, config: { google: google.config } }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await google?.stop();
});

async function withPage<T>(fn: (p: Awaited<ReturnType<typeof newPage>>) => Promise<T>) {
  const p = await newPage(browser, server.url);
  try {
    return await fn(p);
  } finally {
    await p.context.close();
  }
}

const usersWithEmail = (email: string) => server.database.db.select().from(user).where(eq(user.email, email));
const googleAccountsOf = (userId: string) =>
  server.database.db
    .select()
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'google')));

describe('Continue with Google', () => {
  it('creates an account on the first sign-in and reuses it on the next', async () => {
    const person = { sub: 'g-ada', email: 'ada@gmail.test', email_verified: true, name: 'Ada Lovelace' };
    google.signInAs(person);

    const firstId = await withPage(async ({ page, errors }) => {
      await page.goto('/auth/login');
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await page.waitForURL('**/user/dashboard');
      const me = await (await page.request.get('/api/auth/me')).json();
      expect(me).toMatchObject({ email: person.email, name: 'Ada Lovelace', emailVerified: true });
      expect(errors).toEqual([]);
      return me.id as string;
    });

    // Another browser (nothing remembered here), still signed in to Google: the same account.
    await withPage(async ({ page, errors }) => {
      await page.goto('/auth/login?redirect=%2Fuser%2Fprofile%2Fmy-profile');
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await page.waitForURL('**/user/profile/my-profile');
      const me = await (await page.request.get('/api/auth/me')).json();
      expect(me.id).toBe(firstId);
      expect(errors).toEqual([]);
    });
    expect(await usersWithEmail(person.email)).toHaveLength(1);
    expect(await googleAccountsOf(firstId)).toHaveLength(1);
  });

  it('signs in to the existing account when the e-mail matches a confirmed one', async () => {
    await withPage(async ({ context, page, errors }) => {
      const id = await signUp(context, 'grace@example.test', 'Grace Hopper');
      await context.clearCookies();
      google.signInAs({ sub: 'g-grace', email: 'grace@example.test', email_verified: true, name: 'G. Hopper' });
      await page.goto('/auth/login');
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await page.waitForURL('**/user/dashboard');
      const me = await (await page.request.get('/api/auth/me')).json();
      expect(me).toMatchObject({ id, name: 'Grace Hopper' });
      expect(errors).toEqual([]);
    });
  });
});

describe('/auth/connect-with-google', () => {
  it('lets a password user link Google, then sign in with it, then unlink it', async () => {
    const { id, email } = await withPage(async ({ context, page, errors }) => {
      const email = 'linda@example.test';
      const id = await signUp(context, email, 'Linda Link');
      google.signInAs({ sub: 'g-linda', email, email_verified: true, name: 'Linda' });

      await page.goto('/auth/connect-with-google');
      const methods = page.getByRole('region', { name: 'Ways you sign in' });
      await methods.getByText('Not linked').waitFor();
      await expectAccessible(page);
      await methods.getByRole('button', { name: 'Link Google' }).click();

      await page.waitForURL((url) => url.pathname === '/auth/connect-with-google' && url.search === '?linked=1');
      await page.getByRole('status').getByText('Google is linked.', { exact: false }).waitFor();
      await methods.getByText('Linked', { exact: true }).waitFor();
      await expectAccessible(page);
      expect(await googleAccountsOf(id)).toHaveLength(1);
      expect(errors).toEqual([]);
      return { id, email };
    });

    await withPage(async ({ page, errors }) => {
      await page.goto('/auth/login');
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await page.waitForURL('**/user/dashboard');
      expect((await (await page.request.get('/api/auth/me')).json()).id).toBe(id);

      await page.goto('/auth/connect-with-google');
      const methods = page.getByRole('region', { name: 'Ways you sign in' });
      await methods.getByRole('button', { name: 'Unlink Google' }).click();
      await methods.getByText('Not linked').waitFor();
      await page.getByRole('status').getByText('Google is unlinked.', { exact: false }).waitFor();
      expect(await googleAccountsOf(id)).toHaveLength(0);
      expect(errors).toEqual([]);
    });
    expect(await usersWithEmail(email)).toHaveLength(1);
  });

  it('explains a Google account under another e-mail address', async () => {
    await withPage(async ({ context, page, errors }) => {
      await signUp(context, 'mo@example.test', 'Mo');
      google.signInAs({ sub: 'g-mo', email: 'mo.private@gmail.test', email_verified: true, name: 'Mo' });
      await page.goto('/auth/connect-with-google');
      await page.getByRole('button', { name: 'Link Google' }).click();
      await page.waitForURL((url) => url.searchParams.get('error') === 'email_does_not_match');
      await page
        .getByRole('alert')
        .getByText('That Google account uses a different e-mail address', { exact: false })
        .waitFor();
      await page.getByRole('region', { name: 'Ways you sign in' }).getByText('Not linked').waitFor();
      await expectAccessible(page);
      expect(errors).toEqual([]);
    });
  });

  it('asks a visitor to sign in first, and says so when the server has no Google sign-in', async () => {
    await withPage(async ({ context, page, errors }) => {
      await page.goto('/auth/connect-with-google');
      const explanation = page.getByRole('region', { name: 'Sign in to link Google' });
      await explanation.waitFor();
      expect(await explanation.getByRole('link', { name: 'Sign in', exact: true }).getAttribute('href')).toBe(
        '/auth/login?redirect=%2Fauth%2Fconnect-with-google',
      );
      await expectAccessible(page);

      // What a server without GOOGLE_CLIENT_ID answers (the rest of this server has it on), read by a
      // browser that asks it itself rather than taking the server's facts from the page.
      await withStaleSessionCookie(context, server.url);
      await page.route('**/api/meta', async (route) => {
        const real = await route.fetch();
        await route.fulfill({ response: real, json: { ...(await real.json()), googleSignIn: false } });
      });
      await page.reload();
      await page.getByRole('heading', { name: "Google sign-in isn't enabled on this server" }).waitFor();
      await expectAccessible(page);
      // The form shows before the page knows whether Google is on: look once it does.
      const meta = appMetaLoaded(page);
      await page.goto('/auth/login');
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
      await meta;
      expect(await page.getByRole('button', { name: 'Continue with Google' }).count()).toBe(0);
      expect(errors).toEqual([]);
    });
  });
});
