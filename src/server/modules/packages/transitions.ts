import { eq, sql } from 'drizzle-orm';
import { packageEvents, packages } from '#server/db/schema/packages.ts';
import type { Transaction } from '#server/db/transaction.ts';
import { AppError } from '#shared/errors.ts';
import type { PackageStatus } from '#shared/package-status.ts';
import type { PackageRow } from './mapping.ts';

/**
 * The lifecycle of docs/product.md §2, and nothing else: each status and where it may go next. Who may
 * make each move is the calling service's rule (the sender pays, the traveler confirms pickup, an
 * admin resolves a dispute); this table only says which moves exist.
 *
 *   draft → open (paid) → matched (request accepted) → in_transit (picked up) → delivered → completed
 *   draft | open | matched → cancelled;  open → expired (deliver-by passed)
 *   matched → open (the traveler withdraws before pickup, ADR 0020)
 *   in_transit | delivered → cancelled (an administrator only: any time before completion, ADR 0020)
 *   in_transit | delivered → disputed → completed | refunded
 */
export const packageTransitions = {
  draft: ['open', 'cancelled'],
  open: ['matched', 'cancelled', 'expired'],
  matched: ['in_transit', 'cancelled', 'open'],
  in_transit: ['delivered', 'disputed', 'cancelled'],
  delivered: ['completed', 'disputed', 'cancelled'],
  disputed: ['completed', 'refunded'],
  completed: [],
  cancelled: [],
  expired: [],
  refunded: [],
} as const satisfies Record<PackageStatus, readonly PackageStatus[]>;

export function canTransition(from: PackageStatus, to: PackageStatus): boolean {
  return (packageTransitions[from] as readonly PackageStatus[]).includes(to);
}

export interface TransitionInput {
  packageId: string;
  to: PackageStatus;
  /** Null for the system (the deliver-by clock, auto-completion). */
  actorId: string | null;
  note?: string | null;
}

/**
 * Moves a package to `to` inside the caller's transaction and records it on the timeline. The row
 * is locked first, so of two moves racing from the same status (two acceptances, a payment callback
 * delivered twice) the second sees the first's result and is refused instead of applied twice.
 */
export async function transitionPackage(tx: Transaction, input: TransitionInput): Promise<PackageRow> {
  const [row] = await tx.select().from(packages).where(eq(packages.id, input.packageId)).for('update');
  if (!row) throw new AppError('PACKAGE_NOT_FOUND');
  const from = row.status as PackageStatus;
  if (!canTransition(from, input.to)) {
    throw new AppError('PACKAGE_STATUS_CHANGED', { detail: `A package that is ${from} cannot become ${input.to}.` });
  }
  const now = new Date();
  const [updated] = await tx
    .update(packages)
    .set({ status: input.to, updatedAt: now, ...(input.to === 'open' && !row.publishedAt ? { publishedAt: now } : {}) })
    .where(eq(packages.id, row.id))
    .returning();
  await recordEvent(tx, { packageId: row.id, from, to: input.to, actorId: input.actorId, note: input.note ?? null });
  return updated as PackageRow;
}

/**
 * One line of the timeline. clock_timestamp(), not now(): several events written in one transaction
 * keep the order they happened in.
 */
export async function recordEvent(
  tx: Transaction,
  event: {
    packageId: string;
    from: PackageStatus | null;
    to: PackageStatus;
    actorId: string | null;
    note: string | null;
  },
): Promise<void> {
  await tx.insert(packageEvents).values({
    packageId: event.packageId,
    fromStatus: event.from,
    toStatus: event.to,
    actorId: event.actorId,
    note: event.note,
    createdAt: sql`clock_timestamp()`,
  });
}
