import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { packages } from '#server/db/schema/packages.ts';
import { disputeEvidence, disputeEvidencePhotos, disputes } from '#server/db/schema/requests.ts';
import type { Transaction } from '#server/db/transaction.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import { adminIds } from '#server/modules/notifications/public.ts';
import { handoffPhotosOf, transitionPackage, type Viewer, visiblePackage } from '#server/modules/packages/public.ts';
import { AppError } from '#shared/errors.ts';
import {
  type Dispute,
  type DisputeEvidence,
  type DisputePartyRole,
  disputeReasonLabel,
  type disputeReasons,
  EVIDENCE_MAX_PHOTOS,
  type OpenDispute,
} from '#shared/lifecycle.ts';
import { privatePhotoUrl } from '#shared/packages.ts';

// Disputes (docs/product.md §2, §5): either party, after pickup, when something went wrong. The package
// becomes disputed, and nothing moves its money until an administrator resolves it (resolve.ts):
// completion only takes a delivered package, and a disputed one is not.

type DisputeRow = typeof disputes.$inferSelect;
type Reason = (typeof disputeReasons)[number];

export const noDispute = () => new AppError('DISPUTE_NOT_FOUND');

type Reader = Database | Transaction;
export type DisputeViewerRole = DisputePartyRole | 'admin';
interface Parties {
  senderId: string;
  travelerId: string | null;
}

const roleOf = (parties: Parties, userId: string): DisputePartyRole =>
  userId === parties.senderId ? 'sender' : 'traveler';

/** How many photos this party has added to the dispute so far (docs/product.md §2.5: at most 5). */
export async function photosAddedBy(db: Reader, disputeId: string, authorId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(disputeEvidencePhotos)
    .innerJoin(disputeEvidence, eq(disputeEvidence.id, disputeEvidencePhotos.evidenceId))
    .where(and(eq(disputeEvidence.disputeId, disputeId), eq(disputeEvidence.authorId, authorId)));
  return row?.n ?? 0;
}

/** What the parties added, oldest first, each item with its photos in the order they were sent. */
async function evidenceOf(db: Reader, row: DisputeRow, parties: Parties): Promise<DisputeEvidence[]> {
  const items = await db
    .select({ item: disputeEvidence, authorName: user.name })
    .from(disputeEvidence)
    .leftJoin(user, eq(user.id, disputeEvidence.authorId))
    .where(eq(disputeEvidence.disputeId, row.id))
    .orderBy(asc(disputeEvidence.createdAt), asc(disputeEvidence.id));
  if (items.length === 0) return [];
  const photos = await db
    .select()
    .from(disputeEvidencePhotos)
    .where(
      inArray(
        disputeEvidencePhotos.evidenceId,
        items.map(({ item }) => item.id),
      ),
    )
    .orderBy(asc(disputeEvidencePhotos.position));
  return items.map(({ item, authorName }) => ({
    id: item.id,
    author: { id: item.authorId, name: authorName ?? 'Deleted member', role: roleOf(parties, item.authorId) },
    text: item.text,
    photos: photos
      .filter((photo) => photo.evidenceId === item.id)
      .map((photo) => ({
        url: privatePhotoUrl(row.packageId, photo.storageKey),
        width: photo.width,
        height: photo.height,
      })),
    createdAt: item.createdAt.toISOString(),
  }));
}

/**
 * The dispute as its timeline (docs/product.md §2.5): who opened it and why, the evidence, the
 * handover photos and the resolution, read by a party or an admin (`viewerRole`, admin by default:
 * the resolver's answer).
 */
export async function toDispute(
  db: Reader,
  row: DisputeRow,
  viewerRole: DisputeViewerRole = 'admin',
): Promise<Dispute> {
  const [parties] = await db
    .select({ senderId: packages.senderId, travelerId: packages.travelerId })
    .from(packages)
    .where(eq(packages.id, row.packageId));
  if (!parties) throw new Error(`dispute ${row.id} has no package`);
  const viewerId = viewerRole === 'sender' ? parties.senderId : viewerRole === 'traveler' ? parties.travelerId : null;
  const [opener] = await db.select({ id: user.id, name: user.name }).from(user).where(eq(user.id, row.openedBy));
  const [evidence, handoffPhotos, added] = await Promise.all([
    evidenceOf(db, row, parties),
    handoffPhotosOf(db, row.packageId),
    viewerId && row.status === 'open' ? photosAddedBy(db, row.id, viewerId) : EVIDENCE_MAX_PHOTOS,
  ]);
  return {
    id: row.id,
    packageId: row.packageId,
    openedBy: { ...(opener ?? { id: row.openedBy, name: 'Deleted member' }), role: roleOf(parties, row.openedBy) },
    reason: row.reason as Reason,
    details: row.details,
    status: row.status === 'resolved' ? 'resolved' : 'open',
    resolution: row.resolution === 'refund_sender' || row.resolution === 'release_traveler' ? row.resolution : null,
    resolutionNote: row.resolutionNote,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    evidence,
    handoffPhotos,
    viewerRole,
    photosLeft: Math.max(0, EVIDENCE_MAX_PHOTOS - added),
  };
}

/** The package's latest dispute, or none. */
export async function latestDispute(db: Reader, packageId: string, lock = false): Promise<DisputeRow | undefined> {
  const query = db
    .select()
    .from(disputes)
    .where(eq(disputes.packageId, packageId))
    .orderBy(desc(disputes.createdAt))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
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
    return toDispute(tx, created, relation);
  });
}

/**
 * GET /api/packages/{id}/dispute (and the admin API's read): the latest dispute with its evidence,
 * for the two parties and admins only; to anyone else it does not exist.
 */
export async function getDispute(db: Database, viewer: Viewer, packageId: string): Promise<Dispute> {
  const { relation } = await visiblePackage(db, packageId, viewer);
  if (relation === 'other') throw noDispute();
  const row = await latestDispute(db, packageId);
  if (!row) throw noDispute();
  return toDispute(db, row, relation);
}
