import { and, asc, count, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { session, user } from '#server/db/schema/auth.ts';
import { packages } from '#server/db/schema/packages.ts';
import { requests } from '#server/db/schema/requests.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import type { Transaction } from '#server/db/transaction.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import type { Sessions } from '#server/modules/auth/public.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import { transitionPackage } from '#server/modules/packages/public.ts';
import { cancelPaidPackageIn, type PendingRefund, providerRefund } from '#server/modules/payments/public.ts';
import { closePendingRequestsOfPlan, lockPackagesWithPendingRequestsOn } from '#server/modules/requests/public.ts';
import type { PaymentProvider } from '#server/providers/payments/payment-provider.ts';
import { type Gateway, userRoom } from '#server/realtime/gateway.ts';
import type {
  AdminBanResult,
  AdminNotify,
  AdminReason,
  AdminRoleChange,
  AdminSessionsRevoked,
  AdminUser,
} from '#shared/admin-users.ts';
import { AppError } from '#shared/errors.ts';
import { findAdminUser } from './list.ts';

// What an administrator does to an account (docs/product.md §8.3). Each action is one transaction that
// locks the member's row first, checks, writes, and records the audit row; the sessions it ends are
// dropped on every node (and the member's sockets closed) once it has committed.

export interface MemberActionDeps {
  db: Database;
  notifier: Notifier;
  provider: PaymentProvider;
  sessions: Sessions;
  gateway: Gateway;
}

const roleList = (role: string) => role.split(',').filter((r) => r !== '');
const isAdminRole = (role: string) => roleList(role).includes('admin');

async function lockMember(tx: Transaction, id: string) {
  const [member] = await tx.select().from(user).where(eq(user.id, id)).for('update');
  if (!member) throw new AppError('MEMBER_NOT_FOUND');
  return member;
}

/** Deletes the member's sessions in the transaction; the caller signs them out everywhere after it commits. */
async function deleteSessions(tx: Transaction, userId: string): Promise<number> {
  const deleted = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
  return deleted.length;
}

/**
 * After the commit: every node forgets the member's cached sessions (Redis carries the change, ADR
 * 0038), so their cookie answers 401 on the next request, and their open sockets close, here and on
 * the other nodes (the Socket.IO adapter carries it).
 */
async function signOutEverywhere(deps: Pick<MemberActionDeps, 'sessions' | 'gateway'>, userId: string) {
  await deps.sessions.userChanged(userId);
  deps.gateway.io.in(userRoom(userId)).disconnectSockets(true);
}

/**
 * docs/product.md §8.3: a ban locks the account and ends what it still has looking for a match. In one
 * transaction: the member's row is marked banned with the reason, their sessions are deleted, their
 * drafts cancelled and open packages cancelled with the full refund (cancelPaidPackageIn), the pending
 * requests on their trips closed (offers withdrawn, invitations declined), and the audit row written;
 * the provider's refunds are asked for last, so a refusal rolls the whole ban back. Packages already
 * matched or under way are left to be finished or disputed.
 */
export async function banMember(
  deps: MemberActionDeps,
  adminId: string,
  userId: string,
  input: AdminReason,
): Promise<AdminBanResult> {
  if (adminId === userId) throw new AppError('OWN_ACCOUNT_ACTION');
  const outcome = await deps.notifier.transaction(deps.db, async (tx, notify) => {
    const member = await lockMember(tx, userId);
    if (member.banned) throw new AppError('MEMBER_ALREADY_BANNED');
    if (isAdminRole(member.role)) throw new AppError('BAN_ADMIN');

    await tx
      .update(user)
      .set({ banned: true, banReason: input.reason, updatedAt: new Date() })
      .where(eq(user.id, userId));
    const revokedSessions = await deleteSessions(tx, userId);

    const pendingOfMember: SQL = or(eq(requests.travelerId, userId), eq(packages.senderId, userId)) as SQL;
    const [pending] = await tx
      .select({ n: count() })
      .from(requests)
      .innerJoin(packages, eq(packages.id, requests.packageId))
      .where(and(inArray(requests.status, ['pending', 'agreed']), pendingOfMember));

    // Their own packages still looking for a traveler, in id order (the order every writer locks packages in).
    const unmatched = await tx
      .select({ id: packages.id, title: packages.title, status: packages.status })
      .from(packages)
      .where(and(eq(packages.senderId, userId), inArray(packages.status, ['draft', 'open'])))
      .orderBy(asc(packages.id))
      .for('update');
    const refunds: PendingRefund[] = [];
    const cancelledPackages: AdminBanResult['cancelledPackages'] = [];
    for (const pkg of unmatched) {
      const note = 'Cancelled by an administrator: the sender was banned';
      if (pkg.status === 'draft') {
        await transitionPackage(tx, { packageId: pkg.id, to: 'cancelled', actorId: adminId, note });
        cancelledPackages.push({ id: pkg.id, title: pkg.title, refunded: 0 });
        continue;
      }
      const made = await cancelPaidPackageIn(tx, notify, {
        packageId: pkg.id,
        actorId: adminId,
        asAdmin: true,
        note,
      });
      refunds.push(...made);
      cancelledPackages.push({ id: pkg.id, title: pkg.title, refunded: made.reduce((sum, r) => sum + r.amount, 0) });
    }

    // Their trips' pending requests: the packages first, then the trip (the lock order of answer.ts).
    const trips = await tx
      .selectDistinct({ id: requests.travelPlanId })
      .from(requests)
      .where(and(eq(requests.travelerId, userId), inArray(requests.status, ['pending', 'agreed'])))
      .orderBy(asc(requests.travelPlanId));
    for (const trip of trips) {
      await lockPackagesWithPendingRequestsOn(tx, trip.id);
      await tx.select({ id: travelPlans.id }).from(travelPlans).where(eq(travelPlans.id, trip.id)).for('update');
      await closePendingRequestsOfPlan(tx, notify, trip.id);
    }

    const closedRequests = pending?.n ?? 0;
    await recordAudit(tx, {
      actorId: adminId,
      action: 'member.ban',
      subject: { type: 'user', id: userId },
      before: { banned: false, banReason: member.banReason },
      after: { banned: true, banReason: input.reason },
      reason: input.reason,
      data: {
        revokedSessions,
        cancelledPackages: cancelledPackages.map((p) => ({ id: p.id, refunded: p.refunded })),
        closedRequests,
      },
    });
    // Last, once everything above has been checked and written: see providerRefund.
    for (const refund of refunds) await providerRefund(deps.provider, refund.payment, refund.amount, refund.key);
    return { revokedSessions, cancelledPackages, closedRequests };
  });
  await signOutEverywhere(deps, userId);
  return { user: await findAdminUser(deps.db, userId), ...outcome };
}

/** Lifts a ban: the member may sign in again; what the ban cancelled stays cancelled. */
export async function unbanMember(
  deps: MemberActionDeps,
  adminId: string,
  userId: string,
  input: AdminReason,
): Promise<AdminUser> {
  await deps.db.transaction(async (tx) => {
    const member = await lockMember(tx, userId);
    if (!member.banned) throw new AppError('MEMBER_NOT_BANNED');
    await tx
      .update(user)
      .set({ banned: false, banReason: null, banExpires: null, updatedAt: new Date() })
      .where(eq(user.id, userId));
    await recordAudit(tx, {
      actorId: adminId,
      action: 'member.unban',
      subject: { type: 'user', id: userId },
      before: { banned: true, banReason: member.banReason },
      after: { banned: false, banReason: null },
      reason: input.reason,
    });
  });
  await deps.sessions.userChanged(userId);
  return findAdminUser(deps.db, userId);
}

/** Makes a member an administrator or takes the role back; never one's own (another admin decides). */
export async function changeRole(
  deps: MemberActionDeps,
  adminId: string,
  userId: string,
  input: AdminRoleChange,
): Promise<AdminUser> {
  if (adminId === userId) throw new AppError('OWN_ACCOUNT_ACTION');
  await deps.db.transaction(async (tx) => {
    const member = await lockMember(tx, userId);
    if (isAdminRole(member.role) === input.admin) throw new AppError('ROLE_UNCHANGED');
    if (input.admin && member.banned) throw new AppError('ADMIN_ROLE_BANNED');
    const others = roleList(member.role).filter((r) => r !== 'admin' && r !== 'user');
    const role = input.admin ? ['admin', ...others].join(',') : others.join(',') || 'user';
    await tx.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, userId));
    await recordAudit(tx, {
      actorId: adminId,
      action: 'member.role',
      subject: { type: 'user', id: userId },
      before: { role: member.role },
      after: { role },
      reason: input.reason,
    });
  });
  // Cached sessions carry the role: drop them so the next request sees the new one.
  await deps.sessions.userChanged(userId);
  return findAdminUser(deps.db, userId);
}

