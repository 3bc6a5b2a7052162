import { and, eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { packages } from '#server/db/schema/packages.ts';
import { payments } from '#server/db/schema/payments.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import { setUpServerAndBrowser } from './support/harness.ts';

// The demo administrator refunds payments from /admin/payments — part of one (its package stays
// open), all of another before pickup (its package is cancelled) — and cancels a trip from its
// record (docs/product.md §5.5, §8). Each action takes a reason and shows in the audit log screen.

const env = setUpServerAndBrowser({ demoMode: true });

async function signInAsAdmin(page: Page) {
  const res = await page.context().request.post('/api/auth/sign-in/email', {
    data: { email: 'admin@tagalong.test', password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
}

/** Paid packages still open (before pickup), oldest payment first. */
async function openPaid() {
  return env.server.database.db
    .select({ packageId: packages.id, title: packages.title, paymentId: payments.id })
    .from(payments)
    .innerJoin(packages, eq(packages.id, payments.packageId))
    .where(and(eq(packages.status, 'open'), eq(payments.status, 'succeeded')))
    .orderBy(payments.createdAt);
}

async function refund(page: Page, paymentId: string, title: string, how: { partial?: string }, reason: string) {
  await page.goto(`/admin/payments?q=${paymentId}`);
  const table = page.getByRole('table');
  await table.getByRole('button', { name: `Refund ${title}` }).click();
  const dialog = page.getByRole('dialog');
  if (how.partial) {
    await dialog.getByRole('radio', { name: 'Part of it' }).check();
    await dialog.getByRole('textbox', { name: /Amount/ }).fill(how.partial);
  }
  await dialog.getByRole('textbox', { name: /Reason/ }).fill(reason);
  await dialog.getByRole('button', { name: how.partial ? 'Refund' : 'Refund and cancel', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

const statusOf = async (packageId: string) =>
  (await env.server.database.db.select({ status: packages.status }).from(packages).where(eq(packages.id, packageId)))[0]
    ?.status;

describe('refunds and a trip cancelled from the back office', () => {
  it('refunds part of one payment and all of another, cancels a trip, and the audit log shows all three', () =>
    env.withPage(async ({ page, errors }) => {
      await signInAsAdmin(page);
      const [first, second] = await openPaid();
      if (!first || !second) throw new Error('the demo data needs two open paid packages');

      await refund(page, first.paymentId, first.title, { partial: '1' }, 'Goodwill gesture for the delay');
      const [partly] = await env.server.database.db.select().from(payments).where(eq(payments.id, first.paymentId));
      expect({ status: partly?.status, refunded: partly?.refundedAmount }).toEqual({
        status: 'partially_refunded',
        refunded: 100,
      });
      expect(await statusOf(first.packageId)).toBe('open');

      await refund(page, second.paymentId, second.title, {}, 'Sender asked to stop before pickup');
      const [fully] = await env.server.database.db.select().from(payments).where(eq(payments.id, second.paymentId));
      expect(fully?.status).toBe('refunded');
      expect(await statusOf(second.packageId)).toBe('cancelled');

      const [trip] = await env.server.database.db
        .select({ id: travelPlans.id })
        .from(travelPlans)
        .where(
          and(
            eq(travelPlans.status, 'active'),
            sql`not exists (select 1 from package p where p.travel_plan_id = ${travelPlans.id} and p.status in ('matched', 'in_transit', 'delivered'))`,
          ),
        )
        .limit(1);
      if (!trip) throw new Error('the demo data needs an active trip carrying nothing');
      await page.goto(`/admin/travel-plans/${trip.id}`);
      await page.getByRole('button', { name: 'Cancel trip', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: /Reason/ }).fill('Traveler reported the trip is off');
      await dialog.getByRole('button', { name: 'Cancel trip', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      const [cancelled] = await env.server.database.db
        .select({ status: travelPlans.status })
        .from(travelPlans)
        .where(eq(travelPlans.id, trip.id));
      expect(cancelled?.status).toBe('cancelled');

      await page.goto('/admin/audit-log');
      const log = page.getByRole('table', { name: 'Audit log' });
      await log.getByRole('link', { name: 'Cancelled a trip' }).first().waitFor();
      expect(await log.getByRole('link', { name: 'Refunded a payment' }).count()).toBeGreaterThanOrEqual(2);
      expect(await log.getByText('Goodwill gesture for the delay').count()).toBe(1);
      expect(errors).toEqual([]);
    }));
});
