import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { packages } from '#server/db/schema/packages.ts';
import { requests } from '#server/db/schema/requests.ts';
import type { Transaction } from '#server/db/transaction.ts';
import type { Notify } from '#server/modules/notifications/public.ts';

/** Still open: waiting for an answer, or agreed and waiting for the sender's payment of the difference. */
const open = ['pending', 'agreed'];

/**
 * docs/product.md §4: a pending (or agreed, §4.5) request expires when its package leaves `open` (cancelled, expired; a
 * match declines them instead). Runs in the caller's transaction, after the package has moved; each
 * traveler concerned hears of it. Returns how many expired; none while the package is still open.
 */
export async function expirePendingRequestsOf(tx: Transaction, notify: Notify, packageId: string): Promise<number> {
  const [pkg] = await tx
    .select({ status: packages.status, title: packages.title })
    .from(packages)
    .where(eq(packages.id, packageId));
  if (!pkg || pkg.status === 'open') return 0;
  const now = new Date();
  const expired = await tx
    .update(requests)
    .set({ status: 'expired', updatedAt: now, respondedAt: now, closedBy: 'system' })
    .where(and(eq(requests.packageId, packageId), inArray(requests.status, open)))
    .returning({ id: requests.id, travelerId: requests.travelerId, startedBy: requests.startedBy });
  for (const request of expired) {
    await notify({
      userId: request.travelerId,
      type: 'request_expired',
      title: 'Request expired',
      body:
        request.startedBy === 'traveler'
          ? `Your offer to carry "${pkg.title}" expired: the package is no longer looking for a traveler.`
          : `The invitation to carry "${pkg.title}" expired: the package is no longer looking for a traveler.`,
      link: '/user/packages/requests',
      data: { requestId: request.id, packageId },
    });
  }
  return expired.length;
}

/**
 * Before a trip is cancelled: locks the packages its pending requests are for, in id order. Writers
 * that lock a package, its requests and a trip take them in that order (see answer.ts), so locking
 * the packages first keeps a cancellation and an acceptance from waiting on each other.
 */
export async function lockPackagesWithPendingRequestsOn(tx: Transaction, planId: string): Promise<void> {
  await tx
    .select({ id: packages.id })
    .from(packages)
    .innerJoin(requests, eq(requests.packageId, packages.id))
    .where(and(eq(requests.travelPlanId, planId), inArray(requests.status, open)))
    .orderBy(asc(packages.id))
    .for('update', { of: packages });
}

/**
 * A trip its traveler cancelled can carry nothing, so its pending requests end in the same
 * transaction, each as its own side would have ended it: the traveler's offers withdrawn, the
 * senders' invitations declined. Each sender concerned is told. Call it with the trip locked, so no
 * request can be added behind it. Returns how many ended.
 */
export async function closePendingRequestsOfPlan(tx: Transaction, notify: Notify, planId: string): Promise<number> {
  const now = new Date();
  const ended = await tx
    .update(requests)
    .set({
      status: sql`case when ${requests.startedBy} = 'traveler' then 'withdrawn' else 'declined' end`,
      updatedAt: now,
      respondedAt: now,
      closedBy: 'system',
    })
    .where(and(eq(requests.travelPlanId, planId), inArray(requests.status, open)))
    .returning({ id: requests.id, packageId: requests.packageId, startedBy: requests.startedBy });
  for (const request of ended) {
    const [pkg] = await tx
      .select({ senderId: packages.senderId, title: packages.title })
      .from(packages)
      .where(eq(packages.id, request.packageId));
    if (!pkg) continue;
    const offered = request.startedBy === 'traveler';
    await notify({
      userId: pkg.senderId,
      type: offered ? 'request_withdrawn' : 'request_declined',
      title: offered ? 'Request withdrawn' : 'Request declined',
      body: offered
        ? `The traveler cancelled their trip, so their offer to carry "${pkg.title}" was withdrawn.`
        : `The traveler cancelled their trip, so your invitation to carry "${pkg.title}" was declined.`,
      link: '/user/packages/requests',
      data: { requestId: request.id, packageId: request.packageId },
    });
  }
  return ended.length;
}

/**
 * A trip that has left can pick nothing up (matching and fit.ts refuse it), so its pending requests
 * expire, whoever started them: nobody declined or withdrew, time ran out, as for a package that left
 * `open` (ADR 0024). Each sender concerned is told, since they are the one who must find another
 * traveler. Call it with the trip locked and, before it, the packages of its pending requests
 * (lockPackagesWithPendingRequestsOn). Returns how many expired.
 */
export async function expirePendingRequestsOfPlan(tx: Transaction, notify: Notify, planId: string): Promise<number> {
  const now = new Date();
  const expired = await tx
    .update(requests)
    .set({ status: 'expired', updatedAt: now, respondedAt: now, closedBy: 'system' })
    .where(and(eq(requests.travelPlanId, planId), inArray(requests.status, open)))
    .returning({ id: requests.id, packageId: requests.packageId, startedBy: requests.startedBy });
  for (const request of expired) {
    const [pkg] = await tx
      .select({ senderId: packages.senderId, title: packages.title })
      .from(packages)
      .where(eq(packages.id, request.packageId));
    if (!pkg) continue;
    await notify({
      userId: pkg.senderId,
      type: 'request_expired',
      title: 'Request expired',
      body:
        request.startedBy === 'traveler'
          ? `The traveler's trip left before the offer to carry "${pkg.title}" was accepted, so it expired. Look for another traveler.`
          : `The trip you invited left before the traveler answered, so your invitation to carry "${pkg.title}" expired. Look for another traveler.`,
      link: '/user/packages/requests',
      data: { requestId: request.id, packageId: request.packageId },
    });
  }
  return expired.length;
}
