import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { packages } from '#server/db/schema/packages.ts';
import { payments } from '#server/db/schema/payments.ts';
import type { Transaction } from '#server/db/transaction.ts';
import type { SessionUser } from '#server/modules/auth/service.ts';
import { assertMaySend, isAdmin } from '#server/modules/auth/service.ts';
import { draftOf } from '#server/modules/packages/public.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import { type PaymentProvider, PaymentProviderError } from '#server/providers/payments/payment-provider.ts';
import { AppError } from '#shared/errors.ts';
import { type Currency, platformFee } from '#shared/money.ts';
import { checkPackageRules, missingFields } from '#shared/packages.ts';
import type { Payment, StartPaymentResponse } from '#shared/payments.ts';
import { type PaymentRow, toPayment } from './mapping.ts';

const notFound = () => new AppError('PACKAGE_NOT_FOUND');

/** How long a checkout being opened (the provider call in flight) is left to finish before it is replaced. */
const OPENING_GRACE_MS = 30_000;

export const returnPage = (baseUrl: string, packageId: string) =>
  `${baseUrl}/user/packages/${packageId}/payment/callback`;

/**
 * Where the provider's page sends the sender back: for the payment that publishes a package, its
 * return page (which waits for the webhook); for a difference (docs/product.md §4.5), the package,
 * matched once the webhook has spoken, or the requests when the checkout was left.
 */
export function checkoutPages(baseUrl: string, payment: { kind: string; packageId: string }) {
  if (payment.kind === 'top_up') {
    return {
      successUrl: `${baseUrl}/user/packages/${payment.packageId}`,
      cancelUrl: `${baseUrl}/user/packages/requests`,
    };
  }
  const page = returnPage(baseUrl, payment.packageId);
  return { successUrl: page, cancelUrl: `${page}?cancelled=1` };
}

export function isUniqueViolation(err: unknown): boolean {
  const code =
    (err as { code?: unknown; cause?: { code?: unknown } })?.code ??
    (err as { cause?: { code?: unknown } })?.cause?.code;
  return code === '23505';
}

/**
 * "Pay" for a draft (docs/product.md §5): the sender pays reward + fee. One open checkout per package (a
 * partial unique index): a second click, or two racing, get the same checkout back. A checkout for an
 * amount the draft no longer has (it was edited since) is abandoned and a new one made.
 */
export async function startPayment(
  db: Database,
  provider: PaymentProvider,
  store: SettingsStore,
  sender: SessionUser,
  packageId: string,
  baseUrl: string,
): Promise<StartPaymentResponse> {
  const settings = await store.current();
  assertMaySend(sender, settings, 'pay for a package');
  const prepared = await db
    .transaction(async (tx) => {
      const [row] = await tx.select().from(packages).where(eq(packages.id, packageId)).for('update');
      if (!row || (row.senderId !== sender.id && (row.status === 'draft' || !isAdmin(sender)))) throw notFound();
      if (row.senderId !== sender.id) throw new AppError('SENDER_ONLY_PAYS');
      if (row.status !== 'draft') throw new AppError('PACKAGE_ALREADY_PAID', { detail: `package is ${row.status}` });
      const draft = draftOf(row);
      const missing = missingFields(draft);
      const issues = checkPackageRules(draft, settings);
      if (missing.length > 0 || Object.keys(issues).length > 0) {
        throw new AppError('PACKAGE_NOT_READY_TO_PAY', {
          fields: { ...Object.fromEntries(missing.map((field) => [field, ['Required before payment']])), ...issues },
        });
      }
      const reward = draft.reward as number;
      const fee = platformFee(reward, settings);
      const amount = reward + fee;
      const currency = (row.currency as Currency) ?? settings.currency;

      const reuse = await reuseOrReplaceOpen(tx, packageId, { amount, currency, requestId: null });
      if (reuse) return { reuse };
      const [created] = await tx
        .insert(payments)
        .values({ packageId, senderId: sender.id, provider: provider.kind, amount, reward, fee, currency })
        .returning();
      return { created: created as PaymentRow, title: row.title };
    })
    .catch(async (err) => {
      // Two clicks racing: the loser's insert meets the one-pending index; the winner's checkout is it.
      if (!isUniqueViolation(err)) throw err;
      const [open] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.packageId, packageId), eq(payments.status, 'pending')));
      if (open?.checkoutUrl) return { reuse: open };
      throw new AppError('CHECKOUT_OPENING', { detail: 'lost the race for the one pending payment' });
    });

  if ('reuse' in prepared && prepared.reuse) {
    return { payment: toPayment(prepared.reuse), url: prepared.reuse.checkoutUrl as string };
  }
  const { created, title } = prepared as { created: PaymentRow; title: string };
  return openAtProvider(db, provider, created, { title, email: sender.email, ...checkoutPages(baseUrl, created) });
}

