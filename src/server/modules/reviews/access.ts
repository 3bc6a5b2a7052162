import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { packages } from '#server/db/schema/packages.ts';
import type { Transaction } from '#server/db/transaction.ts';
import { AppError } from '#shared/errors.ts';

export type PackageRow = typeof packages.$inferSelect;

/** The two sides of a package, the only members who review it or read its review state. */
export interface Party {
  row: PackageRow;
  role: 'sender' | 'traveler';
  viewerId: string;
  /** The other side, whom this party reviews. */
  counterpartId: string | null;
}

/**
 * The package and the viewer's side of it. Anyone else gets 404 when they may not know the package
 * exists (someone's draft) and 403 when they may (a published package), as the package pages do.
 * Being an admin does not make one a party: reviews are the two members' own.
 */
export async function partyOf(
  db: Database | Transaction,
  packageId: string,
  viewerId: string,
  lock = false,
): Promise<Party> {
  const query = db.select().from(packages).where(eq(packages.id, packageId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || (row.status === 'draft' && row.senderId !== viewerId)) {
    throw new AppError('PACKAGE_NOT_FOUND');
  }
  if (row.senderId === viewerId) return { row, role: 'sender', viewerId, counterpartId: row.travelerId };
  if (row.travelerId === viewerId) return { row, role: 'traveler', viewerId, counterpartId: row.senderId };
  throw new AppError('REVIEW_PARTIES_ONLY');
}
