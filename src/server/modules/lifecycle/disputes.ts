import { desc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { disputes } from '#server/db/schema/requests.ts';
import type { Transaction } from '#server/db/transaction.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import { adminIds } from '#server/modules/notifications/public.ts';
import { transitionPackage, type Viewer, visiblePackage } from '#server/modules/packages/public.ts';
import { AppError } from '#shared/errors.ts';
import { type Dispute, disputeReasonLabel, type disputeReasons, type OpenDispute } from '#shared/lifecycle.ts';

// Disputes (docs/product.md §2, §5): either party, after pickup, when something went wrong. The package
// becomes disputed, and nothing moves its money until an administrator resolves it (resolve.ts):
// completion only takes a delivered package, and a disputed one is not.

type DisputeRow = typeof disputes.$inferSelect;
type Reason = (typeof disputeReasons)[number];

export const noDispute = () => new AppError('DISPUTE_NOT_FOUND');

export async function toDispute(db: Database | Transaction, row: DisputeRow): Promise<Dispute> {
  const [opener] = await db.select({ id: user.id, name: user.name }).from(user).where(eq(user.id, row.openedBy));
  return {
    id: row.id,
    packageId: row.packageId,
    openedBy: opener ?? { id: row.openedBy, name: 'Deleted member' },
    reason: row.reason as Reason,
    details: row.details,
    status: row.status === 'resolved' ? 'resolved' : 'open',
    resolution: row.resolution === 'refund_sender' || row.resolution === 'release_traveler' ? row.resolution : null,
    resolutionNote: row.resolutionNote,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/** POST /api/packages/{id}/dispute: the sender or the traveler, from in_transit or delivered. */
export async function openDispute(
  db: Database,
  notifier: Notifier,
  viewer: Viewer,
  packageId: string,
  input: OpenDispute,
): Promise<Dispute> {
  return notifier.transaction(db, async (tx, notify) => {
    const { row, relation } = await visiblePackage(tx, packageId, viewer, true);
    if (relation !== 'sender' && relation !== 'traveler') {
      throw new AppError('DISPUTE_PARTIES_ONLY');
    }
    if (row.status !== 'in_transit' && row.status !== 'delivered') {
      throw new AppError('DISPUTE_NOT_ALLOWED', { params: { status: row.status } });
    }
    await transitionPackage(tx, {
      packageId: row.id,
      to: 'disputed',
      actorId: viewer.id,
      note: `Dispute opened by the ${relation}: ${disputeReasonLabel[input.reason]}`,
    });
    const [created] = await tx
      .insert(disputes)
      .values({ packageId: row.id, openedBy: viewer.id, reason: input.reason, details: input.details })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError('DISPUTE_ALREADY_OPEN');

    const otherId = relation === 'sender' ? row.travelerId : row.senderId;
    const message = {
      type: 'dispute_opened' as const,
      title: 'Dispute opened',
      body: `A dispute was opened on "${row.title}": ${disputeReasonLabel[input.reason]}. An administrator will look into it; the payment is on hold until then.`,
      data: { packageId: row.id, disputeId: created.id },
    };
    if (otherId) await notify({ ...message, userId: otherId, link: `/user/packages/${row.id}` });
    for (const adminId of await adminIds(tx)) {
      if (adminId === row.senderId || adminId === row.travelerId) continue;
      await notify({ ...message, userId: adminId, link: `/admin/packages/${row.id}` });
    }
    return toDispute(tx, created);
  });
}

/** GET /api/packages/{id}/dispute: the latest dispute, for the two parties and admins only. */
export async function getDispute(db: Database, viewer: Viewer, packageId: string): Promise<Dispute> {
  const { relation } = await visiblePackage(db, packageId, viewer);
  if (relation === 'other') throw noDispute();
  const [row] = await db
    .select()
    .from(disputes)
    .where(eq(disputes.packageId, packageId))
    .orderBy(desc(disputes.createdAt))
    .limit(1);
  if (!row) throw noDispute();
  return toDispute(db, row);
}
