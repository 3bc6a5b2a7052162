import { desc, eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { smsOutbox } from '#server/db/schema/outbox.ts';
import { expectAccessible, setUpServerAndBrowser, signUp } from './support/harness.ts';

// With the embedded (sandbox) provider, a newcomer finishes onboarding with the
// identity check; a declined check shows its reason and a retry passes. The sandbox "reviews" for a
// moment, so the return page's waiting state is really shown before the result arrives.

const env = setUpServerAndBrowser({ demoMode: false, config: { kycSandboxDelayMs: 1500 } });
const phone = { width: 360, height: 740 };

/** The mobile step through the UI, with the code from the SMS outbox. */
async function confirmMobile(page: Page, number: string, e164: string) {
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(number);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('heading', { name: 'Enter the code' }).waitFor();
  const [sms] = await env.server.database.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.to, e164))
    .orderBy(desc(smsOutbox.createdAt))
    .limit(1);
  const code = sms?.text.match(/\b(\d{6})\b/)?.[1];
  await page.getByRole('textbox', { name: 'Code from the text message' }).fill(code as string);
  await page.getByRole('button', { name: 'Verify' }).click();
}

async function me(context: BrowserContext) {
  return (await context.request.get('/api/auth/me')).json();
}

describe('identity check (sandbox provider)', () => {
  it('completes onboarding: e-mail, mobile, identity check, then on to the page that was asked for', () =>
    env.withPage(async ({ context, page, errors }) => {
      await signUp(context, 'ivy@example.test', 'Ivy Identity');

      // The page the member was after sends them through the missing steps, keeping the target.
      await page.goto('/user/profile/my-profile?redirect=%2Fuser%2Fpackages%2Fmy-packages');
      await page.waitForURL('**/auth/add-mobile-number?redirect=*');
      await confirmMobile(page, '+1 202 555 0161', '+12025550161');
      await page.waitForURL('**/user/profile/my-profile?redirect=%2Fuser%2Fpackages%2Fmy-packages#identity-check');

      const step = page.getByRole('region', { name: 'Identity check' });
      await step.getByText('our verification partner checks a photo of your passport').waitFor();
      await expectAccessible(page);
      await step.getByRole('button', { name: 'Start identity check' }).click();

      await page.waitForURL(/\/kyc\/sandbox\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { name: 'Sandbox identity check' }).waitFor();
      await page.getByRole('main').getByText('Ivy Identity').waitFor();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Approve', exact: true }).click();

      await page.waitForURL('**/kyc/kycaid-callback');
      await page.getByRole('heading', { name: 'Checking your identity…' }).waitFor();
      await expectAccessible(page);
      await page.getByRole('heading', { name: "You're verified" }).waitFor({ timeout: 10_000 });
      expect(await me(context)).toMatchObject({ kycStatus: 'approved', verifiedProfile: true });
      await expectAccessible(page);

      await page.getByRole('link', { name: 'Continue' }).click();
      await page.waitForURL('**/user/packages/my-packages');
      expect(errors).toEqual([]);
    }));

  it('shows a decline with its reason, and a retry passes (360 px)', () =>
    env.withPage(async ({ context, page, errors }) => {
      await signUp(context, 'dan@example.test', 'Dan Declined');
      await page.goto('/auth/add-mobile-number');
      await confirmMobile(page, '+1 202 555 0162', '+12025550162');
      await page.getByRole('heading', { name: 'Mobile number verified' }).waitFor();

      await page.goto('/user/profile/my-profile');
      await page.getByRole('button', { name: 'Start identity check' }).click();
      await page.waitForURL(/\/kyc\/sandbox\//);
      const reason = page.getByRole('textbox', { name: 'Reason, if you decline' });
      await reason.fill('');
      await page.getByRole('button', { name: 'Decline', exact: true }).click();
      await page.getByText('Say why the check is declined').waitFor();
      expect(await reason.getAttribute('aria-invalid')).toBe('true');
      await reason.fill('The selfie does not match the passport');
      await page.getByRole('button', { name: 'Decline', exact: true }).click();

      await page.waitForURL('**/kyc/kycaid-callback');
      await page.getByRole('heading', { name: 'Your identity check was declined' }).waitFor({ timeout: 10_000 });
      await page.getByText('The selfie does not match the passport').waitFor();
      expect(await me(context)).toMatchObject({ kycStatus: 'declined', verifiedProfile: false });
      await expectAccessible(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );

      // The old sandbox page no longer takes a decision.
      await page.goBack();
      await page.getByRole('heading', { name: 'This check has been decided' }).waitFor();
      await page.goForward();

      await page.getByRole('button', { name: 'Try again' }).click();
      await page.waitForURL(/\/kyc\/sandbox\//);
      await page.getByRole('button', { name: 'Approve', exact: true }).click();
      await page.getByRole('heading', { name: "You're verified" }).waitFor({ timeout: 10_000 });
      expect(await me(context)).toMatchObject({ kycStatus: 'approved', verifiedProfile: true });

      await page.goto('/user/profile/my-profile');
      await page.getByText('Approved. Your identity is confirmed.').waitFor();
      expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
    }, phone));
});
