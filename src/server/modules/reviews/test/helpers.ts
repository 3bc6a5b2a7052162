import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { packages } from '#server/db/schema/packages.ts';
import { insertPackage } from '#server/modules/matching/test/factory.ts';

/**
 * A package the traveler carried and that was completed at `completedAt`, written straight into the
 * table: the reviews rules only read the outcome, however the lifecycle got there.
 */
export async function completedPackage(
  db: Database,
  parties: { senderId: string; travelerId: string },
  completedAt: Date,
  title = 'Two books',
) {
  const row = await insertPackage(db, parties.senderId, { title });
  const [done] = await db
    .update(packages)
    .set({ status: 'completed', travelerId: parties.travelerId, deliveredAt: completedAt, completedAt })
    .where(eq(packages.id, row.id))
    .returning();
  if (!done) throw new Error('package not completed');
  return done;
}
