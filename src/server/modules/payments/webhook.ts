import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { packages } from '#server/db/schema/packages.ts';
import { payments, paymentWebhookReceipts } from '#server/db/schema/payments.ts';
import type { CodeKeys } from '#server/lib/codes.ts';
import { paymentReceived, postEntry } from '#server/modules/ledger/public.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import { adminIds } from '#server/modules/notifications/public.ts';
import { transitionPackage } from '#server/modules/packages/public.ts';
import { completeAgreedRequest } from '#server/modules/requests/public.ts';
import { alertNewPackage } from '#server/modules/route-alerts/public.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import type { PaymentWebhookEvent } from '#server/providers/payments/payment-provider.ts';
import { type Currency, currencies, formatMoney } from '#shared/money.ts';
import type { PaymentRow } from './mapping.ts';

// Our payment ids are UUIDs. Another integration on the same Stripe account may put its own
// reference in client_reference_id or metadata.payment_id; such a value is not ours to look up (and
// the uuid column would refuse it with an error that makes Stripe retry for days).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An amount for the admins' words; a currency we do not trade in is shown as its code. */
function formatAmount(amount: number, currency: string): string {
  return (currencies as readonly string[]).includes(currency)
    ? formatMoney(amount, currency as Currency, 'en')
    : `${amount} (minor units) ${currency}`;
}

export type WebhookOutcome =
  | { kind: 'replay' | 'unknown_payment' | 'ignored' | 'unchanged' | 'applied' }
  /** Money arrived for a package that no longer takes it (paid twice, cancelled): it goes back. */
  | { kind: 'refund_needed'; payment: PaymentRow }
  /** Paid for another amount or currency than the checkout's: not booked, it all goes back (ADR 0033). */
  | { kind: 'amount_mismatch'; payment: PaymentRow };

/**
 * One provider webhook, in one transaction (docs/product.md §5): recorded once by the provider's event id,
 * so a redelivery, or two deliveries racing, change nothing the second time. A success moves the
 * payment, posts the money into escrow and publishes the draft (draft → open), all or nothing.
 */
