import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { packages } from '#server/db/schema/packages.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import { transitionPackage, type Viewer, visiblePackage } from '#server/modules/packages/public.ts';
import { endMatch } from '#server/modules/requests/public.ts';
import { AppError } from '#shared/errors.ts';

/**
 * The traveler cancels before pickup (ADR 0020): the package goes back to open, still paid
 * for, so other travelers can carry it; nothing is refunded. The match is undone entirely: the trip's
 * capacity comes back, the accepted request is withdrawn, and the traveler, the trip and the codes are
 * cleared from the package (a new match makes new codes).
 */
export async function withdrawAsTraveler(
  db: Database,
  notifier: Notifier,
  viewer: Viewer,
  packageId: string,
): Promise<void> {
  await notifier.transaction(db, async (tx, notify) => {
    const { row, relation } = await visiblePackage(tx, packageId, viewer, true);
    if (relation !== 'traveler') {
      throw new AppError('WITHDRAW_TRAVELER_ONLY');
    }
    if (row.status !== 'matched') {
      throw new AppError('WITHDRAW_AFTER_PICKUP', { params: { status: row.status } });
    }
    await transitionPackage(tx, {
      packageId: row.id,
      to: 'open',
      actorId: viewer.id,
      note: 'The traveler withdrew before the pickup; the package is looking for a traveler again',
    });
    await endMatch(tx, row, { withdrawRequest: true });
    await tx
      .update(packages)
      .set({
        travelerId: null,
        travelPlanId: null,
        matchedAt: null,
        pickupCodeHash: null,
        pickupCodeSealed: null,
        deliveryCodeHash: null,
        deliveryCodeSealed: null,
        pickupAttempts: 0,
        pickupLockedUntil: null,
        deliveryAttempts: 0,
        deliveryLockedUntil: null,
      })
      .where(eq(packages.id, row.id));
    await notify({
      userId: row.senderId,
      type: 'request_withdrawn',
      title: 'The traveler withdrew',
      body: `The traveler can no longer carry "${row.title}". It is open again for other travelers, and your payment stays held for it.`,
      link: `/user/packages/${row.id}`,
      data: { packageId: row.id },
    });
  });
}
