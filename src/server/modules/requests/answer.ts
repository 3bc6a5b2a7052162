import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { packages } from '#server/db/schema/packages.ts';
import { conversations, requests } from '#server/db/schema/requests.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import type { Transaction } from '#server/db/transaction.ts';
import { type CodeKeys, newHandoverCodes } from '#server/lib/codes.ts';
import { assertMaySend, isVerifiedProfile, type SessionUser } from '#server/modules/auth/service.ts';
import { orderedPair } from '#server/modules/chat/public.ts';
import type { Notifier, Notify } from '#server/modules/notifications/public.ts';
import { transitionPackage } from '#server/modules/packages/public.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import { AppError } from '#shared/errors.ts';
import { type Currency, formatMoney } from '#shared/money.ts';
import type { AcceptRequest, PackageRequest, RequestStarter } from '#shared/requests.ts';
import { reserveCapacity } from './capacity.ts';
import { misfitsOf } from './fit.ts';
import { getRequest, requestNotFound } from './list.ts';
import { answererOf, rewardOnTable } from './proposal.ts';
import type { RewardMoney } from './settlement.ts';
import { sideOf } from './view.ts';

// Answering a request (docs/product.md §4): the side that received it accepts or declines; the side that
// started it withdraws. Every writer that locks both a package and a request takes the package first,
// so two of them can never wait on each other.

type RequestRow = typeof requests.$inferSelect;
export type Member = Pick<SessionUser, 'id' | 'role' | 'name' | 'emailVerified' | 'phoneNumberVerified' | 'kycStatus'>;

/** The request and my side on it; 404 for anyone who is neither party. */
export async function myRequest(tx: Transaction, id: string, viewer: Member) {
  const [found] = await tx
    .select({ request: requests, senderId: packages.senderId, title: packages.title })
    .from(requests)
    .innerJoin(packages, eq(packages.id, requests.packageId))
    .where(eq(requests.id, id));
  if (!found) throw requestNotFound();
  const side = sideOf(found.request, found.senderId, viewer.id);
  if (side === null) throw requestNotFound();
  const role: RequestStarter = found.request.travelerId === viewer.id ? 'traveler' : 'sender';
  return { ...found, side, role };
}

/**
 * Only the side the proposal on the table waits for accepts or counters it: before any counter-offer
 * that is the receiver (and the starter is told so, as always); after one, whoever did not make it.
 */
export function assertMyTurn(request: RequestRow, role: RequestStarter, action: 'accept' | 'counter') {
  if (answererOf(request) === role) return;
  if (request.counters === 0) throw new AppError('REQUEST_RECEIVER_ONLY', { params: { action } });
  throw new AppError('REQUEST_NOT_YOUR_TURN', { params: { action } });
}

export const money = (amount: number, currency: string) => formatMoney(amount, currency as Currency, 'en');

export const notPending = (status: string, action: string) =>
  new AppError('REQUEST_ALREADY_ANSWERED', { params: { status, action } });

export const partiesOf = (request: { startedBy: string; travelerId: string }, senderId: string) => ({
  starterId: request.startedBy === 'traveler' ? request.travelerId : senderId,
  receiverId: request.startedBy === 'traveler' ? senderId : request.travelerId,
});

type PackageRow = typeof packages.$inferSelect;
type PlanRow = typeof travelPlans.$inferSelect;

/** The package still takes this request's trip: open, not past its deliver-by date, the trip active and fitting. */
async function assertStillMatchable(
  tx: Transaction,
  pkg: PackageRow,
  request: RequestRow,
  radiusKm: number,
  now: Date,
): Promise<PlanRow> {
  if (pkg.status !== 'open') {
    throw new AppError('PACKAGE_NOT_OPEN', { params: { status: pkg.status } });
  }
  if (pkg.deliverBy && pkg.deliverBy <= now) {
    throw new AppError('PACKAGE_DELIVER_BY_PASSED');
  }
  const [plan] = await tx.select().from(travelPlans).where(eq(travelPlans.id, request.travelPlanId)).for('update');
  if (plan?.status !== 'active') {
    throw new AppError('TRAVEL_PLAN_NOT_ACTIVE', { params: { status: plan?.status ?? 'gone' } });
  }
  // The trip may have been edited since the request was made.
  const misfits = await misfitsOf(tx, pkg, plan, radiusKm, now);
  if (misfits.length > 0) {
    throw new AppError('TRAVEL_PLAN_NO_LONGER_FITS', { fields: { travelPlanId: misfits } });
  }
  return plan;
}

/**
 * The match itself, on locked rows already checked: the request → accepted at the agreed reward,
 * every other open request of the package → declined, the package open → matched with its traveler,
 * trip and codes, the trip's capacity reserved, the pair's conversation opened unless they have one.
 */