/**
 * The package's open checkout (one at most, a partial unique index), locked: answered for reuse when
 * it is for the same amount and payment and already open at the provider; left alone while another
 * click is still opening it (409 CHECKOUT_OPENING); otherwise abandoned, so that a new one is made.
 */
export async function reuseOrReplaceOpen(
  tx: Transaction,
  packageId: string,
  wanted: { amount: number; currency: string; requestId: string | null },
): Promise<PaymentRow | null> {
  const [open] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.packageId, packageId), eq(payments.status, 'pending')))
    .for('update');
  if (!open) return null;
  const sameAmount =
    open.amount === wanted.amount && open.currency === wanted.currency && open.requestId === wanted.requestId;
  if (sameAmount && open.checkoutUrl) return open;
  // Another click is opening this very checkout right now: let it finish rather than start a second.
  const opening = sameAmount && Date.now() - open.createdAt.getTime() < OPENING_GRACE_MS;
  if (opening) throw new AppError('CHECKOUT_OPENING');
  await tx
    .update(payments)
    .set({
      status: 'cancelled',
      failureReason: sameAmount
        ? 'The checkout never opened; a new one was started.'
        : 'The package changed; a new checkout was started.',
      updatedAt: new Date(),
    })
    .where(eq(payments.id, open.id));
  return null;
}

/**
 * Opens the checkout of a payment just recorded, at the provider, outside any transaction (a provider
 * call never holds a lock); a provider failure marks the payment failed and becomes 503.
 */
export async function openAtProvider(
  db: Database,
  provider: PaymentProvider,
  created: PaymentRow,
  page: { title: string; email: string; successUrl: string; cancelUrl: string },
): Promise<StartPaymentResponse> {
  try {
    const checkout = await provider.createCheckout({
      paymentId: created.id,
      packageId: created.packageId,
      packageTitle: page.title,
      amount: created.amount,
      currency: created.currency as Currency,
      customerEmail: page.email,
      successUrl: page.successUrl,
      cancelUrl: page.cancelUrl,
    });
    const [updated] = await db
      .update(payments)
      .set({ providerRef: checkout.providerRef, checkoutUrl: checkout.url, updatedAt: new Date() })
      .where(eq(payments.id, created.id))
      .returning();
    return { payment: toPayment(updated as PaymentRow), url: checkout.url };
  } catch (err) {
    await db
      .update(payments)
      .set({ status: 'failed', failureReason: 'The checkout could not be opened.', updatedAt: new Date() })
      .where(eq(payments.id, created.id));
    if (err instanceof PaymentProviderError) {
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', { detail: `checkout: ${err.message}` });
    }
    throw err;
  }
}

/** The newest payment of a package, for its sender (or an admin): what the return page polls. */
export async function latestPayment(db: Database, viewer: SessionUser, packageId: string): Promise<Payment> {
  const [pkg] = await db.select({ senderId: packages.senderId }).from(packages).where(eq(packages.id, packageId));
  if (!pkg || (pkg.senderId !== viewer.id && !isAdmin(viewer))) throw notFound();
  const [row] = await db
    .select()
    .from(payments)
    // The payment that publishes it: the return page speaks of that, not of a difference paid later.
    .where(and(eq(payments.packageId, packageId), eq(payments.kind, 'package')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!row) throw new AppError('PAYMENT_NOT_FOUND', { detail: 'the package has no payment yet' });
  return toPayment(row);
}
