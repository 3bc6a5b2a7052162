import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { packages } from '#server/db/schema/packages.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import { transitionPackage, type Viewer, visiblePackage } from '#server/modules/packages/public.ts';
import { releasePayment } from '#server/modules/payments/public.ts';
import { AppError } from '#shared/errors.ts';

/**
 * delivered → completed (docs/product.md §2, §5): the sender confirms, or the auto-complete job does after
 * the settings' days (actorId null). One transaction completes the package and releases the reward to
 * the traveler and the fee to the platform; a package that is no longer delivered (disputed meanwhile,
 * completed by the other path) is refused with CONFLICT and nothing is released, so calling twice is safe.
 */
export async function completePackage(
  db: Database,
  notifier: Notifier,
  input: { packageId: string; actorId: string | null; note?: string },
): Promise<void> {
  await notifier.transaction(db, async (tx, notify) => {
    const [row] = await tx.select().from(packages).where(eq(packages.id, input.packageId)).for('update');
    if (!row) throw new AppError('PACKAGE_NOT_FOUND');
    if (row.status !== 'delivered' || !row.travelerId) {
      throw new AppError('PACKAGE_NOT_DELIVERED', { params: { status: row.status } });
    }
    await transitionPackage(tx, {
      packageId: row.id,
      to: 'completed',
      actorId: input.actorId,
      note:
        input.note ??
        (input.actorId
          ? 'The sender confirmed the delivery'
          : 'Completed automatically: no dispute was opened in time'),
    });
    const now = new Date();
    await tx.update(packages).set({ completedAt: now }).where(eq(packages.id, row.id));
    await releasePayment(tx, {
      packageId: row.id,
      travelerId: row.travelerId,
      kind: 'completion',
      actorId: input.actorId,
    });
    await notify({
      userId: row.travelerId,
      type: 'package_completed',
      title: 'Delivery completed',
      body: `"${row.title}" is complete and your reward is in your balance. Leave a review for the sender.`,
      link: `/user/packages/${row.id}`,
      data: { packageId: row.id },
    });
    await notify({
      userId: row.senderId,
      type: 'package_completed',
      title: 'Delivery completed',
      body: `"${row.title}" is complete. Leave a review for the traveler.`,
      link: `/user/packages/${row.id}`,
      data: { packageId: row.id },
    });
  });
}

/** POST /api/packages/{id}/confirm: the sender confirms the delivery. */
export async function confirmDelivery(
  db: Database,
  notifier: Notifier,
  viewer: Viewer,
  packageId: string,
): Promise<void> {
  const { relation } = await visiblePackage(db, packageId, viewer);
  if (relation !== 'sender') throw new AppError('CONFIRM_SENDER_ONLY');
  await completePackage(db, notifier, { packageId, actorId: viewer.id });
}