async function matchLocked(
  tx: Transaction,
  notify: Notify,
  keys: CodeKeys,
  m: { pkg: PackageRow; request: RequestRow; plan: PlanRow; reward: number; actorId: string; now: Date },
) {
  const { pkg, request, plan, now } = m;
  await tx
    .update(requests)
    .set({ status: 'accepted', reward: m.reward, updatedAt: now, respondedAt: request.respondedAt ?? now })
    .where(eq(requests.id, request.id));
  await declineOthers(tx, notify, { id: pkg.id, title: pkg.title }, request.id, now);

  const [travelerRow] = await tx.select({ name: user.name }).from(user).where(eq(user.id, request.travelerId));
  await transitionPackage(tx, {
    packageId: pkg.id,
    to: 'matched',
    actorId: m.actorId,
    note: `Matched with ${travelerRow?.name ?? 'a traveler'} (${plan.originCity} → ${plan.destinationCity})`,
  });
  await tx
    .update(packages)
    .set({
      travelerId: request.travelerId,
      travelPlanId: plan.id,
      matchedAt: now,
      ...newHandoverCodes(keys, pkg.id),
      pickupAttempts: 0,
      pickupLockedUntil: null,
      deliveryAttempts: 0,
      deliveryLockedUntil: null,
    })
    .where(eq(packages.id, pkg.id));
  // Conditional: refused (and all of the above rolled back) when the room was taken meanwhile.
  await reserveCapacity(tx, plan.id, pkg.weightGrams ?? 0);

  // One conversation per pair (docs/product.md §7): the pair's earlier one if they already have it,
  // else opened now for this package.
  await tx
    .insert(conversations)
    .values({ packageId: pkg.id, ...orderedPair(pkg.senderId, request.travelerId), openedBy: m.actorId })
    .onConflictDoNothing({ target: [conversations.userA, conversations.userB] });
}

/**
 * Accepting is one transaction: the reward on the table is agreed and, when what the sender paid
 * covers it, the package is matched at once (matchLocked; a lower reward reprices it, `money.settleLower`,
 * docs/product.md §4.5). A reward above the one paid is agreed only: the request waits (`agreed`) for
 * the sender to pay the difference, which matches it (completeAgreedRequest). The package row is
 * locked first: of two acceptances racing for one package the second waits, then finds it matched
 * and its own request declined, and changes nothing; an acceptance racing a counter-offer on the same
 * request finds it is no longer its turn.
 */
export async function acceptRequest(
  db: Database,
  notifier: Notifier,
  deps: { keys: CodeKeys; store: SettingsStore; money: RewardMoney },
  viewer: Member,
  requestId: string,
  input: AcceptRequest = {},
): Promise<PackageRequest> {
  const { keys, store, money: rewardMoney } = deps;
  const settings = await store.current();
  await notifier.transaction(db, async (tx, notify) => {
    const found = await myRequest(tx, requestId, viewer);
    // The sender accepts under the senders' rule; a traveler always needs it all.
    if (found.role === 'sender') assertMaySend(viewer, settings, 'accept an offer');
    else if (!isVerifiedProfile(viewer)) throw new AppError('PROFILE_NOT_VERIFIED');
    const [pkg] = await tx.select().from(packages).where(eq(packages.id, found.request.packageId)).for('update');
    const [request] = await tx.select().from(requests).where(eq(requests.id, requestId)).for('update');
    if (!pkg || !request) throw requestNotFound();
    if (request.status !== 'pending') throw notPending(request.status, 'accepted');
    assertMyTurn(request, found.role, 'accept');
    const agreed = rewardOnTable(request, pkg.reward);
    if (input.reward !== undefined && input.reward !== agreed) {
      throw new AppError('REQUEST_PROPOSAL_CHANGED', { params: { reward: agreed } });
    }
    const now = new Date();
    const plan = await assertStillMatchable(tx, pkg, request, settings.matchRadiusMaxKm, now);
    const otherId = found.role === 'traveler' ? pkg.senderId : request.travelerId;
    const amount = money(agreed, pkg.currency);

    // Only a reward above the one paid asks the money what is owed.
    const difference = agreed > (pkg.reward ?? 0) ? await rewardMoney.differenceFor(tx, pkg.id, agreed, settings) : 0;
    if (difference > 0) {
      await agreeAbovePaid(tx, notify, { pkg, request, reward: agreed, difference, side: found.side, now });
      const owed = money(difference, pkg.currency);
      await notify({
        userId: otherId,
        type: 'request_accepted',
        title: 'Reward agreed',
        body:
          found.role === 'sender'
            ? `The sender agreed to ${amount} for "${pkg.title}" and pays the difference now; the package is yours to carry once it is paid.`
            : `The traveler agreed to carry "${pkg.title}" for ${amount}. Pay the difference of ${owed} to confirm the match.`,
        link: '/user/packages/requests',
        data: { requestId: request.id, packageId: pkg.id, difference },
      });
      return;
    }

    await tx.update(requests).set({ closedBy: found.side }).where(eq(requests.id, request.id));
    await matchLocked(tx, notify, keys, { pkg, request, plan, reward: agreed, actorId: viewer.id, now });
    // The money last but one, the provider's part of it last: see settlement.ts.
    const settleLast =
      agreed < (pkg.reward ?? 0)
        ? await rewardMoney.settleLower(
            tx,
            notify,
            {
              packageId: pkg.id,
              requestId: request.id,
              senderId: pkg.senderId,
              title: pkg.title,
              reward: agreed,
              actorId: viewer.id,
            },
            settings,
          )
        : null;

    const forAmount = agreed !== pkg.reward ? ` for ${amount}` : '';
    await notify({
      userId: otherId,
      type: 'request_accepted',
      title: 'Request accepted',
      body:
        found.role === 'sender'
          ? `Your offer to carry "${pkg.title}"${forAmount} was accepted. Arrange the pickup with the sender.`
          : `The traveler accepted to carry "${pkg.title}"${forAmount}. Show them the pickup code when they collect it.`,
      link: `/user/packages/${pkg.id}`,
      data: { requestId: request.id, packageId: pkg.id },
    });
    if (settleLast) await settleLast();
  });
  return getRequest(db, viewer, requestId);
}

