import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type E2EServer, expectAccessible, launchBrowser, newPage, signUp, startServer } from './support/harness.ts';

// The skeleton's sign-in and registration forms, through the real browser and Better Auth (the full
// onboarding flows come with the accounts issue).
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const setup = await newPage(browser, server.url);
  await signUp(setup.context, 'member@example.test', 'Member');
  await setup.context.close();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('signs in with e-mail and password and lands on the dashboard', async () => {
  const { context, page, errors } = await newPage(browser, server.url);
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill('member@example.test');
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-battery');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/user/dashboard');
  expect(errors).toEqual([]);
  await context.close();
});

it('says "Email or password is incorrect" for a wrong password and for an unknown e-mail alike', async () => {
  const { context, page } = await newPage(browser, server.url);
  await page.goto('/auth/login');
  for (const email of ['member@example.test', 'nobody@example.test']) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email or password is incorrect').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
  }
  await expectAccessible(page);
  await context.close();
});

it('shows field errors and writes nothing for an invalid registration, then registers', async () => {
  const { context, page } = await newPage(browser, server.url);
  await page.goto('/auth/register');
  await page.getByRole('button', { name: /create account|register|sign up/i }).click();
  expect(await page.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
  await expectAccessible(page);
  await page.getByLabel('Name').fill('New Person');
  await page.getByLabel('Email').fill('new-person@example.test');
  await page.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /create account|register|sign up/i }).click();
  await page.waitForURL('**/user/dashboard');
  await context.close();
});
