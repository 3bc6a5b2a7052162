import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { listTotal } from '#server/db/counts.ts';
import { user } from '#server/db/schema/auth.ts';
import { payments, payouts } from '#server/db/schema/payments.ts';
import { disputes } from '#server/db/schema/requests.ts';
import { supportTicket } from '#server/db/schema/support.ts';
import type { AdminAttention } from '#shared/admin-dashboard.ts';

// What needs an administrator now (docs/product.md §8), counted as the lists count (exact to a
// thousand, estimated beyond): a dashboard view never reads every row of a big table.

export async function adminAttention(db: Database): Promise<AdminAttention> {
  const [
    disputeTotal,
    oldest,
    kycPending,
    payoutsRequested,
    paymentMismatches,
    ticketsOpen,
    oldestTicket,
    refundsFailed,
  ] = await Promise.all([
    listTotal(db, db.select({ id: disputes.id }).from(disputes).where(eq(disputes.status, 'open')).$dynamic()),
    db
      .select({ at: disputes.createdAt })
      .from(disputes)
      .where(eq(disputes.status, 'open'))
      .orderBy(asc(disputes.createdAt))
      .limit(1),
    listTotal(db, db.select({ id: user.id }).from(user).where(eq(user.kycStatus, 'pending')).$dynamic()),
    listTotal(db, db.select({ id: payouts.id }).from(payouts).where(eq(payouts.status, 'requested')).$dynamic()),
    listTotal(
      db,
      db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.status, 'amount_mismatch'), isNull(payments.paidRefundedAt)))
        .$dynamic(),
    ),
    listTotal(
      db,
      db.select({ id: supportTicket.id }).from(supportTicket).where(eq(supportTicket.status, 'open')).$dynamic(),
    ),
    db
      .select({ at: supportTicket.lastMessageAt })
      .from(supportTicket)
      .where(eq(supportTicket.status, 'open'))
      .orderBy(asc(supportTicket.lastMessageAt))
      .limit(1),
    listTotal(db, db.select({ id: payments.id }).from(payments).where(isNotNull(payments.refundFailedAt)).$dynamic()),
  ]);
  return {
    disputes: { total: disputeTotal, oldestAt: oldest[0]?.at.toISOString() ?? null },
    kycPending,
    payoutsRequested,
    paymentMismatches,
    refundsFailed,
    supportOpen: { total: ticketsOpen, oldestAt: oldestTicket[0]?.at.toISOString() ?? null },
  };
}
