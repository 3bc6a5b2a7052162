import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { packagePhotos, packages } from '#server/db/schema/packages.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import type { PackagePhotoStorage } from '#server/providers/storage/package-photo-storage.ts';
import { AppError } from '#shared/errors.ts';
import {
  checkPackageRules,
  type Package,
  type PackageDraft,
  type PackageListQuery,
  type PackagePage,
  type PackageView,
} from '#shared/packages.ts';
import { senderDraft, type Viewer, visiblePackage } from './access.ts';
import { listPackages as listPage } from './list.ts';
import { columnsOf, draftOf } from './mapping.ts';
import { recordEvent, transitionPackage } from './transitions.ts';
import { fullView, viewPackage } from './views.ts';

// Packages (docs/product.md §2): drafts are created, edited and deleted by their sender; every
// write checks the contract's rules over the package as it would be stored, with the settings in
// force, and writes nothing when one fails.

/** 400 naming each field that breaks a rule; the same messages the web form shows. */
function assertRules(draft: PackageDraft, settings: Parameters<typeof checkPackageRules>[1]) {
  const fields = checkPackageRules(draft, settings);
  if (Object.keys(fields).length > 0) {
    throw new AppError('VALIDATION_FAILED', { fields, detail: 'Some fields break the package rules.' });
  }
}

export async function createPackage(
  db: Database,
  store: SettingsStore,
  viewer: Viewer,
  input: PackageDraft & { title: string },
): Promise<Package> {
  const settings = await store.current();
  assertRules(input, settings);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(packages)
      .values({
        ...columnsOf(input),
        title: input.title,
        senderId: viewer.id,
        currency: input.currency ?? settings.currency,
      })
      .returning();
    if (!created) throw new Error('insert returned no package');
    // The first line of the timeline: from nothing to draft.
    await recordEvent(tx, { packageId: created.id, from: null, to: 'draft', actorId: viewer.id, note: null });
    return created;
  });
  return fullView(db, row, 'sender', settings);
}

export async function updatePackage(
  db: Database,
  store: SettingsStore,
  viewer: Viewer,
  id: string,
  change: PackageDraft,
): Promise<Package> {
  const settings = await store.current();
  const row = await db.transaction(async (tx) => {
    const draft = await senderDraft(tx, id, viewer, true);
    assertRules({ ...draftOf(draft), ...change }, settings);
    const columns = columnsOf(change);
    if (Object.keys(columns).length === 0) return draft;
    const [updated] = await tx
      .update(packages)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(packages.id, id))
      .returning();
    return updated ?? draft;
  });
  return fullView(db, row, 'sender', settings);
}

/** A draft only: nothing was paid, so nothing needs keeping. Its photos go with it. */
export async function deletePackage(db: Database, storage: PackagePhotoStorage, viewer: Viewer, id: string) {
  const keys = await db.transaction(async (tx) => {
    await senderDraft(tx, id, viewer, true);
    const photos = await tx
      .select({ key: packagePhotos.storageKey })
      .from(packagePhotos)
      .where(eq(packagePhotos.packageId, id));
    // Photos and timeline rows go by the foreign keys' cascade.
    await tx.delete(packages).where(eq(packages.id, id));
    return photos.map((p) => p.key);
  });
  // After the commit: a rolled-back delete must not lose the files. A file left behind by a crash
  // here is linked from nowhere.
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
}

export async function getPackage(db: Database, store: SettingsStore, viewer: Viewer, id: string): Promise<PackageView> {
  return viewPackage(db, id, viewer, await store.current());
}

export async function listMyPackages(
  db: Database,
  store: SettingsStore,
  viewer: Viewer,
  query: PackageListQuery,
): Promise<PackagePage> {
  return listPage(db, viewer, query, await store.current());
}

/** Cancelling a paid package refunds it; the payments module does both. */
export type PaidCancellation = (input: { packageId: string; actorId: string; asAdmin: boolean }) => Promise<void>;

/** Statuses that have been paid for: cancelling one refunds it and undoes its match. */
const paidStatuses: readonly string[] = ['open', 'matched', 'in_transit', 'delivered'];

/**
 * docs/product.md §2: the sender cancels a draft, an open or a matched package. A draft has no money; a
 * paid one goes through `cancelPaid`, which checks who may, refunds per the policy and undoes the match
 * in the same step. Administrators cancel from the back office, with a reason that goes in the audit
 * log (POST /api/admin/packages/{id}/cancel, ADR 0044): never through this members' path.
 */
export async function cancelPackage(
  db: Database,
  store: SettingsStore,
  viewer: Viewer,
  id: string,
  cancelPaid?: PaidCancellation,
): Promise<Package> {
  const settings = await store.current();
  const found = await visiblePackage(db, id, viewer);
  if (found.relation !== 'sender') {
    throw new AppError('PACKAGE_SENDER_ONLY', { detail: 'Only the sender can cancel this package.' });
  }
  if (paidStatuses.includes(found.row.status) && cancelPaid) {
    await cancelPaid({ packageId: id, actorId: viewer.id, asAdmin: false });
    const after = await visiblePackage(db, id, viewer);
    return fullView(db, after.row, after.relation, settings);
  }
  const { row, relation } = await db.transaction(async (tx) => {
    const locked = await visiblePackage(tx, id, viewer, true);
    if (paidStatuses.includes(locked.row.status)) {
      throw new AppError('PAID_PACKAGE_NOT_CANCELLABLE');
    }
    const cancelled = await transitionPackage(tx, {
      packageId: id,
      to: 'cancelled',
      actorId: viewer.id,
      note: 'Cancelled by the sender',
    });
    return { row: cancelled, relation: locked.relation };
  });
  return fullView(db, row, relation, settings);
}
