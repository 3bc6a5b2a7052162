import { count, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/outbox.ts';
import { TEST_PASSWORD } from '#server/test/users.ts';
import { ROUTER_STATE_ELEMENT_ID } from '#shared/page-shell.ts';
import {
  type E2EServer,
  expectAccessible,
  launchBrowser,
  newPage,
  signUp,
  startServer,
  withStaleSessionCookie,
} from './support/harness.ts';

// Registering, confirming the e-mail address, signing in and resetting a password through the real
// browser, Better Auth and the embedded mail outbox, read the way a person on the demo server reads
// it: at /dev/mailbox.

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ demoMode: true }), launchBrowser()]);
  const setup = await newPage(browser, server.url);
  await signUp(setup.context, 'member@example.test', 'Member');
  await signUp(setup.context, 'resetter@example.test', 'Resetter');
  await setup.context.close();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function withPage<T>(fn: (p: Awaited<ReturnType<typeof newPage>>) => Promise<T>) {
  const p = await newPage(browser, server.url);
  try {
    return await fn(p);
  } finally {
    await p.context.close();
  }
}

/** Console errors other than the browser's "Failed to load resource" line for an expected status. */
const unexpected = (errors: string[], statuses: number[]) =>
  errors.filter((e) => !statuses.some((s) => e.includes('Failed to load resource') && e.includes(`status of ${s}`)));

const mailsTo = async (to: string) =>
  (await server.database.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.to, to)))[0]?.n ?? 0;

/** The link in the newest e-mail to `to` whose address contains `part`, read from /dev/mailbox. */
async function linkFromMailbox(page: Page, to: string, part: string): Promise<string> {
  if (!new URL(page.url()).pathname.startsWith('/dev/mailbox')) await page.goto('/dev/mailbox');
  await page.getByRole('searchbox', { name: 'Only messages to' }).fill(to);
  await page.getByRole('button', { name: 'Filter' }).click();
  const newest = page.getByRole('list', { name: 'E-mails, newest first' }).getByRole('listitem').first();
  await newest.getByText(`To ${to}`).waitFor();
  const href = await newest.getByRole('link', { name: new RegExp(part) }).getAttribute('href');
  if (!href) throw new Error(`No ${part} link in the newest e-mail to ${to}`);
  return href;
}

/**
 * Opens a link from an e-mail in this browser. The test server's BASE_URL (http://localhost:0) is
 * not the address it listens on, so the link is followed on the server itself: its path first
 * (Better Auth checks the token, may set the session cookie, and redirects), then the redirect.
 */