/**
 * A reward agreed above the one paid: the request waits for the sender's payment of the difference.
 * One agreement waits per package: a newer one replaces an earlier one not paid yet, whose traveler
 * is told.
 */
async function agreeAbovePaid(
  tx: Transaction,
  notify: Notify,
  a: {
    pkg: PackageRow;
    request: RequestRow;
    reward: number;
    difference: number;
    side: 'starter' | 'receiver';
    now: Date;
  },
) {
  const replaced = await tx
    .update(requests)
    .set({ status: 'declined', updatedAt: a.now, closedBy: 'system' })
    .where(and(eq(requests.packageId, a.pkg.id), eq(requests.status, 'agreed')))
    .returning({ id: requests.id, travelerId: requests.travelerId });
  for (const other of replaced) {
    await notify({
      userId: other.travelerId,
      type: 'request_declined',
      title: 'Agreement replaced',
      body: `The sender agreed with another traveler for "${a.pkg.title}" before paying the difference, so this request was declined.`,
      link: '/user/packages/requests',
      data: { requestId: other.id, packageId: a.pkg.id },
    });
  }
  await tx
    .update(requests)
    .set({
      status: 'agreed',
      reward: a.reward,
      difference: a.difference,
      updatedAt: a.now,
      respondedAt: a.now,
      closedBy: a.side,
    })
    .where(eq(requests.id, a.request.id));
}

/**
 * The sender paid the difference of an agreed request (docs/product.md §4.5): the match happens now,
 * in the payment webhook's transaction, if the package still takes it. Otherwise the request ends
 * (`expired`) and the caller refunds the payment: answers whether it matched.
 */
export async function completeAgreedRequest(
  tx: Transaction,
  notify: Notify,
  keys: CodeKeys,
  settings: { matchRadiusMaxKm: number },
  requestId: string,
): Promise<boolean> {
  const [head] = await tx.select({ packageId: requests.packageId }).from(requests).where(eq(requests.id, requestId));
  if (!head) return false;
  const [pkg] = await tx.select().from(packages).where(eq(packages.id, head.packageId)).for('update');
  const [request] = await tx.select().from(requests).where(eq(requests.id, requestId)).for('update');
  if (!pkg || request?.status !== 'agreed' || request.reward === null) return false;
  const now = new Date();
  const plan = await assertStillMatchable(tx, pkg, request, settings.matchRadiusMaxKm, now).catch((err) => {
    if (err instanceof AppError) return null;
    throw err;
  });
  if (!plan) {
    await tx
      .update(requests)
      .set({ status: 'expired', updatedAt: now, closedBy: 'system' })
      .where(eq(requests.id, request.id));
    await notify({
      userId: request.travelerId,
      type: 'request_expired',
      title: 'Request expired',
      body: `"${pkg.title}" can no longer ride on your trip, so the agreement ended; the sender's payment goes back.`,
      link: '/user/packages/requests',
      data: { requestId: request.id, packageId: pkg.id },
    });
    return false;
  }
  await matchLocked(tx, notify, keys, { pkg, request, plan, reward: request.reward, actorId: pkg.senderId, now });
  await tx.update(packages).set({ reward: request.reward }).where(eq(packages.id, pkg.id));
  const amount = money(request.reward, pkg.currency);
  for (const userId of [request.travelerId, pkg.senderId]) {
    await notify({
      userId,
      type: 'request_accepted',
      title: 'Matched',
      body:
        userId === pkg.senderId
          ? `The difference is paid: "${pkg.title}" is matched for ${amount}. Show the traveler your pickup code at the handover.`
          : `The sender paid the difference: "${pkg.title}" is yours to carry for ${amount}. Arrange the pickup with the sender.`,
      link: `/user/packages/${pkg.id}`,
      data: { requestId: request.id, packageId: pkg.id },
    });
  }
  return true;
}

