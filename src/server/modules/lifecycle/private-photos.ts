import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { handoffPhotos } from '#server/db/schema/packages.ts';
import { disputeEvidence, disputeEvidencePhotos, disputes } from '#server/db/schema/requests.ts';
import { type Viewer, visiblePackage } from '#server/modules/packages/public.ts';
import type { StoredObject } from '#server/providers/storage/avatar-storage.ts';
import type { PrivatePhotoStorage } from '#server/providers/storage/private-photo-storage.ts';
import { AppError } from '#shared/errors.ts';

// Unlike a listing photo, whose random URL is its permission, a handover or evidence photo is shown
// only to the package's two parties and admins (docs/product.md §2.5): each read checks who asks and
// that the key is one of this package's, and answers the same 404 otherwise.

const noPhoto = () => new AppError('PACKAGE_PHOTO_NOT_FOUND');

async function belongsTo(db: Database, packageId: string, key: string): Promise<boolean> {
  const [handoff] = await db
    .select({ id: handoffPhotos.id })
    .from(handoffPhotos)
    .where(and(eq(handoffPhotos.packageId, packageId), eq(handoffPhotos.storageKey, key)));
  if (handoff) return true;
  const [evidence] = await db
    .select({ id: disputeEvidencePhotos.id })
    .from(disputeEvidencePhotos)
    .innerJoin(disputeEvidence, eq(disputeEvidence.id, disputeEvidencePhotos.evidenceId))
    .innerJoin(disputes, eq(disputes.id, disputeEvidence.disputeId))
    .where(and(eq(disputes.packageId, packageId), eq(disputeEvidencePhotos.storageKey, key)));
  return Boolean(evidence);
}

/** GET /api/packages/{id}/private-photos/{key}: the bytes, for a party or an admin of that package. */
export async function readPrivatePhoto(
  db: Database,
  storage: PrivatePhotoStorage,
  viewer: Viewer,
  packageId: string,
  key: string,
): Promise<StoredObject> {
  const { relation } = await visiblePackage(db, packageId, viewer).catch(() => {
    throw noPhoto();
  });
  if (relation === 'other' || !(await belongsTo(db, packageId, key))) throw noPhoto();
  const stored = await storage.get(key);
  if (!stored) throw noPhoto();
  return stored;
}
