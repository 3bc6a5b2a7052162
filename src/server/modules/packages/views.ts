import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { handoffPhotos, packageEvents, packagePhotos } from '#server/db/schema/packages.ts';
import { conversations, reviews } from '#server/db/schema/requests.ts';
import type { Transaction } from '#server/db/transaction.ts';
import { orderedPair } from '#server/modules/chat/public.ts';
import type { PackageStatus } from '#shared/package-status.ts';
import {
  type HandoffPhoto,
  type HandoffStep,
  missingFields,
  type Package,
  type PackageEvent,
  type PackageView,
  privatePhotoUrl,
} from '#shared/packages.ts';
import type { Settings } from '#shared/settings.ts';
import { actionsFor, type Relation, readablePackage, type Viewer } from './access.ts';
import { draftOf, type PackageRow, type Person, photoOf, toPackage, toPublicPackage } from './mapping.ts';

type Reader = Database | Transaction;

async function personOf(db: Reader, id: string): Promise<Person> {
  const [row] = await db.select({ id: user.id, name: user.name, image: user.image }).from(user).where(eq(user.id, id));
  // The foreign key makes this impossible; a clear error beats a response that fails its schema.
  if (!row) throw new Error(`package party ${id} does not exist`);
  return row;
}

/**
 * The conversation between the sender and the current traveler (one per pair, whichever package
 * opened it), for those two only; an admin reaches conversations from the back office.
 */
async function conversationOf(db: Reader, row: PackageRow, relation: Relation): Promise<string | null> {
  if (!row.travelerId || (relation !== 'sender' && relation !== 'traveler')) return null;
  const { userA, userB } = orderedPair(row.senderId, row.travelerId);
  const [found] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.userA, userA), eq(conversations.userB, userB)));
  return found?.id ?? null;
}

const photosOf = async (db: Reader, packageId: string) =>
  (
    await db
      .select()
      .from(packagePhotos)
      .where(eq(packagePhotos.packageId, packageId))
      .orderBy(asc(packagePhotos.position), asc(packagePhotos.createdAt))
  ).map(photoOf);

/** The traveler's handover photos, pickup first; private, so their URLs go through the package. */
export async function handoffPhotosOf(db: Reader, packageId: string): Promise<HandoffPhoto[]> {
  const rows = await db
    .select()
    .from(handoffPhotos)
    .where(eq(handoffPhotos.packageId, packageId))
    .orderBy(asc(handoffPhotos.createdAt));
  return rows.map((row) => ({
    step: row.step as HandoffStep,
    url: privatePhotoUrl(packageId, row.storageKey),
    width: row.width,
    height: row.height,
    createdAt: row.createdAt.toISOString(),
  }));
}

async function timelineOf(db: Reader, packageId: string): Promise<PackageEvent[]> {
  const rows = await db
    .select({ event: packageEvents, actorName: user.name })
    .from(packageEvents)
    .leftJoin(user, eq(user.id, packageEvents.actorId))
    .where(eq(packageEvents.packageId, packageId))
    .orderBy(asc(packageEvents.createdAt));
  return rows.map(({ event, actorName }) => ({
    id: event.id,
    fromStatus: event.fromStatus as PackageStatus | null,
    toStatus: event.toStatus as PackageStatus,
    note: event.note,
    actor: event.actorId && actorName !== null ? { id: event.actorId, name: actorName } : null,
    createdAt: event.createdAt.toISOString(),
  }));
}

/** Whether the party viewing a completed package has written their review of it. */
async function hasReviewed(db: Reader, row: PackageRow, relation: Relation): Promise<boolean> {
  const authorId = relation === 'sender' ? row.senderId : relation === 'traveler' ? row.travelerId : null;
  if (row.status !== 'completed' || !authorId) return false;
  const [found] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.packageId, row.id), eq(reviews.authorId, authorId)));
  return Boolean(found);
}

/** For the traveler: the lock on the code due now, if one is in force. */
function codeLockOf(row: PackageRow): string | null {
  const until =
    row.status === 'matched' ? row.pickupLockedUntil : row.status === 'in_transit' ? row.deliveryLockedUntil : null;
  return until && until > new Date() ? until.toISOString() : null;
}

/** Everything about the package, for its sender, an admin or its traveler. */
export async function fullView(db: Reader, row: PackageRow, relation: Relation, settings: Settings): Promise<Package> {
  const [sender, traveler, conversationId, photos, timeline, reviewed, handoffs] = await Promise.all([
    personOf(db, row.senderId),
    row.travelerId ? personOf(db, row.travelerId) : null,
    conversationOf(db, row, relation),
    photosOf(db, row.id),
    timelineOf(db, row.id),
    hasReviewed(db, row, relation),
    handoffPhotosOf(db, row.id),
  ]);
  const view = toPackage(row, {
    sender,
    traveler,
    conversationId,
    photos,
    timeline,
    handoffPhotos: handoffs,
    actions: actionsFor(row, relation, {
      photoCount: photos.length,
      settings,
      reviewed,
      handoffSteps: handoffs.map((photo) => photo.step),
    }),
    missing: row.status === 'draft' ? missingFields(draftOf(row)) : [],
    settings,
  });
  return relation === 'traveler' ? { ...view, codeLockedUntil: codeLockOf(row) } : view;
}

/** The package as this viewer may see it: all of it, or only its public part. */
export async function viewPackage(db: Reader, id: string, viewer: Viewer, settings: Settings): Promise<PackageView> {
  const { row, relation } = await readablePackage(db, id, viewer);
  if (relation !== 'other') return fullView(db, row, relation, settings);
  const [sender, photos] = await Promise.all([personOf(db, row.senderId), photosOf(db, row.id)]);
  return toPublicPackage(row, { sender, photos });
}
