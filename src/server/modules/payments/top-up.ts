import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { packages } from '#server/db/schema/packages.ts';
import { payments } from '#server/db/schema/payments.ts';
import { requests } from '#server/db/schema/requests.ts';
import type { SessionUser } from '#server/modules/auth/service.ts';
import { assertMaySend } from '#server/modules/auth/service.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import type { PaymentProvider } from '#server/providers/payments/payment-provider.ts';
import { AppError } from '#shared/errors.ts';
import type { StartPaymentResponse } from '#shared/payments.ts';
import { checkoutPages, isUniqueViolation, openAtProvider, reuseOrReplaceOpen } from './checkout.ts';
import { heldPaymentsOf } from './held.ts';
import { type PaymentRow, toPayment } from './mapping.ts';

/**
 * "Pay the difference" (docs/product.md §4.5, ADR 0059): a reward agreed above the one paid is paid
 * as its own checkout before the match, for the difference agreed, split into the reward's part and
 * the fee's. Only the sender, only while the request is `agreed`; one open checkout per package, as
 * for the first payment (a second click reuses it). The webhook that takes the money matches the
 * package; the provider's page returns to the package.
 */
export async function startTopUp(
  db: Database,
  provider: PaymentProvider,
  store: SettingsStore,
  sender: SessionUser,
  requestId: string,
  baseUrl: string,
): Promise<StartPaymentResponse> {
  const settings = await store.current();
  assertMaySend(sender, settings, 'pay the difference');
  const [head] = await db
    .select({ packageId: requests.packageId, travelerId: requests.travelerId })
    .from(requests)
    .where(eq(requests.id, requestId));
  if (!head) throw new AppError('REQUEST_NOT_FOUND');
  const packageId = head.packageId;
  const prepared = await db
    .transaction(async (tx) => {
      // The package then the request, as every writer of both locks them.
      const [pkg] = await tx.select().from(packages).where(eq(packages.id, packageId)).for('update');
      const [request] = await tx.select().from(requests).where(eq(requests.id, requestId)).for('update');
      if (!pkg || !request) throw new AppError('REQUEST_NOT_FOUND');
      if (pkg.senderId !== sender.id) {
        if (request.travelerId === sender.id) throw new AppError('SENDER_ONLY_PAYS');
        throw new AppError('REQUEST_NOT_FOUND');
      }
      if (request.status !== 'agreed' || request.difference === null || request.reward === null) {
        throw new AppError('REQUEST_ALREADY_ANSWERED', { params: { status: request.status, action: 'paid for' } });
      }
      const [paid] = await heldPaymentsOf(tx, pkg.id);
      if (!paid) throw new AppError('NO_PAYMENT_IN_ESCROW');
      const reward = request.reward - paid.reward;
      const fee = request.difference - reward;
      const amount = request.difference;
      const currency = paid.currency;
      const reuse = await reuseOrReplaceOpen(tx, pkg.id, { amount, currency, requestId });
      if (reuse) return { reuse };
      const [created] = await tx
        .insert(payments)
        .values({
          packageId: pkg.id,
          senderId: sender.id,
          provider: provider.kind,
          kind: 'top_up',
          requestId,
          amount,
          reward,
          fee,
          currency,
        })
        .returning();
      return { created: created as PaymentRow, title: pkg.title };
    })
    .catch(async (err) => {
      if (!isUniqueViolation(err)) throw err;
      const [open] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.packageId, packageId), eq(payments.status, 'pending')));
      if (open?.checkoutUrl && open.requestId === requestId) return { reuse: open };
      throw new AppError('CHECKOUT_OPENING', { detail: 'lost the race for the one pending payment' });
    });
  if ('reuse' in prepared && prepared.reuse) {
    return { payment: toPayment(prepared.reuse), url: prepared.reuse.checkoutUrl as string };
  }
  const { created, title } = prepared as { created: PaymentRow; title: string };
  return openAtProvider(db, provider, created, {
    title: `${title}: the difference of the agreed reward`,
    email: sender.email,
    ...checkoutPages(baseUrl, created),
  });
}
