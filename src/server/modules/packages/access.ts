import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { packages } from '#server/db/schema/packages.ts';
import { requests } from '#server/db/schema/requests.ts';
import type { Transaction } from '#server/db/transaction.ts';
import { isAdmin } from '#server/modules/auth/service.ts';
import { AppError } from '#shared/errors.ts';
import type { HandoffStep, PackageAction, PackageDraft } from '#shared/packages.ts';
import { checkPackageRules, missingFields } from '#shared/packages.ts';
import type { Settings } from '#shared/settings.ts';
import { draftOf, type PackageRow } from './mapping.ts';

// Who may see and do what with a package (docs/product.md §1–2): the sender, an admin and the
// traveler carrying it see everything; any other member sees the public part of an open package,
// and a traveler who has had a request on it keeps seeing that part whatever becomes of it; a draft
// is the sender's own and, to anyone else, does not exist.

export interface Viewer {
  id: string;
  role: string;
}

export type Relation = 'sender' | 'traveler' | 'admin' | 'other';

/** A party before an admin: an administrator who carries a package acts on it as its traveler. */
export function relationOf(row: Pick<PackageRow, 'senderId' | 'travelerId'>, viewer: Viewer): Relation {
  if (row.senderId === viewer.id) return 'sender';
  if (row.travelerId === viewer.id) return 'traveler';
  if (isAdmin(viewer)) return 'admin';
  return 'other';
}

/**
 * Whether the viewer may learn that the package exists at all: what the actions check before they
 * answer 403 to the wrong person. Reading it asks more of a stranger (readablePackage).
 */
export const canSee = (row: Pick<PackageRow, 'status'>, relation: Relation) =>
  relation !== 'other' || row.status !== 'draft';

export const notFound = () => new AppError('PACKAGE_NOT_FOUND');

/** The package, or 404 when there is none or the viewer may not know of it (never 403: that would tell). */
export async function visiblePackage(db: Database | Transaction, id: string, viewer: Viewer, lock = false) {
  const query = db.select().from(packages).where(eq(packages.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  const relation = relationOf(row, viewer);
  if (!canSee(row, relation)) throw notFound();
  return { row, relation };
}

async function hadRequest(db: Database | Transaction, packageId: string, travelerId: string) {
  const [found] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.packageId, packageId), eq(requests.travelerId, travelerId)))
    .limit(1);
  return Boolean(found);
}

/**
 * The package for reading, or the same 404 as for none. Its parties and an admin read any of it; the
 * public part of an open package is every member's, as they look for something to carry; past open
 * it is only for the travelers who asked or were asked to carry it (any request, answered or not),
 * so the links on their requests page keep working.
 */
export async function readablePackage(db: Database | Transaction, id: string, viewer: Viewer) {
  const found = await visiblePackage(db, id, viewer);
  const { row, relation } = found;
  if (relation === 'other' && row.status !== 'open' && !(await hadRequest(db, row.id, viewer.id))) throw notFound();
  return found;
}

/** Editing, deleting and photos: the sender's own draft only. */
export async function senderDraft(db: Database | Transaction, id: string, viewer: Viewer, lock = false) {
  const found = await visiblePackage(db, id, viewer, lock);
  if (found.relation !== 'sender') throw new AppError('PACKAGE_SENDER_ONLY');
  if (found.row.status !== 'draft') {
    throw new AppError('PACKAGE_NOT_DRAFT', { detail: `This package is ${found.row.status}.` });
  }
  return found.row;
}

/** What this viewer may do with the package now, for the buttons on its page. */
export function actionsFor(
  row: PackageRow,
  relation: Relation,
  context: { photoCount: number; settings: Settings; reviewed?: boolean; handoffSteps?: HandoffStep[] },
): PackageAction[] {
  if (row.status !== 'draft') {
    const actions = lifecycleActions(row, relation, context.reviewed ?? false);
    const step = relation === 'traveler' ? handoffPhotoDue(row.status) : null;
    if (step && !context.handoffSteps?.includes(step)) {
      actions.push(step === 'pickup' ? 'add_pickup_photo' : 'add_delivery_photo');
    }
    return actions;
  }
  if (relation !== 'sender') return [];
  const actions: PackageAction[] = ['edit', 'delete', 'cancel'];
  if (readyToPay(draftOf(row), context.settings)) actions.push('pay');
  if (context.photoCount < context.settings.maxPhotos) actions.push('add_photos');
  return actions;
}

/**
 * The handover a traveler may photograph now (docs/product.md §2.4): the one just made, so the
 * pickup while in transit and the delivery once delivered; none before it or once anything else
 * happens (a dispute has its own evidence).
 */
export function handoffPhotoDue(status: string): HandoffStep | null {
  if (status === 'in_transit') return 'pickup';
  if (status === 'delivered') return 'delivery';
  return null;
}

const readyToPay = (draft: PackageDraft, settings: Settings) =>
  missingFields(draft).length === 0 && Object.keys(checkPackageRules(draft, settings)).length === 0;

/**
 * After publication (docs/product.md §2). Cancelling refunds per the policy (§5): the sender
 * before pickup; an admin any time before completion, from the back office (not an action here). The codes: the sender shows them, the traveler
 * types them. Either party disputes after pickup; the sender confirms a delivery; each reviews once.
 */
function lifecycleActions(row: PackageRow, relation: Relation, reviewed: boolean): PackageAction[] {
  const actions: PackageAction[] = [];
  const party = relation === 'sender' || relation === 'traveler';
  switch (row.status) {
    case 'open':
      if (relation === 'sender') actions.push('cancel');
      break;
    case 'matched':
      if (relation === 'sender') actions.push('show_codes', 'send_delivery_code', 'cancel');
      if (relation === 'traveler') actions.push('enter_pickup_code', 'withdraw_as_traveler');
      break;
    case 'in_transit':
      if (relation === 'sender') actions.push('show_codes', 'send_delivery_code');
      if (relation === 'traveler') actions.push('enter_delivery_code');
      if (party) actions.push('open_dispute');
      break;
    case 'delivered':
      if (relation === 'sender') actions.push('confirm_delivery');
      if (party) actions.push('open_dispute');
      break;
    case 'disputed':
      if (relation === 'admin') actions.push('resolve_dispute');
      break;
    case 'completed':
      if (party && !reviewed) actions.push('review');
      break;
  }
  return actions;
}
