import { desc, eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { smsOutbox } from '#server/db/schema/outbox.ts';
import { type LocalSmtpServer, startSmtpServer } from '#server/providers/mail/test/smtp-server.ts';
import { type E2EServer, expectAccessible, launchBrowser, newPage, startServer } from './support/harness.ts';

// A newcomer registers, confirms the e-mail from a real SMTP delivery, is
// signed in, confirms a mobile number with the texted code, and the profile shows both steps done.

let smtp: LocalSmtpServer;
let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, browser] = await Promise.all([
    startServer({ demoMode: false, config: { smtpUrl: smtp.url() } }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

it('registers, verifies the e-mail through SMTP, adds a mobile number, and the profile shows both done', async () => {
  const { context, page, errors } = await newPage(browser, server.url);
  await page.goto('/auth/register');
  await page.getByLabel('Full name').fill('Olive Onboarding');
  await page.getByLabel('Email').fill('olive@example.test');
  await page.getByLabel('Password', { exact: true }).fill('a-long-and-unusual-passphrase');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

  // The message went over SMTP to the local server (the embedded outbox is not used).
  await expect.poll(() => smtp.received.filter((m) => m.envelope.to.includes('olive@example.test')).length).toBe(1);
  const mail = smtp.received.find((m) => m.envelope.to.includes('olive@example.test'));
  const link = mail?.mail.text?.match(/https?:\/\/\S+verify-email\S+/)?.[0];
  expect(link?.startsWith(server.url)).toBe(true);
  await page.goto(link as string);
  await page.waitForURL('**/user/dashboard');

  await page.goto('/auth/add-mobile-number');
  await page.getByRole('textbox', { name: 'Mobile number' }).fill('+1 202 555 0190');
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('heading', { name: 'Enter the code' }).waitFor();
  const [sms] = await server.database.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.to, '+12025550190'))
    .orderBy(desc(smsOutbox.createdAt))
    .limit(1);
  const code = sms?.text.match(/\b(\d{6})\b/)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  await page.getByRole('textbox', { name: 'Code from the text message' }).fill(code as string);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: 'Mobile number verified' }).waitFor();

  await page.goto('/user/profile/my-profile');
  const checks = page.getByRole('region', { name: 'Verification' });
  await checks.getByText('Mobile number confirmed: done').waitFor();
  await checks.getByText('Email address verified: done').waitFor();
  await expectAccessible(page);

  const me = await (await context.request.get('/api/auth/me')).json();
  expect(me).toMatchObject({
    email: 'olive@example.test',
    emailVerified: true,
    phoneNumber: '+12025550190',
    phoneNumberVerified: true,
    verifiedProfile: false,
  });
  expect(errors).toEqual([]);
  await context.close();
});