async function openEmailLink(page: Page, href: string) {
  const link = new URL(href);
  const res = await page.context().request.get(link.pathname + link.search, { maxRedirects: 0 });
  const location = res.headers().location;
  if (!location) throw new Error(`${link.pathname} answered ${res.status()} without a redirect`);
  const target = new URL(location, server.url);
  await page.goto(target.pathname + target.search);
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('/auth/login', () => {
  it('signs in with e-mail and password and lands on the dashboard', () =>
    withPage(async ({ page, errors }) => {
      await page.goto('/auth/login');
      expect(await page.getByRole('checkbox', { name: 'Remember me' }).isChecked()).toBe(true);
      // Google is not configured on the test server, so its button is not offered. A visitor's page
      // comes with the server's facts (ADR 0065), so the check means something at once.
      expect(await page.locator(`#${ROUTER_STATE_ELEMENT_ID}`).textContent()).toContain('"googleSignIn":false');
      expect(await page.getByRole('button', { name: 'Continue with Google' }).count()).toBe(0);
      await expectAccessible(page);
      await signInThroughForm(page, 'member@example.test', TEST_PASSWORD);
      await page.waitForURL('**/user/dashboard');
      expect(errors).toEqual([]);
    }));

  it('says "Email or password is incorrect" for a wrong password and for an unknown e-mail alike', () =>
    withPage(async ({ page, errors }) => {
      await page.goto('/auth/login');
      const answers: string[] = [];
      for (const email of ['member@example.test', 'nobody@example.test']) {
        const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-in/email'));
        await signInThroughForm(page, email, 'wrong-password-1');
        await answered;
        const alert = page.getByRole('alert').filter({ hasText: 'Email or password is incorrect' });
        await alert.waitFor();
        answers.push(await alert.innerText());
        expect(new URL(page.url()).pathname).toBe('/auth/login');
      }
      expect(answers[0]).toBe('Email or password is incorrect');
      expect(answers[1]).toBe(answers[0]);
      await expectAccessible(page);
      expect(unexpected(errors, [401])).toEqual([]);
    }));

  it('asks an unconfirmed account to confirm its e-mail first, and resends the e-mail', () =>
    withPage(async ({ context, page, errors }) => {
      const email = 'unconfirmed@example.test';
      const res = await context.request.post('/api/auth/sign-up/email', {
        data: { name: 'Unconfirmed', email, password: TEST_PASSWORD, callbackURL: '/dashboard' },
      });
      expect(res.status()).toBe(200);
      const before = await mailsTo(email);

      await page.goto('/auth/login');
      await signInThroughForm(page, email, TEST_PASSWORD);
      await page.getByRole('alert').getByText('Confirm your e-mail address first.').waitFor();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Resend the e-mail' }).click();
      await page.getByRole('status').getByText(`We've sent a new e-mail to ${email}.`).waitFor();
      expect(await mailsTo(email)).toBe(before + 1);
      await expectAccessible(page);

      // The resent link confirms the address and signs in.
      await openEmailLink(page, await linkFromMailbox(page, email, 'verify-email'));
      await page.waitForURL('**/user/dashboard');
      expect((await (await context.request.get('/api/auth/me')).json()).emailVerified).toBe(true);
      expect(unexpected(errors, [403])).toEqual([]);
    }));

  it('words throttling, a disabled account, a network failure and anything else (stubbed answers)', () =>
    withPage(async ({ page, errors }) => {
      let answer: { status: number; body: unknown } | 'offline' = 'offline';
      await page.route('**/api/auth/sign-in/email', (route) =>
        answer === 'offline'
          ? route.abort('internetdisconnected')
          : route.fulfill({
              status: answer.status,
              contentType: 'application/json',
              body: JSON.stringify(answer.body),
            }),
      );
      await page.goto('/auth/login');
      const alert = page.getByRole('alert').first();

      answer = { status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Too many requests.' } } };
      await signInThroughForm(page, 'member@example.test', 'wrong-password-1');
      await alert.getByText('Too many attempts. Wait a minute and try again.').waitFor();

      answer = { status: 403, body: { error: { code: 'ACCOUNT_DISABLED', message: 'Banned.' } } };
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await alert.getByText('This account has been disabled.').waitFor();
      expect(await alert.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/need-help');
      await expectAccessible(page);

      answer = 'offline';
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await alert.getByText("Can't reach Tagalong. Check your connection.").waitFor();

      answer = { status: 500, body: { error: { code: 'INTERNAL', message: 'Oops', requestId: 'abcdef12-3456' } } };
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await alert.getByText(/Something went wrong on our side\..*quote reference ABCDEF12\./).waitFor();

      expect(unexpected(errors, [403, 429, 500]).filter((e) => !e.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual(
        [],
      );
    }));

  it('offers Google when the server has it, and words a failed Google sign-in', () =>
    withPage(async ({ context, page, errors }) => {
      // What a server with GOOGLE_CLIENT_ID answers, read by a browser that asks it itself.
      await withStaleSessionCookie(context, server.url);
      await page.route('**/api/meta', async (route) => {
        const real = await route.fetch();
        await route.fulfill({ response: real, json: { ...(await real.json()), googleSignIn: true } });
      });
      let sent: unknown;
      await page.route('**/api/auth/sign-in/social', async (route) => {
        sent = route.request().postDataJSON();
        // What Google's consent page does when the person says no: back to the error address.
        const back = new URL((sent as { errorCallbackURL: string }).errorCallbackURL, server.url);
        back.searchParams.set('error', 'access_denied');
        await route.fulfill({ json: { url: back.href, redirect: true } });
      });
      await page.goto('/auth/login');
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await page.waitForURL((url) => url.searchParams.get('error') === 'access_denied');
      expect(sent).toEqual({
        provider: 'google',
        callbackURL: '/dashboard',
        errorCallbackURL: '/auth/login?via=google',
      });
      await page.getByRole('alert').getByText("Signing in with Google didn't work.", { exact: false }).waitFor();
      await expectAccessible(page);
      expect(errors).toEqual([]);
    }));
});

describe('/auth/register', () => {
  it('checks the form, then registers, says to check the inbox, and the link signs in', () =>
    withPage(async ({ page, errors }) => {
      await page.goto('/auth/register');
      await page.getByRole('button', { name: 'Create account' }).click();
      // The form checks itself asynchronously after the click.
      await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
      await expectAccessible(page);

      await page.getByLabel('Full name').fill('New Person');
      await page.getByLabel('Email').fill('typo@example.test');
      const password = page.getByLabel('Password', { exact: true });
      await password.fill('Baseball1');
      await page.getByText('Strength: Too common').waitFor();
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('This is one of the most common passwords.', { exact: false }).waitFor();
      expect(await mailsTo('typo@example.test')).toBe(0);

      await password.fill('zqxjvkwp');
      await page.getByText('Strength: Weak').waitFor();
      await password.fill('a-long-enough-password');
      await page.getByText('Strength: Strong').waitFor();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Create account' }).click();

      const inbox = page.getByRole('region', { name: 'Check your inbox' });
      await inbox.waitFor();
      expect(await inbox.innerText()).toContain('typo@example.test');
      // An e-mail has just gone out: the resend button waits its minute, and says so.
      const resend = inbox.getByRole('button', { name: /Resend the e-mail \(in \d+ s\)/ });
      expect(await resend.getAttribute('aria-disabled')).toBe('true');
      await expectAccessible(page);

      // A mistyped address: back to the form, which kept everything but the password.
      await inbox.getByRole('button', { name: 'Use a different e-mail address' }).click();
      const emailField = page.getByLabel('Email');
      expect(await emailField.inputValue()).toBe('typo@example.test');
      expect(await emailField.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.getByLabel('Full name').inputValue()).toBe('New Person');
      await emailField.fill('new-person@example.test');
      await password.fill('a-long-enough-password');
      await page.getByRole('button', { name: 'Create account' }).click();
      await inbox.getByText('new-person@example.test').waitFor();

      // The demo server says where its e-mail goes; the link in it confirms and signs in.
      await inbox.getByRole('link', { name: 'demo mailbox' }).click();
      await page.waitForURL('**/dev/mailbox');
      await expectAccessible(page);
      await openEmailLink(page, await linkFromMailbox(page, 'new-person@example.test', 'verify-email'));
      await page.waitForURL('**/user/dashboard');
      const me = await (await page.context().request.get('/api/auth/me')).json();
      expect(me).toMatchObject({ email: 'new-person@example.test', name: 'New Person', emailVerified: true });
      expect(errors).toEqual([]);
    }));

  it('answers an address that already has an account exactly like a new one', () =>
    withPage(async ({ page, errors }) => {
      await page.goto('/auth/register');
      await page.getByLabel('Full name').fill('Someone Else');
      await page.getByLabel('Email').fill('member@example.test');
      await page.getByLabel('Password', { exact: true }).fill('another-long-password');
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('region', { name: 'Check your inbox' }).getByText('member@example.test').waitFor();
      expect(errors).toEqual([]);
    }));
});

describe('forgot and reset password', () => {
  const email = 'resetter@example.test';

  it('answers the same for any address, resets once per link, and signs in with the new password', () =>
    withPage(async ({ context, page, errors }) => {
      const confirmation = async (address: string) => {
        await page.goto('/auth/forgot-password');
        await page.getByLabel('Email').fill(address);
        await page.getByRole('button', { name: 'Send me a link' }).click();
        const region = page.getByRole('region', { name: 'Check your inbox' });
        await region.waitFor();
        // The demo-mailbox hint appears once the server's facts have loaded; compare complete pages.
        await region.getByText('This is a demo server').waitFor();
        return (await region.innerText()).replace(address, '<address>');
      };
      const forUnknown = await confirmation('nobody-here@example.test');
      await expectAccessible(page);
      expect(await confirmation(email)).toBe(forUnknown);

      const link = await linkFromMailbox(page, email, 'reset-password');
      await openEmailLink(page, link);
      await page.waitForURL((url) => url.pathname === '/auth/reset-password' && url.searchParams.has('token'));
      await expectAccessible(page);

      // A second tab opened on the same link before the first one uses it.
      const other = await context.newPage();
      await other.goto(page.url());

      await page.getByLabel('New password', { exact: true }).fill('password123');
      await page.getByLabel('Confirm new password').fill('something-else');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await page.getByText('This is one of the most common passwords.', { exact: false }).waitFor();
      await page.getByText("The two passwords don't match").waitFor();
      await page.getByLabel('New password', { exact: true }).fill('brand-new-secret-42');
      await page.getByLabel('Confirm new password').fill('brand-new-secret-42');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await page.getByRole('heading', { name: 'Your password has been changed' }).waitFor();
      await expectAccessible(page);

      // The other tab's form now holds a used token: the reset fails clearly.
      await other.getByLabel('New password', { exact: true }).fill('yet-another-secret-7');
      await other.getByLabel('Confirm new password').fill('yet-another-secret-7');
      await other.getByRole('button', { name: 'Save new password' }).click();
      await other.getByRole('heading', { name: 'This link has expired or was already used' }).waitFor();
      await other.close();

      await page.getByRole('link', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/auth/login');
      await signInThroughForm(page, email, TEST_PASSWORD);
      await page.getByText('Email or password is incorrect').waitFor();
      await signInThroughForm(page, email, 'brand-new-secret-42');
      await page.waitForURL('**/user/dashboard');

      // The same link again: Better Auth sends it back with ?error=INVALID_TOKEN.
      await openEmailLink(page, link);
      await page.waitForURL((url) => url.searchParams.get('error') === 'INVALID_TOKEN');
      await page.getByRole('heading', { name: 'This link has expired or was already used' }).waitFor();
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Get a new link' }).click();
      await page.waitForURL('**/auth/forgot-password');
      expect(unexpected(errors, [400, 401])).toEqual([]);
    }));

  it('explains the reset page to someone who arrives without a link', () =>
    withPage(async ({ page, errors }) => {
      await page.goto('/auth/reset-password');
      await page.getByRole('heading', { name: 'Open the link from your e-mail' }).waitFor();
      await expectAccessible(page);
      expect(errors).toEqual([]);
    }));
});

describe('/dev/mailbox', () => {
  it('shows e-mails and text messages in tabs, with empty states, and refreshes', () =>
    withPage(async ({ page, errors }) => {
      await page.goto('/dev/mailbox?to=nobody-at-all@example.test');
      await page.getByRole('heading', { name: 'No e-mails to nobody-at-all@example.test yet' }).waitFor();
      await page.getByRole('tab', { name: /SMS/ }).click();
      await page.getByRole('heading', { name: 'No text messages to nobody-at-all@example.test yet' }).waitFor();
      await expectAccessible(page);

      await page.getByRole('button', { name: "Show everyone's" }).click();
      await page.getByRole('tab', { name: /E-mail/ }).click();
      // Everyone's mail is a new query: count it once it has loaded (the filtered view had no list).
      const mails = page.getByRole('list', { name: 'E-mails, newest first' }).getByRole('listitem');
      await mails.first().waitFor();
      const before = await mails.count();
      await page.request.post('/api/auth/request-password-reset', {
        data: { email: 'member@example.test', redirectTo: '/auth/reset-password' },
      });
      await page.getByRole('button', { name: 'Refresh' }).click();
      await mails.nth(before).waitFor();
      const newest = mails.first();
      await newest.getByRole('heading', { name: 'Reset your Tagalong password' }).waitFor();
      expect(await newest.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      await expectAccessible(page);
      expect(errors).toEqual([]);
    }));
});
