import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { kycApplicant, kycAttempt, kycCallbackReceipt, kycEvent } from '#server/db/schema/kyc.ts';
import type { Transaction } from '#server/db/transaction.ts';
import type { Notifier, Notify } from '#server/modules/notifications/public.ts';
import type { KycApplicant, KycCallbackEvent, KycProvider } from '#server/providers/kyc/kyc-provider.ts';
import { KycProviderError } from '#server/providers/kyc/kycaid.ts';
import { kycStatuses, type Me } from '#shared/auth.ts';
import { AppError } from '#shared/errors.ts';
import type { KycAttempt, KycState } from '#shared/kyc.ts';
import type { Settings } from '#shared/settings.ts';

type KycStatus = Me['kycStatus'];
type AttemptRow = typeof kycAttempt.$inferSelect;

export const RETURN_PAGE = '/kyc/kycaid-callback';

export const statusOf = (value: string): KycStatus =>
  (kycStatuses as readonly string[]).includes(value) ? (value as KycStatus) : 'not_started';

export function toAttempt(row: AttemptRow): KycAttempt {
  return {
    id: row.id,
    provider: row.provider === 'kycaid' ? 'kycaid' : 'sandbox',
    status: (['started', 'pending', 'approved', 'declined'] as const).find((s) => s === row.status) ?? 'started',
    reasons: row.reasons,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

async function latestAttempt(db: Database | Transaction, userId: string): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(kycAttempt)
    .where(eq(kycAttempt.userId, userId))
    .orderBy(desc(kycAttempt.createdAt))
    .limit(1);
  return row;
}

/** The reasons of the change that made the status what it is (a decline's, usually). */
async function currentReasons(db: Database | Transaction, userId: string, status: KycStatus): Promise<string[]> {
  if (status !== 'declined') return [];
  const [row] = await db
    .select({ reasons: kycEvent.reasons })
    .from(kycEvent)
    .where(and(eq(kycEvent.userId, userId), eq(kycEvent.toStatus, 'declined')))
    .orderBy(desc(kycEvent.createdAt))
    .limit(1);
  return row?.reasons ?? [];
}

/** The settings' KYC rules (docs/product.md §6, ADR 0051). */
export type KycRules = Pick<Settings, 'kycAttemptsPer30Days' | 'kycRetryHours'>;

const WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

type Hold = { until: Date; rule: 'KYC_TOO_MANY_ATTEMPTS' | 'KYC_RETRY_LATER' };

/**
 * What holds the member's next start back under the rules, or null when they may start now. Two
 * rules, the later wins: at most `kycAttemptsPer30Days` starts in any 30 days (the next is allowed
 * once the oldest of the latest ones leaves the window), and `kycRetryHours` after a decline.
 */
async function holdOf(
  db: Database | Transaction,
  userId: string,
  status: KycStatus,
  rules: KycRules,
  now: Date,
): Promise<Hold | null> {
  const holds: Hold[] = [];
  const [limiting] = await db
    .select({ createdAt: kycAttempt.createdAt })
    .from(kycAttempt)
    .where(and(eq(kycAttempt.userId, userId), gt(kycAttempt.createdAt, new Date(now.getTime() - WINDOW_MS))))
    .orderBy(desc(kycAttempt.createdAt))
    .offset(rules.kycAttemptsPer30Days - 1)
    .limit(1);
  if (limiting)
    holds.push({ until: new Date(limiting.createdAt.getTime() + WINDOW_MS), rule: 'KYC_TOO_MANY_ATTEMPTS' });
  if (status === 'declined' && rules.kycRetryHours > 0) {
    const [declined] = await db
      .select({ at: kycEvent.createdAt })
      .from(kycEvent)
      .where(and(eq(kycEvent.userId, userId), eq(kycEvent.toStatus, 'declined')))
      .orderBy(desc(kycEvent.createdAt))
      .limit(1);
    if (declined)
      holds.push({ until: new Date(declined.at.getTime() + rules.kycRetryHours * HOUR_MS), rule: 'KYC_RETRY_LATER' });
  }
  const latest = holds.sort((a, b) => b.until.getTime() - a.until.getTime())[0];
  return latest && latest.until > now ? latest : null;
}

/** Refuses a start the rules do not allow yet, saying until when. */
async function assertMayStart(
  db: Database | Transaction,
  userId: string,
  status: KycStatus,
  rules: KycRules,
  now: Date,
): Promise<void> {
  const hold = await holdOf(db, userId, status, rules, now);
  if (hold) throw new AppError(hold.rule, { params: { until: hold.until.toISOString() } });
}

export async function getKycState(db: Database, userId: string, rules: KycRules, now: Date): Promise<KycState> {
  const [row] = await db
    .select({ kycStatus: user.kycStatus })
    .from(user)
    .where(and(eq(user.id, userId), isNull(user.deletedAt)));
  if (!row) throw new AppError('UNAUTHENTICATED', { detail: 'the member is gone' });
  const status = statusOf(row.kycStatus);
  const attempt = await latestAttempt(db, userId);
  const hold = status === 'approved' ? null : await holdOf(db, userId, status, rules, now);
  return {
    status,
    reasons: await currentReasons(db, userId, status),
    attempt: attempt ? toAttempt(attempt) : null,
    returnTo: attempt?.returnTo ?? null,
    canStart: status !== 'approved' && !hold,
    startableAt: hold?.until.toISOString() ?? null,
  };
}

/**
 * Starts a check with the provider and records the attempt. The member's status does not move here:
 * only the provider's callback or an admin moves it, so an abandoned form changes nothing.
 */
export async function startKyc(
  db: Database,
  provider: KycProvider,
  member: KycApplicant & { phoneNumberVerified: boolean; kycStatus: KycStatus },
  options: { returnTo: string | null; redirectUrl: string; rules: KycRules; now: Date },
): Promise<{ url: string }> {
  if (!member.phoneNumberVerified) {
    throw new AppError('KYC_NEEDS_PHONE');
  }
  if (member.kycStatus === 'approved') throw new AppError('KYC_ALREADY_APPROVED');
  await assertMayStart(db, member.id, member.kycStatus, options.rules, options.now);
  const [stored] = await db
    .select({ applicantId: kycApplicant.applicantId })
    .from(kycApplicant)
    .where(and(eq(kycApplicant.userId, member.id), eq(kycApplicant.provider, provider.kind)));
  let started: Awaited<ReturnType<KycProvider['startVerification']>>;
  try {
    started = await provider.startVerification(member, {
      applicantId: stored?.applicantId ?? null,
      redirectUrl: options.redirectUrl,
    });
  } catch (err) {
    if (err instanceof KycProviderError) {
      // The applicant may exist at the provider although the form URL failed: keep it for the retry.
      if (err.applicantId && !stored) {
        await db
          .insert(kycApplicant)
          .values({ userId: member.id, provider: provider.kind, applicantId: err.applicantId })
          .onConflictDoNothing();
      }
      throw new AppError('KYC_PROVIDER_UNAVAILABLE', { detail: err.message });
    }
    throw err;
  }
  await db.transaction(async (tx) => {
    // Two starts racing both passed the check above: the member's row lock lines them up, and the
    // second is refused here, so the attempts on record never exceed the rule.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, member.id)).for('update');
    await assertMayStart(tx, member.id, member.kycStatus, options.rules, options.now);
    // Two starts racing may both have created an applicant at the provider; the first one stored wins.
    await tx
      .insert(kycApplicant)
      .values({ userId: member.id, provider: provider.kind, applicantId: started.applicantId })
      .onConflictDoNothing();
    await tx.insert(kycAttempt).values({
      userId: member.id,
      provider: provider.kind,
      applicantId: started.applicantId,
      verificationId: started.verificationId,
      returnTo: options.returnTo,
      // The app's clock, which the rules count by.
      createdAt: options.now,
    });
  });
  return { url: started.url };
}

const words = {
  approved: {
    type: 'kyc_approved',
    title: 'Your identity is confirmed',
    body: 'Your identity check was approved. You can now publish packages and carry them.',
  },
  declined: {
    type: 'kyc_declined',
    title: 'Your identity check was declined',
    body: 'Your identity check did not pass. See why and try again.',
  },
} as const;

/** Moves the member's status, records the change and tells them; the caller holds the user row lock. */
export async function changeStatus(
  tx: Transaction,
  notify: Notify,
  change: {
    userId: string;
    from: KycStatus;
    to: KycStatus;
    source: 'provider' | 'admin';
    provider: string | null;
    attemptId: string | null;
    reasons: string[];
    note?: string | null;
    actorId?: string | null;
    requestId?: string | null;
  },
) {
  const now = new Date();
  await tx.update(user).set({ kycStatus: change.to, updatedAt: now }).where(eq(user.id, change.userId));
  await tx.insert(kycEvent).values({
    userId: change.userId,
    attemptId: change.attemptId,
    source: change.source,
    provider: change.provider,
    fromStatus: change.from,
    toStatus: change.to,
    reasons: change.reasons,
    note: change.note ?? null,
    actorId: change.actorId ?? null,
    requestId: change.requestId ?? null,
  });
  if (change.to === 'approved' || change.to === 'declined') {
    const w = words[change.to];
    const reason = change.reasons[0];
    await notify({
      userId: change.userId,
      type: w.type,
      title: w.title,
      body: change.to === 'declined' && reason ? `${w.body} Reason: ${reason}` : w.body,
      link: RETURN_PAGE,
      data: { kycStatus: change.to, reasons: change.reasons },
    });
  }
}

export type CallbackOutcome = 'applied' | 'unchanged' | 'replay' | 'ignored' | 'unknown_applicant';

/**
 * One provider callback, in one transaction: recorded once by its request id (a replay changes
 * nothing), applied to the member behind the applicant. Callbacks never move an approved member;
 * after approval only an admin can (ADR 0016). A callback for an applicant we don't know records
 * nothing, so a later delivery of it, once the applicant is stored, is still applied.
 */
export async function handleKycCallback(
  db: Database,
  notifier: Notifier,
  providerKind: KycProvider['kind'],
  event: KycCallbackEvent,
  log: FastifyBaseLogger,
  /** After the commit, when the member's status moved: their cached sessions must go (ADR 0038). */
  memberChanged: (userId: string) => Promise<void> = async () => {},
): Promise<CallbackOutcome> {
  let changed: string | null = null;
  const outcome = await notifier.transaction<CallbackOutcome>(db, async (tx, notify) => {
    // Looked up before the receipt is written: a callback can arrive before the start has stored its
    // applicant, and a receipt written then would turn away as a replay the later delivery we can place.
    const [applicant] = await tx
      .select({ userId: kycApplicant.userId })
      .from(kycApplicant)
      .where(and(eq(kycApplicant.provider, providerKind), eq(kycApplicant.applicantId, event.applicantId)));
    if (!applicant) {
      // Acknowledged anyway: the provider would otherwise retry forever a delivery we may never place.
      log.warn({ applicantId: event.applicantId, requestId: event.requestId }, 'kyc callback for an unknown applicant');
      return 'unknown_applicant';
    }

    const [receipt] = await tx
      .insert(kycCallbackReceipt)
      .values({ provider: providerKind, requestId: event.requestId, type: event.type })
      .onConflictDoNothing()
      .returning();
    if (!receipt) return 'replay';
    if (event.kind === 'other') return 'ignored';

    // The user row lock puts concurrent callbacks and admin decisions for one member in a line.
    const [member] = await tx
      .select({ kycStatus: user.kycStatus })
      .from(user)
      .where(eq(user.id, applicant.userId))
      .for('update');
    if (!member) return 'ignored';
    const from = statusOf(member.kycStatus);
    const to: KycStatus = event.kind === 'pending' ? 'pending' : event.verified ? 'approved' : 'declined';

    const [byVerification] = event.verificationId
      ? await tx
          .select()
          .from(kycAttempt)
          .where(and(eq(kycAttempt.provider, providerKind), eq(kycAttempt.verificationId, event.verificationId)))
      : [];
    const attempt = byVerification ?? (await latestAttempt(tx, applicant.userId));
    if (attempt) {
      await tx
        .update(kycAttempt)
        .set({
          status: to,
          reasons: event.reasons,
          updatedAt: new Date(),
          completedAt: event.kind === 'completed' ? new Date() : attempt.completedAt,
        })
        .where(eq(kycAttempt.id, attempt.id));
    }

    if (from === 'approved' || from === to) return 'unchanged';
    await changeStatus(tx, notify, {
      userId: applicant.userId,
      from,
      to,
      source: 'provider',
      provider: providerKind,
      attemptId: attempt?.id ?? null,
      reasons: event.reasons,
      requestId: event.requestId,
    });
    changed = applicant.userId;
    return 'applied';
  });
  if (changed) await memberChanged(changed);
  return outcome;
}
