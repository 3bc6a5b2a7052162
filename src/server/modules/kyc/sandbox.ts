import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { kycAttempt } from '#server/db/schema/kyc.ts';
import type { SandboxKycProvider, SignedCallback } from '#server/providers/kyc/sandbox.ts';
import { AppError } from '#shared/errors.ts';
import type { SandboxCheck, SandboxDecision } from '#shared/kyc.ts';
import { toAttempt } from './service.ts';

const notFound = () => new AppError('KYC_CHECK_NOT_FOUND');

async function findAttempt(db: Database, userId: string, token: string) {
  // Only the member who started it can see or decide it: the token alone is not enough.
  const [row] = await db
    .select({ attempt: kycAttempt, name: user.name })
    .from(kycAttempt)
    .innerJoin(user, eq(user.id, kycAttempt.userId))
    .where(
      and(eq(kycAttempt.provider, 'sandbox'), eq(kycAttempt.verificationId, token), eq(kycAttempt.userId, userId)),
    );
  return row;
}

export async function getSandboxCheck(db: Database, userId: string, token: string): Promise<SandboxCheck> {
  const row = await findAttempt(db, userId, token);
  if (!row) throw notFound();
  const { status } = toAttempt(row.attempt);
  return { token, name: row.name, status, open: status === 'started' };
}

/**
 * Takes the sandbox form's decision once (a double click or a second tab cannot decide twice) and
 * returns the signed callbacks to deliver, exactly as KYCAID would send them.
 */
export async function decideSandboxCheck(
  db: Database,
  provider: SandboxKycProvider,
  userId: string,
  token: string,
  decision: SandboxDecision,
): Promise<{ pending: SignedCallback; completed: SignedCallback }> {
  const row = await findAttempt(db, userId, token);
  if (!row) throw notFound();
  const [claimed] = await db
    .update(kycAttempt)
    .set({ status: 'pending', updatedAt: new Date() })
    .where(and(eq(kycAttempt.id, row.attempt.id), eq(kycAttempt.status, 'started')))
    .returning({ id: kycAttempt.id });
  if (!claimed) throw new AppError('KYC_CHECK_DECIDED');
  return provider.callbacksFor({
    applicantId: row.attempt.applicantId,
    verificationId: token,
    decision: decision.decision,
    reason: decision.decision === 'decline' ? decision.reason : null,
  });
}