/** Signs the member out of every device; they may sign in again (unlike a ban). */
export async function revokeSessions(
  deps: MemberActionDeps,
  adminId: string,
  userId: string,
  input: AdminReason,
): Promise<AdminSessionsRevoked> {
  const revokedSessions = await deps.db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const revoked = await deleteSessions(tx, userId);
    await recordAudit(tx, {
      actorId: adminId,
      action: 'member.sessions_revoked',
      subject: { type: 'user', id: userId },
      before: { sessions: revoked },
      after: { sessions: 0 },
      reason: input.reason,
    });
    return revoked;
  });
  await signOutEverywhere(deps, userId);
  return { user: await findAdminUser(deps.db, userId), revokedSessions };
}

/** An in-app notification from the back office (type `broadcast`), pushed to the member's open tabs. */
export async function notifyMember(
  deps: MemberActionDeps,
  adminId: string,
  userId: string,
  input: AdminNotify,
): Promise<{ sent: true }> {
  await deps.notifier.transaction(deps.db, async (tx, notify) => {
    const member = await lockMember(tx, userId);
    if (member.deletedAt) throw new AppError('MEMBER_NOT_FOUND');
    await notify({ userId, type: 'broadcast', title: input.title, body: input.body, data: { fromAdmin: adminId } });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'notification.send',
      subject: { type: 'user', id: userId },
      data: { title: input.title, body: input.body },
    });
  });
  return { sent: true };
}