/** The other pending requests of a package that was just matched: declined, each traveler told. */
async function declineOthers(
  tx: Transaction,
  notify: Notify,
  pkg: { id: string; title: string },
  acceptedId: string,
  now: Date,
) {
  const declined = await tx
    .update(requests)
    .set({ status: 'declined', updatedAt: now, respondedAt: now, closedBy: 'system' })
    .where(
      and(eq(requests.packageId, pkg.id), inArray(requests.status, ['pending', 'agreed']), ne(requests.id, acceptedId)),
    )
    .returning({ id: requests.id, travelerId: requests.travelerId });
  for (const other of declined) {
    await notify({
      userId: other.travelerId,
      type: 'request_declined',
      title: 'Package taken by another traveler',
      body: `"${pkg.title}" is now carried by another traveler, so this request was declined.`,
      link: '/user/packages/requests',
      data: { requestId: other.id, packageId: pkg.id },
    });
  }
}

/**
 * Closes a pending request for one of its two sides: the receiver declines, the starter withdraws.
 * The other side is told.
 */
async function closePending(
  db: Database,
  notifier: Notifier,
  viewer: Member,
  requestId: string,
  close: {
    side: 'receiver' | 'starter';
    to: 'declined' | 'withdrawn';
    /** The refusal when the other side tries. */
    forbidden: () => AppError;
    notice: (
      request: RequestRow,
      title: string,
    ) => { type: 'request_declined' | 'request_withdrawn'; title: string; body: string };
  },
): Promise<PackageRequest> {
  await notifier.transaction(db, async (tx, notify) => {
    const found = await myRequest(tx, requestId, viewer);
    if (found.side !== close.side) throw close.forbidden();
    const [request] = await tx.select().from(requests).where(eq(requests.id, requestId)).for('update');
    // An agreement waiting for the difference ends the same way, before the sender pays it.
    if (request?.status !== 'pending' && request?.status !== 'agreed') {
      throw notPending(request?.status ?? 'gone', close.to);
    }
    const now = new Date();
    await tx
      .update(requests)
      .set({ status: close.to, updatedAt: now, respondedAt: now, closedBy: close.side })
      .where(eq(requests.id, requestId));
    const parties = partiesOf(request, found.senderId);
    await notify({
      userId: close.side === 'receiver' ? parties.starterId : parties.receiverId,
      ...close.notice(request, found.title),
      link: '/user/packages/requests',
      data: { requestId, packageId: request.packageId },
    });
  });
  return getRequest(db, viewer, requestId);
}

/** The receiving side says no. */
export function declineRequest(db: Database, notifier: Notifier, viewer: Member, requestId: string) {
  return closePending(db, notifier, viewer, requestId, {
    side: 'receiver',
    to: 'declined',
    forbidden: () => new AppError('REQUEST_RECEIVER_ONLY', { params: { action: 'decline' } }),
    notice: (request, title) => ({
      type: 'request_declined',
      title: 'Request declined',
      body:
        request.startedBy === 'traveler'
          ? `The sender declined your offer to carry "${title}".`
          : `The traveler declined your invitation to carry "${title}".`,
    }),
  });
}

/** The starter takes it back while it is still pending. */
export function withdrawRequest(db: Database, notifier: Notifier, viewer: Member, requestId: string) {
  return closePending(db, notifier, viewer, requestId, {
    side: 'starter',
    to: 'withdrawn',
    forbidden: () => new AppError('REQUEST_STARTER_ONLY'),
    notice: (request, title) => ({
      type: 'request_withdrawn',
      title: 'Request withdrawn',
      body:
        request.startedBy === 'traveler'
          ? `A traveler withdrew their offer to carry "${title}".`
          : `The sender withdrew the invitation to carry "${title}".`,
    }),
  });
}
