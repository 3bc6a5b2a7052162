import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { packages } from '#server/db/schema/packages.ts';
import { payments } from '#server/db/schema/payments.ts';
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

function isUniqueViolation(err: unknown): boolean {
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

      const [open] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.packageId, packageId), eq(payments.status, 'pending')))
        .for('update');
      if (open) {
        const sameAmount = open.amount === amount && open.currency === currency;
        if (sameAmount && open.checkoutUrl) return { reuse: open };
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
      }
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
  try {
    const checkout = await provider.createCheckout({
      paymentId: created.id,
      packageId,
      packageTitle: title,
      amount: created.amount,
      currency: created.currency as Currency,
      customerEmail: sender.email,
      successUrl: returnPage(baseUrl, packageId),
      cancelUrl: `${returnPage(baseUrl, packageId)}?cancelled=1`,
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
    .where(eq(payments.packageId, packageId))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!row) throw new AppError('PAYMENT_NOT_FOUND', { detail: 'the package has no payment yet' });
  return toPayment(row);
}
