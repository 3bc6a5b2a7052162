import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { conversations, disputes, requests } from '#server/db/schema/requests.ts';
import { listEntries, listPayments } from '#server/modules/admin-money/public.ts';
import { orderedPair } from '#server/modules/chat/public.ts';
import { disputeView } from '#server/modules/lifecycle/public.ts';
import type { Viewer } from '#server/modules/packages/public.ts';
import { getPackage } from '#server/modules/packages/service.ts';
import { refundPolicy } from '#server/modules/payments/public.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import type { AdminPayment } from '#shared/admin-money.ts';
import type {
  AdminCancellation,
  AdminDispute,
  AdminPackageDetail,
  AdminPackageRequest,
  AdminTimelineItem,
} from '#shared/admin-packages.ts';
import { AppError } from '#shared/errors.ts';
import { disputeReasonLabel, type disputeReasons } from '#shared/lifecycle.ts';
import type { PackageStatus } from '#shared/package-status.ts';
import type { Package } from '#shared/packages.ts';
import type { RequestStarter, RequestStatus } from '#shared/requests.ts';

// One package's whole record for the back office (docs/product.md §8): what its sender sees, plus its
// payments and their journal entries, every request made for it, the timeline with its disputes, and
// what a cancellation would refund now. It reads packages, payments, the journal and chat, so it
// lives apart from each of them (the modules depend one way only).

/** A package's journal and payments fit one page: a few checkouts, a handful of entries each. */
const ALL = 100;

const opener = alias(user, 'opener');
const resolver = alias(user, 'resolver');

const resolutionLabel = { refund_sender: 'refund the sender', release_traveler: 'release to the traveler' } as const;

/** The payment that went through and may still hold money: the newest succeeded or partly refunded one. */
const heldPaymentOf = (payments: AdminPayment[]) =>
  payments.find((p) => p.status === 'succeeded' || p.status === 'partially_refunded');

const cancellable: readonly PackageStatus[] = ['draft', 'open', 'matched', 'in_transit', 'delivered'];

function cancellationOf(pkg: Package, payment: AdminPayment | undefined): AdminCancellation | null {
  if (!cancellable.includes(pkg.status)) return null;
  const policy = payment ? refundPolicy(pkg.status, payment) : null;
  return { refund: policy?.refund ?? 0, keptFee: policy?.keptFee ?? 0, currency: payment?.currency ?? pkg.currency };
}

async function requestsOf(db: Database, packageId: string): Promise<AdminPackageRequest[]> {
  const rows = await db
    .select({ request: requests, traveler: { id: user.id, name: user.name } })
    .from(requests)
    .innerJoin(user, eq(user.id, requests.travelerId))
    .where(eq(requests.packageId, packageId))
    .orderBy(asc(requests.createdAt), asc(requests.id));
  return rows.map(({ request, traveler }) => ({
    id: request.id,
    status: request.status as RequestStatus,
    startedBy: request.startedBy as RequestStarter,
    traveler,
    travelPlanId: request.travelPlanId,
    message: request.message,
    createdAt: request.createdAt.toISOString(),
    respondedAt: request.respondedAt?.toISOString() ?? null,
  }));
}

async function disputesOf(db: Database, packageId: string) {
  return db
    .select({
      row: disputes,
      opener: { id: opener.id, name: opener.name },
      resolver: { id: resolver.id, name: resolver.name },
    })
    .from(disputes)
    .leftJoin(opener, eq(opener.id, disputes.openedBy))
    .leftJoin(resolver, eq(resolver.id, disputes.resolvedBy))
    .where(eq(disputes.packageId, packageId))
    .orderBy(asc(disputes.createdAt), asc(disputes.id));
}

type DisputeResult = Awaited<ReturnType<typeof disputesOf>>[number];
const personOf = (p: { id: string | null; name: string | null } | null) =>
  p?.id && p.name !== null ? { id: p.id, name: p.name } : null;

/** The dispute as its parties see it (evidence, hand-off photos), plus who resolved it and what is held. */
async function toAdminDispute(
  db: Database,
  d: DisputeResult,
  held: number,
  pkg: Package,
  payment?: AdminPayment,
): Promise<AdminDispute> {
  return {
    ...(await disputeView(db, d.row, 'admin')),
    resolvedBy: personOf(d.resolver),
    held,
    currency: payment?.currency ?? pkg.currency,
  };
}

/** The status changes and the disputes' openings and resolutions, oldest first. */
function timelineOf(pkg: Package, found: DisputeResult[]): AdminTimelineItem[] {
  const items: AdminTimelineItem[] = pkg.timeline.map((event) => ({
    id: event.id,
    kind: 'status',
    at: event.createdAt,
    actor: event.actor,
    fromStatus: event.fromStatus,
    toStatus: event.toStatus,
    note: event.note,
  }));
  for (const d of found) {
    const reason = disputeReasonLabel[d.row.reason as (typeof disputeReasons)[number]] ?? d.row.reason;
    items.push({
      id: `${d.row.id}:opened`,
      kind: 'dispute_opened',
      at: d.row.createdAt.toISOString(),
      actor: personOf(d.opener),
      fromStatus: null,
      toStatus: null,
      note: `${reason}: ${d.row.details}`,
    });
    if (d.row.resolvedAt) {
      const resolution = d.row.resolution as keyof typeof resolutionLabel | null;
      items.push({
        id: `${d.row.id}:resolved`,
        kind: 'dispute_resolved',
        at: d.row.resolvedAt.toISOString(),
        actor: personOf(d.resolver),
        fromStatus: null,
        toStatus: null,
        note: [resolution ? `Resolved: ${resolutionLabel[resolution]}` : 'Resolved', d.row.resolutionNote]
          .filter(Boolean)
          .join('. '),
      });
    }
  }
  return items.sort((a, b) => a.at.localeCompare(b.at));
}

async function hasConversation(db: Database, pkg: Package): Promise<boolean> {
  if (!pkg.traveler) return false;
  const { userA, userB } = orderedPair(pkg.sender.id, pkg.traveler.id);
  const [found] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.userA, userA), eq(conversations.userB, userB)));
  return Boolean(found);
}

export async function getAdminPackage(
  db: Database,
  settings: SettingsStore,
  admin: Viewer,
  id: string,
): Promise<AdminPackageDetail> {
  const view = await getPackage(db, settings, admin, id);
  // An administrator sees all of every package (docs/product.md §2.6).
  if (view.visibility !== 'full') throw new AppError('PACKAGE_NOT_FOUND');
  const [paymentPage, ledgerPage, requestList, disputeList, conversation] = await Promise.all([
    listPayments(db, { packageId: id, limit: ALL, sort: '-created' }),
    listEntries(db, { packageId: id, limit: ALL }),
    requestsOf(db, id),
    disputesOf(db, id),
    hasConversation(db, view),
  ]);
  const payment = heldPaymentOf(paymentPage.items);
  const held = payment ? payment.amount - payment.refundedAmount : 0;
  const latest = disputeList.at(-1);
  return {
    package: view,
    payments: paymentPage.items,
    ledger: ledgerPage.items,
    requests: requestList,
    timeline: timelineOf(view, disputeList),
    dispute: latest ? await toAdminDispute(db, latest, held, view, payment) : null,
    cancellation: cancellationOf(view, payment),
    hasConversation: conversation,
  };
}
