import { and, asc, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { afterTimeCursor, decodeTimeCursor, encodeCursor, exactTime } from '#server/db/cursors.ts';
import { packagePhotos, packages } from '#server/db/schema/packages.ts';
import type { PackageStatus } from '#shared/package-status.ts';
import { type PackageListQuery, type PackagePage, type PackagePhoto, packageStatusGroups } from '#shared/packages.ts';
import type { Settings } from '#shared/settings.ts';
import type { Viewer } from './access.ts';
import { photoOf, toSummary } from './mapping.ts';

/** `%`, `_` and `\` typed in a search box mean themselves, not LIKE wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The statuses asked for: a tab, a list, or both (then only those in both). */
function statusesOf(query: PackageListQuery): readonly PackageStatus[] | null {
  const group = query.group ? packageStatusGroups[query.group] : null;
  const listed = query.status && query.status.length > 0 ? query.status : null;
  if (group && listed) return listed.filter((s) => (group as readonly PackageStatus[]).includes(s));
  return group ?? listed;
}

/** My packages as their sender, or those I carry as their traveler; last changed first, a page at a time. */
export async function listPackages(
  db: Database,
  viewer: Viewer,
  query: PackageListQuery,
  settings: Settings,
): Promise<PackagePage> {
  const statuses = statusesOf(query);
  if (statuses && statuses.length === 0) return { items: [], nextCursor: null };
  const conditions: SQL[] = [
    query.role === 'traveler' ? eq(packages.travelerId, viewer.id) : eq(packages.senderId, viewer.id),
  ];
  if (statuses) conditions.push(inArray(packages.status, [...statuses]));
  if (query.q) conditions.push(ilike(packages.title, `%${escapeLike(query.q)}%`));
  if (query.cursor) {
    conditions.push(afterTimeCursor(packages.updatedAt, packages.id, decodeTimeCursor(query.cursor), 'desc'));
  }
  const rows = await db
    .select({ row: packages, exactUpdatedAt: exactTime(packages.updatedAt) })
    .from(packages)
    .where(and(...conditions))
    .orderBy(desc(packages.updatedAt), desc(packages.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > query.limit && last ? encodeCursor([last.exactUpdatedAt, last.row.id]) : null;

  const firstPhotos = new Map<string, PackagePhoto>();
  if (page.length > 0) {
    const photos = await db
      .select()
      .from(packagePhotos)
      .where(
        inArray(
          packagePhotos.packageId,
          page.map((p) => p.row.id),
        ),
      )
      .orderBy(asc(packagePhotos.position), asc(packagePhotos.createdAt));
    for (const photo of photos) if (!firstPhotos.has(photo.packageId)) firstPhotos.set(photo.packageId, photoOf(photo));
  }
  return {
    items: page.map(({ row }) => toSummary(row, firstPhotos.get(row.id) ?? null, settings)),
    nextCursor,
  };
}
