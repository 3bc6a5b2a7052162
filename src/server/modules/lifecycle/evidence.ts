import { randomUUID } from 'node:crypto';
import type { Database } from '#server/db/client.ts';
import { disputeEvidence, disputeEvidencePhotos } from '#server/db/schema/requests.ts';
import type { Transaction } from '#server/db/transaction.ts';
import type { Notifier, Notify } from '#server/modules/notifications/public.ts';
import { adminIds } from '#server/modules/notifications/public.ts';
import { type PackageRow, toPackagePhoto, type Viewer, visiblePackage } from '#server/modules/packages/public.ts';
import type { PrivatePhotoStorage } from '#server/providers/storage/private-photo-storage.ts';
import { AppError } from '#shared/errors.ts';
import { type Dispute, EVIDENCE_MAX_PHOTOS } from '#shared/lifecycle.ts';
import { latestDispute, noDispute, photosAddedBy, toDispute } from './disputes.ts';

// Evidence (docs/product.md §2.5): while a dispute is open, the sender and the traveler each add
// what they have, words and up to 5 photos in all per party, and the other side and the admins hear
// of it. Once resolved, the timeline is closed.

export interface NewEvidence {
  text?: string | undefined;
  /** The uploaded files as sent, checked and re-encoded here. */
  uploads: Buffer[];
}

/** The party adding evidence, and the dispute it goes to; every refusal before any image work. */
async function checkedDispute(
  db: Database | Transaction,
  viewer: Viewer,
  packageId: string,
  photos: number,
  lock = false,
) {
  const { row, relation } = await visiblePackage(db, packageId, viewer, lock);
  if (relation === 'other') throw noDispute();
  if (relation !== 'sender' && relation !== 'traveler') throw new AppError('EVIDENCE_PARTIES_ONLY');
  const dispute = await latestDispute(db, packageId, lock);
  if (!dispute) throw noDispute();
  if (dispute.status !== 'open') throw new AppError('DISPUTE_CLOSED');
  if (photos > 0 && (await photosAddedBy(db, dispute.id, viewer.id)) + photos > EVIDENCE_MAX_PHOTOS) {
    throw new AppError('EVIDENCE_PHOTO_LIMIT', { params: { max: EVIDENCE_MAX_PHOTOS } });
  }
  return { pkg: row, relation, dispute };
}

/** POST /api/packages/{id}/dispute/evidence: one item of words, photos or both, by a party. */
export async function addEvidence(
  db: Database,
  notifier: Notifier,
  storage: PrivatePhotoStorage,
  viewer: Viewer,
  packageId: string,
  input: NewEvidence,
): Promise<Dispute> {
  if (!input.text && input.uploads.length === 0) throw new AppError('EVIDENCE_EMPTY');
  await checkedDispute(db, viewer, packageId, input.uploads.length);
  const images = [];
  for (const upload of input.uploads) images.push(await toPackagePhoto(upload));
  const stored = images.map((image) => ({ ...image, key: `${randomUUID()}.webp` }));
  await Promise.all(stored.map((image) => storage.put(image.key, image.bytes, 'image/webp')));
  try {
    return await notifier.transaction(db, async (tx, notify) => {
      // Under the package's lock, which resolving takes too: evidence lands before a resolution or
      // is refused after it, and two uploads at once cannot both take the last photo places.
      const { pkg, relation, dispute } = await checkedDispute(tx, viewer, packageId, stored.length, true);
      const [item] = await tx
        .insert(disputeEvidence)
        .values({ disputeId: dispute.id, authorId: viewer.id, text: input.text ?? null })
        .returning();
      if (!item) throw new Error('evidence insert returned nothing');
      if (stored.length > 0) {
        await tx.insert(disputeEvidencePhotos).values(
          stored.map((image, position) => ({
            evidenceId: item.id,
            storageKey: image.key,
            width: image.width,
            height: image.height,
            position,
          })),
        );
      }
      await tellTheOthers(tx, notify, pkg, relation, dispute.id);
      return toDispute(tx, dispute, relation);
    });
  } catch (err) {
    // Nothing points at the stored files unless the transaction committed.
    await Promise.all(stored.map((image) => storage.delete(image.key).catch(() => undefined)));
    throw err;
  }
}

/** The other party and the admins (not a party among them) hear that there is more to read. */
async function tellTheOthers(
  tx: Transaction,
  notify: Notify,
  pkg: PackageRow,
  relation: 'sender' | 'traveler',
  disputeId: string,
) {
  const message = {
    type: 'dispute_evidence_added' as const,
    title: 'New evidence in a dispute',
    body: `The ${relation} added evidence to the dispute on "${pkg.title}".`,
    data: { packageId: pkg.id, disputeId },
  };
  const otherId = relation === 'sender' ? pkg.travelerId : pkg.senderId;
  if (otherId) await notify({ ...message, userId: otherId, link: `/user/packages/${pkg.id}` });
  for (const adminId of await adminIds(tx)) {
    if (adminId === pkg.senderId || adminId === pkg.travelerId) continue;
    await notify({ ...message, userId: adminId, link: `/admin/packages/${pkg.id}` });
  }
}
