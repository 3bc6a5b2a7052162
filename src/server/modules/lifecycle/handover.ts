import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { packages } from '#server/db/schema/packages.ts';
import { type CodeKeys, type CodeKind, codeMatches, openCode } from '#server/lib/codes.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import type { PackageRow } from '#server/modules/packages/public.ts';
import { transitionPackage, type Viewer, visiblePackage } from '#server/modules/packages/public.ts';
import { AppError } from '#shared/errors.ts';
import { CODE_LOCK_MINUTES, MAX_CODE_ATTEMPTS, type PackageCodes } from '#shared/lifecycle.ts';

// The handovers (docs/product.md §2): the traveler proves the pickup with the sender's pickup code
// and the delivery with the recipient's delivery code. Six digits are guessable in a million tries,
// so wrong codes are counted per package and step: the fifth in a row locks that step for an hour
// (ADR 0020), and a right one resets the count.

/** A step locked after too many wrong codes; the route turns `until` into Retry-After. */
export class CodeLockedError extends AppError {
  readonly until: Date;
  constructor(until: Date, justLocked: boolean) {
    const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
    super(justLocked ? 'HANDOVER_JUST_LOCKED' : 'HANDOVER_LOCKED', {
      params: { minutes, attempts: MAX_CODE_ATTEMPTS },
      fields: { code: [`Locked for ${minutes} more minutes`] },
    });
    this.until = until;
  }
}

interface Step {
  kind: CodeKind;
  from: 'matched' | 'in_transit';
  to: 'in_transit' | 'delivered';
  attempts: (row: PackageRow) => number;
  lockedUntil: (row: PackageRow) => Date | null;
  counter: (attempts: number, lockedUntil: Date | null) => Partial<typeof packages.$inferInsert>;
}

const steps: Record<CodeKind, Step> = {
  pickup: {
    kind: 'pickup',
    from: 'matched',
    to: 'in_transit',
    attempts: (row) => row.pickupAttempts,
    lockedUntil: (row) => row.pickupLockedUntil,
    counter: (pickupAttempts, pickupLockedUntil) => ({ pickupAttempts, pickupLockedUntil }),
  },
  delivery: {
    kind: 'delivery',
    from: 'in_transit',
    to: 'delivered',
    attempts: (row) => row.deliveryAttempts,
    lockedUntil: (row) => row.deliveryLockedUntil,
    counter: (deliveryAttempts, deliveryLockedUntil) => ({ deliveryAttempts, deliveryLockedUntil }),
  },
};

type Outcome =
  | { ok: true }
  | { ok: false; attemptsLeft: number }
  | { ok: false; lockedUntil: Date; justLocked: boolean };

/**
 * The traveler types a code. A right one moves the package on (matched → in_transit, or in_transit →
 * delivered), a wrong one is counted; both are committed, and only then is a wrong code refused, so
 * the count survives the refusal.
 */
export async function enterCode(
  db: Database,
  notifier: Notifier,
  keys: CodeKeys,
  viewer: Viewer,
  input: { packageId: string; kind: CodeKind; code: string },
): Promise<void> {
  const step = steps[input.kind];
  const outcome = await notifier.transaction(db, async (tx, notify): Promise<Outcome> => {
    const { row, relation } = await visiblePackage(tx, input.packageId, viewer, true);
    if (relation !== 'traveler') {
      throw new AppError('HANDOVER_TRAVELER_ONLY', { params: { step: step.kind } });
    }
    if (row.status !== step.from) {
      throw new AppError('HANDOVER_NOT_DUE', {
        params: { status: row.status, step: step.kind, due: step.from.replace('_', ' ') },
      });
    }
    const now = new Date();
    const lockedUntil = step.lockedUntil(row);
    if (lockedUntil && lockedUntil > now) return { ok: false, lockedUntil, justLocked: false };

    const stored = step.kind === 'pickup' ? row.pickupCodeHash : row.deliveryCodeHash;
    if (codeMatches(keys, stored, row.id, step.kind, input.code)) {
      await transitionPackage(tx, {
        packageId: row.id,
        to: step.to,
        actorId: viewer.id,
        note:
          step.kind === 'pickup'
            ? 'Picked up: the traveler entered the pickup code'
            : "Delivered: the traveler entered the recipient's delivery code",
      });
      await tx
        .update(packages)
        .set({ ...step.counter(0, null), ...(step.kind === 'delivery' ? { deliveredAt: now } : {}) })
        .where(eq(packages.id, row.id));
      await notify(
        step.kind === 'pickup'
          ? {
              userId: row.senderId,
              type: 'package_picked_up',
              title: 'Package picked up',
              body: `The traveler has picked up "${row.title}". Share the delivery code with the recipient.`,
              link: `/user/packages/${row.id}`,
              data: { packageId: row.id },
            }
          : {
              userId: row.senderId,
              type: 'package_delivered',
              title: 'Package delivered',
              body: `"${row.title}" was delivered. Confirm the delivery to release the reward to the traveler.`,
              link: `/user/packages/${row.id}`,
              data: { packageId: row.id },
            },
      );
      return { ok: true };
    }

    const attempts = step.attempts(row) + 1;
    if (attempts >= MAX_CODE_ATTEMPTS) {
      // The count starts again after the lock: the next hour brings five more tries, not one.
      const until = new Date(now.getTime() + CODE_LOCK_MINUTES * 60_000);
      await tx.update(packages).set(step.counter(0, until)).where(eq(packages.id, row.id));
      return { ok: false, lockedUntil: until, justLocked: true };
    }
    await tx.update(packages).set(step.counter(attempts, null)).where(eq(packages.id, row.id));
    return { ok: false, attemptsLeft: MAX_CODE_ATTEMPTS - attempts };
  });

  if (outcome.ok) return;
  if ('lockedUntil' in outcome) throw new CodeLockedError(outcome.lockedUntil, outcome.justLocked);
  const tries = outcome.attemptsLeft === 1 ? '1 try' : `${outcome.attemptsLeft} tries`;
  throw new AppError(step.kind === 'pickup' ? 'INVALID_PICKUP_CODE' : 'INVALID_DELIVERY_CODE', {
    params: { triesLeft: outcome.attemptsLeft, lockMinutes: CODE_LOCK_MINUTES },
    fields: { code: [`That is not the ${step.kind} code: ${tries} left before a ${CODE_LOCK_MINUTES}-minute lock`] },
  });
}

/**
 * The sender's codes (GET /api/packages/{id}/codes), opened from their sealed copies: the pickup
 * code until the pickup, the delivery code until the delivery.
 */
export async function getCodes(db: Database, keys: CodeKeys, viewer: Viewer, packageId: string): Promise<PackageCodes> {
  const { row, relation } = await visiblePackage(db, packageId, viewer);
  if (relation !== 'sender') throw new AppError('CODES_SENDER_ONLY');
  const pickupDue = row.status === 'matched';
  const deliveryDue = row.status === 'matched' || row.status === 'in_transit';
  return {
    pickupCode: pickupDue && row.pickupCodeSealed ? openCode(keys, row.id, 'pickup', row.pickupCodeSealed) : null,
    deliveryCode:
      deliveryDue && row.deliveryCodeSealed ? openCode(keys, row.id, 'delivery', row.deliveryCodeSealed) : null,
  };
}
