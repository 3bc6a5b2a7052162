import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { payments } from '#server/db/schema/payments.ts';
import type { PaymentRow } from '#server/modules/payments/mapping.ts';

/** The package's payment that went through (and may still hold money in escrow), newest first. */
export async function heldPaymentOf(db: Database, packageId: string): Promise<PaymentRow | undefined> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.packageId, packageId), inArray(payments.status, ['succeeded', 'partially_refunded'])))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return payment;
}
