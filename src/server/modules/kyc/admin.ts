import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { kycAttempt, kycEvent } from '#server/db/schema/kyc.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import { AppError } from '#shared/errors.ts';
import type { AdminKyc, AdminKycDecision } from '#shared/kyc.ts';
import { changeStatus, statusOf, toAttempt } from './service.ts';

const actor = alias(user, 'actor');

/** A member's identity check as an admin sees it: status, every attempt, every change. */
export async function getAdminKyc(db: Database, userId: string): Promise<AdminKyc> {
  const [member] = await db.select({ kycStatus: user.kycStatus }).from(user).where(eq(user.id, userId));
  if (!member) throw new AppError('MEMBER_NOT_FOUND');
  const attempts = await db
    .select()
    .from(kycAttempt)
    .where(eq(kycAttempt.userId, userId))
    .orderBy(desc(kycAttempt.createdAt));
  const events = await db
    .select({ event: kycEvent, actorName: actor.name })
    .from(kycEvent)
    .leftJoin(actor, eq(actor.id, kycEvent.actorId))
    .where(eq(kycEvent.userId, userId))
    .orderBy(desc(kycEvent.createdAt));
  const status = statusOf(member.kycStatus);
  const lastDecline = events.find((e) => e.event.toStatus === 'declined');
  return {
    userId,
    status,
    reasons: status === 'declined' ? (lastDecline?.event.reasons ?? []) : [],
    attempts: attempts.map(toAttempt),
    events: events.map(({ event, actorName }) => ({
      id: event.id,
      source: event.source === 'admin' ? 'admin' : 'provider',
      provider: event.provider === 'kycaid' || event.provider === 'sandbox' ? event.provider : null,
      fromStatus: statusOf(event.fromStatus),
      toStatus: statusOf(event.toStatus),
      reasons: event.reasons,
      note: event.note,
      actor: event.actorId ? { id: event.actorId, name: actorName ?? 'Deleted member' } : null,
      createdAt: event.createdAt.toISOString(),
    })),
  };
}

/**
 * An admin's override (docs/product.md §6, §8): sets the status whatever it was, with a required note
 * that goes to the audit log and, for a decline, to the member as the reason.
 */
export async function decideKyc(
  db: Database,
  notifier: Notifier,
  adminId: string,
  userId: string,
  input: AdminKycDecision,
): Promise<AdminKyc> {
  if (adminId === userId) throw new AppError('OWN_KYC_DECISION');
  await notifier.transaction(db, async (tx, notify) => {
    const [member] = await tx.select({ kycStatus: user.kycStatus }).from(user).where(eq(user.id, userId)).for('update');
    if (!member) throw new AppError('MEMBER_NOT_FOUND');
    const from = statusOf(member.kycStatus);
    const to = input.decision === 'approve' ? 'approved' : 'declined';
    await changeStatus(tx, notify, {
      userId,
      from,
      to,
      source: 'admin',
      provider: null,
      attemptId: null,
      reasons: to === 'declined' ? [input.note] : [],
      note: input.note,
      actorId: adminId,
    });
    await recordAudit(tx, {
      actorId: adminId,
      action: `kyc.${input.decision}`,
      subject: { type: 'user', id: userId },
      before: { kycStatus: from },
      after: { kycStatus: to },
      reason: input.note,
    });
  });
  return getAdminKyc(db, userId);
}
