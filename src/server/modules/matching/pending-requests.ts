import { and, inArray } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { requests } from '#server/db/schema/requests.ts';
import type { MatchPendingRequest } from '#shared/matching.ts';
import type { RequestStarter } from '#shared/requests.ts';

// The pending request behind each card of a match page (docs/product.md §4): one query per page, apart from
// the match query so its plan stays the one ADR 0017 measured. The partial unique index
// request_one_pending (package_id, traveler_id) where status = 'pending' answers it, and guarantees at
// most one row per pair.

export type PendingByPair = (packageId: string, travelerId: string) => MatchPendingRequest;

/** The pending requests between any of these packages and any of these travelers. Exported apart so the benchmark can EXPLAIN it. */
export function pendingRequestsQuery(db: Database, packageIds: string[], travelerIds: string[]) {
  return db
    .select({
      id: requests.id,
      packageId: requests.packageId,
      travelerId: requests.travelerId,
      startedBy: requests.startedBy,
    })
    .from(requests)
    .where(
      and(
        // An agreement waiting for the difference is still the pair's open request (docs/product.md §4.5).
        inArray(requests.status, ['pending', 'agreed']),
        inArray(requests.packageId, [...new Set(packageIds)]),
        inArray(requests.travelerId, [...new Set(travelerIds)]),
      ),
    );
}

/** The same, looked up by pair: null where none is pending. */
export async function pendingRequestsBetween(
  db: Database,
  packageIds: string[],
  travelerIds: string[],
): Promise<PendingByPair> {
  const found = new Map<string, NonNullable<MatchPendingRequest>>();
  const key = (packageId: string, travelerId: string) => `${packageId}|${travelerId}`;
  if (packageIds.length > 0 && travelerIds.length > 0) {
    for (const row of await pendingRequestsQuery(db, packageIds, travelerIds)) {
      found.set(key(row.packageId, row.travelerId), { id: row.id, startedBy: row.startedBy as RequestStarter });
    }
  }
  return (packageId, travelerId) => found.get(key(packageId, travelerId)) ?? null;
}
