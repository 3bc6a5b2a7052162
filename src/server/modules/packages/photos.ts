import { randomUUID } from 'node:crypto';
import { and, count, eq, max } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { packagePhotos, packages } from '#server/db/schema/packages.ts';
import type { Transaction } from '#server/db/transaction.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import type { PackagePhotoStorage } from '#server/providers/storage/package-photo-storage.ts';
import { AppError } from '#shared/errors.ts';
import type { Package } from '#shared/packages.ts';
import type { Settings } from '#shared/settings.ts';
import { senderDraft, type Viewer } from './access.ts';
import type { PackageRow } from './mapping.ts';
import { toPackagePhoto } from './photo-image.ts';
import { fullView } from './views.ts';

// Photos of a draft (docs/product.md §2: up to 5, a setting): added one per request, removed one by
// one, and put in the sender's order (the first is the one lists show).

async function assertRoom(db: Database | Transaction, packageId: string, settings: Settings) {
  const [row] = await db.select({ n: count() }).from(packagePhotos).where(eq(packagePhotos.packageId, packageId));
  if ((row?.n ?? 0) >= settings.maxPhotos) {
    throw new AppError('VALIDATION_FAILED', {
      detail: `A package can have at most ${settings.maxPhotos} photos.`,
      fields: { photo: [`Remove a photo first: at most ${settings.maxPhotos} per package`] },
    });
  }
}

export async function addPhoto(
  db: Database,
  storage: PackagePhotoStorage,
  store: SettingsStore,
  viewer: Viewer,
  packageId: string,
  upload: Buffer,
): Promise<Package> {
  const settings = await store.current();
  // Checked before the image work, so a refused upload costs no resizing.
  await senderDraft(db, packageId, viewer);
  await assertRoom(db, packageId, settings);
  const image = await toPackagePhoto(upload);
  const key = `${randomUUID()}.webp`;
  await storage.put(key, image.bytes, 'image/webp');
  let row: PackageRow;
  try {
    row = await db.transaction(async (tx) => {
      // Under the package's lock, so two uploads at once cannot both take the last free place.
      const draft = await senderDraft(tx, packageId, viewer, true);
      await assertRoom(tx, packageId, settings);
      const [last] = await tx
        .select({ position: max(packagePhotos.position) })
        .from(packagePhotos)
        .where(eq(packagePhotos.packageId, packageId));
      await tx.insert(packagePhotos).values({
        packageId,
        storageKey: key,
        width: image.width,
        height: image.height,
        position: (last?.position ?? -1) + 1,
      });
      const [updated] = await tx
        .update(packages)
        .set({ updatedAt: new Date() })
        .where(eq(packages.id, packageId))
        .returning();
      return updated ?? draft;
    });
  } catch (err) {
    // Nothing points at the stored file unless the transaction committed.
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
  return fullView(db, row, 'sender', settings);
}

export async function deletePhoto(
  db: Database,
  storage: PackagePhotoStorage,
  store: SettingsStore,
  viewer: Viewer,
  packageId: string,
  photoId: string,
): Promise<Package> {
  const settings = await store.current();
  const { row, key } = await db.transaction(async (tx) => {
    const draft = await senderDraft(tx, packageId, viewer, true);
    const [photo] = await tx
      .delete(packagePhotos)
      .where(and(eq(packagePhotos.id, photoId), eq(packagePhotos.packageId, packageId)))
      .returning({ key: packagePhotos.storageKey });
    if (!photo) throw new AppError('PACKAGE_PHOTO_NOT_FOUND');
    const [updated] = await tx
      .update(packages)
      .set({ updatedAt: new Date() })
      .where(eq(packages.id, packageId))
      .returning();
    return { row: updated ?? draft, key: photo.key };
  });
  // After the commit, so a rolled-back removal keeps its file; best effort, as nothing links to it now.
  await storage.delete(key).catch(() => undefined);
  return fullView(db, row, 'sender', settings);
}

/** The draft's photos in the order given, which must name each of them once and nothing else. */
export async function reorderPhotos(
  db: Database,
  store: SettingsStore,
  viewer: Viewer,
  packageId: string,
  photoIds: string[],
): Promise<Package> {
  const settings = await store.current();
  const row = await db.transaction(async (tx) => {
    // Under the package's lock, so an upload or a removal cannot slip between the check and the writes.
    const draft = await senderDraft(tx, packageId, viewer, true);
    const stored = await tx
      .select({ id: packagePhotos.id })
      .from(packagePhotos)
      .where(eq(packagePhotos.packageId, packageId));
    const ids = new Set(stored.map((photo) => photo.id));
    if (photoIds.length !== ids.size || photoIds.some((id) => !ids.has(id))) {
      throw new AppError('VALIDATION_FAILED', {
        detail: 'The order must list every photo of this package once, and no other.',
        fields: { photoIds: [`List each of this package's ${ids.size} photos once`] },
      });
    }
    for (const [position, id] of photoIds.entries()) {
      await tx.update(packagePhotos).set({ position }).where(eq(packagePhotos.id, id));
    }
    const [updated] = await tx
      .update(packages)
      .set({ updatedAt: new Date() })
      .where(eq(packages.id, packageId))
      .returning();
    return updated ?? draft;
  });
  return fullView(db, row, 'sender', settings);
}
