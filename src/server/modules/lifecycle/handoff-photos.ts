import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { handoffPhotos } from '#server/db/schema/packages.ts';
import type { Transaction } from '#server/db/transaction.ts';
import { handoffPhotoDue, toPackagePhoto, type Viewer, visiblePackage } from '#server/modules/packages/public.ts';
import type { PrivatePhotoStorage } from '#server/providers/storage/private-photo-storage.ts';
import { AppError } from '#shared/errors.ts';
import type { HandoffStep } from '#shared/packages.ts';

// Handover photos (docs/product.md §2.4): the traveler may add one photo of the pickup and one of the
// delivery, right after making that handover. Never replaced: either side may point at it in a dispute.

async function checkedHandoff(
  db: Database | Transaction,
  viewer: Viewer,
  packageId: string,
  step: HandoffStep,
  lock = false,
) {
  const { row, relation } = await visiblePackage(db, packageId, viewer, lock);
  if (relation === 'other') throw new AppError('PACKAGE_NOT_FOUND');
  if (relation !== 'traveler') throw new AppError('HANDOFF_PHOTO_TRAVELER_ONLY');
  if (handoffPhotoDue(row.status) !== step) {
    throw new AppError('HANDOFF_PHOTO_NOT_DUE', { params: { status: row.status } });
  }
  const [taken] = await db
    .select({ id: handoffPhotos.id })
    .from(handoffPhotos)
    .where(and(eq(handoffPhotos.packageId, packageId), eq(handoffPhotos.step, step)));
  if (taken) throw new AppError('HANDOFF_PHOTO_EXISTS');
}

/** POST /api/packages/{id}/handoff-photo?step=: stores the photo; the route answers with the package. */
export async function addHandoffPhoto(
  db: Database,
  storage: PrivatePhotoStorage,
  viewer: Viewer,
  packageId: string,
  step: HandoffStep,
  upload: Buffer,
): Promise<void> {
  await checkedHandoff(db, viewer, packageId, step);
  const image = await toPackagePhoto(upload);
  const key = `${randomUUID()}.webp`;
  await storage.put(key, image.bytes, 'image/webp');
  try {
    await db.transaction(async (tx) => {
      // Under the package's lock, so the step cannot move on (or a second photo land) meanwhile.
      await checkedHandoff(tx, viewer, packageId, step, true);
      await tx.insert(handoffPhotos).values({
        packageId,
        step,
        storageKey: key,
        width: image.width,
        height: image.height,
        uploadedBy: viewer.id,
      });
    });
  } catch (err) {
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
}