export async function handlePaymentWebhook(
  db: Database,
  notifier: Notifier,
  deps: { kind: 'sandbox' | 'stripe'; codeKeys: CodeKeys; settings: SettingsStore },
  event: PaymentWebhookEvent,
  log: FastifyBaseLogger,
): Promise<WebhookOutcome> {
  const providerKind = deps.kind;
  // Read before the transaction: a paid difference matches the package, which checks the radius.
  const settings = await deps.settings.current();
  return notifier.transaction(db, async (tx, notify) => {
    const [receipt] = await tx
      .insert(paymentWebhookReceipts)
      .values({ provider: providerKind, eventId: event.eventId, type: event.type })
      .onConflictDoNothing()
      .returning();
    if (!receipt) return { kind: 'replay' };
    if (event.kind === 'other') return { kind: 'ignored' };

    const byId =
      event.paymentId && UUID.test(event.paymentId)
        ? await tx.select().from(payments).where(eq(payments.id, event.paymentId)).for('update')
        : [];
    const byRef =
      byId.length === 0 && event.providerRef
        ? await tx.select().from(payments).where(eq(payments.providerRef, event.providerRef)).for('update')
        : [];
    const payment = byId[0] ?? byRef[0];
    if (!payment || payment.provider !== providerKind) {
      // Acknowledged all the same: the provider would otherwise retry something we can never place.
      log.warn(
        { eventId: event.eventId, paymentId: event.paymentId, ref: event.providerRef },
        'webhook for an unknown payment',
      );
      return { kind: 'unknown_payment' };
    }
    const now = new Date();

    if (event.kind === 'failed' || event.kind === 'cancelled') {
      if (payment.status !== 'pending') return { kind: 'unchanged' };
      await tx
        .update(payments)
        .set({
          status: event.kind,
          failureReason: event.kind === 'failed' ? event.reason : 'The checkout was cancelled.',
          updatedAt: now,
        })
        .where(eq(payments.id, payment.id));
      return { kind: 'applied' };
    }

    // Succeeded.
    const settled = ['succeeded', 'refunded', 'partially_refunded', 'amount_mismatch'];
    if (settled.includes(payment.status)) return { kind: 'unchanged' };
    if (event.amount !== payment.amount || event.currency !== payment.currency) {
      // Only the amount the checkout was made for is ever booked: anything else is recorded as
      // seen, kept out of escrow and the package stays a draft; the caller refunds it.
      log.error(
        {
          paymentId: payment.id,
          expected: { amount: payment.amount, currency: payment.currency },
          got: { amount: event.amount, currency: event.currency },
        },
        'paid amount differs from the checkout: not booked, refunding',
      );
      const expected = formatAmount(payment.amount, payment.currency);
      const got = formatAmount(event.amount, event.currency);
      const [flagged] = await tx
        .update(payments)
        .set({
          status: 'amount_mismatch',
          paidAmount: event.amount,
          paidCurrency: event.currency,
          providerPaymentRef: event.providerPaymentRef ?? payment.providerPaymentRef,
          failureReason: `The provider reported ${got} paid for a checkout of ${expected}; it is refunded.`,
          updatedAt: now,
        })
        .where(eq(payments.id, payment.id))
        .returning();
      const admins = (await adminIds(tx)).filter((id) => id !== payment.senderId);
      if (admins.length > 0) {
        await notify({
          userIds: admins,
          type: 'payment_amount_mismatch',
          title: 'Payment for the wrong amount',
          body: `A checkout of ${expected} was paid with ${got}. It was not booked and is being refunded; check that the refund went through.`,
          link: '/admin/payments',
          data: { paymentId: payment.id, packageId: payment.packageId },
        });
      }
      return { kind: 'amount_mismatch', payment: flagged as PaymentRow };
    }
    const [paid] = await tx
      .update(payments)
      .set({
        status: 'succeeded',
        providerPaymentRef: event.providerPaymentRef ?? payment.providerPaymentRef,
        failureReason: null,
        updatedAt: now,
      })
      .where(eq(payments.id, payment.id))
      .returning();
    await postEntry(
      tx,
      paymentReceived({
        paymentId: payment.id,
        packageId: payment.packageId,
        senderId: payment.senderId,
        amount: payment.amount,
        currency: payment.currency as Currency,
      }),
    );

    if (payment.kind === 'top_up') {
      // The difference of an agreed reward (docs/product.md §4.5): it matches the package now, or, if
      // the package no longer takes that trip, it goes back.
      const matched =
        payment.status === 'pending' &&
        payment.requestId !== null &&
        (await completeAgreedRequest(tx, notify, deps.codeKeys, settings, payment.requestId));
      return matched ? { kind: 'applied' } : { kind: 'refund_needed', payment: paid as PaymentRow };
    }

    const [pkg] = await tx.select().from(packages).where(eq(packages.id, payment.packageId)).for('update');
    const publishable = pkg?.status === 'draft' && payment.status === 'pending';
    if (!pkg || !publishable) return { kind: 'refund_needed', payment: paid as PaymentRow };

    await transitionPackage(tx, {
      packageId: pkg.id,
      to: 'open',
      actorId: payment.senderId,
      note: 'Paid: published and looking for a traveler',
    });
    // Published: the saved routes it fits hear of it now (docs/product.md §3.5).
    await alertNewPackage(tx, notify, pkg.id, now);
    await notify({
      userId: payment.senderId,
      type: 'payment_succeeded',
      title: 'Payment received',
      body: `Your package "${pkg.title}" is published. We are looking for a traveler.`,
      link: `/user/packages/send-a-package/searching-for-traveler?package=${pkg.id}`,
      data: { packageId: pkg.id, paymentId: payment.id },
    });
    return { kind: 'applied' };
  });
}
