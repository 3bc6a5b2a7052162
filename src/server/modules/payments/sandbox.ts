import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { packages } from '#server/db/schema/packages.ts';
import { payments } from '#server/db/schema/payments.ts';
import { AppError } from '#shared/errors.ts';
import type { Currency } from '#shared/money.ts';
import { SANDBOX_CARDS, type SandboxCheckout } from '#shared/payments.ts';
import { type PaymentRow, toPayment } from './mapping.ts';

const notFound = () => new AppError('CHECKOUT_NOT_FOUND');

async function findCheckout(db: Database, userId: string, ref: string) {
  // Only the sender who opened it: the address alone is not enough.
  const [row] = await db
    .select({ payment: payments, title: packages.title })
    .from(payments)
    .innerJoin(packages, eq(packages.id, payments.packageId))
    .where(and(eq(payments.provider, 'sandbox'), eq(payments.providerRef, ref), eq(payments.senderId, userId)));
  return row;
}

export async function getSandboxCheckout(db: Database, userId: string, ref: string): Promise<SandboxCheckout> {
  const row = await findCheckout(db, userId, ref);
  if (!row) throw notFound();
  const payment = toPayment(row.payment);
  return {
    ref,
    packageId: payment.packageId,
    packageTitle: row.title,
    amount: payment.amount,
    currency: payment.currency,
    status: payment.status,
    open: payment.status === 'pending',
  };
}

/** What the test card means: 4242… pays, 4000…0002 is declined, anything else is not a test card. */
export function cardOutcome(cardNumber: string): 'paid' | 'declined' {
  if (cardNumber === SANDBOX_CARDS.approve) return 'paid';
  if (cardNumber === SANDBOX_CARDS.decline) return 'declined';
  throw new AppError('VALIDATION_FAILED', {
    fields: { cardNumber: ['Use test card 4242 4242 4242 4242 (or 4000 0000 0000 0002 to see a decline)'] },
  });
}

export async function openSandboxCheckout(
  db: Database,
  userId: string,
  ref: string,
): Promise<{ payment: PaymentRow; currency: Currency }> {
  const row = await findCheckout(db, userId, ref);
  if (!row) throw notFound();
  if (row.payment.status !== 'pending') {
    throw new AppError('CHECKOUT_CLOSED', { detail: `payment is ${row.payment.status}` });
  }
  return { payment: row.payment, currency: row.payment.currency as Currency };
}
