import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { packageEvents } from '#server/db/schema/packages.ts';
import type { Transaction } from '#server/db/transaction.ts';
import type { PackageStatus } from '#shared/package-status.ts';

/** When a package reached each status of its timeline. */
export type EventTimes = Partial<Record<PackageStatus, Date>>;

/**
 * A seeded package's timeline as the later seeds read it, so the requests, messages and
 * notifications about it happen when its timeline says.
 */
export async function eventTimesOf(db: Database | Transaction, packageId: string): Promise<EventTimes> {
  const events = await db
    .select({ to: packageEvents.toStatus, at: packageEvents.createdAt })
    .from(packageEvents)
    .where(eq(packageEvents.packageId, packageId));
  return Object.fromEntries(events.map((e) => [e.to, e.at]));
}
