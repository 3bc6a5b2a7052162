import { and, desc, eq, or, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { afterTimeCursor, decodeTimeCursor, encodeCursor } from '#server/db/cursors.ts';
import { packages } from '#server/db/schema/packages.ts';
import { requests } from '#server/db/schema/requests.ts';
import { isAdmin } from '#server/modules/auth/service.ts';
import { AppError } from '#shared/errors.ts';
import type { PackageRequest, RequestListQuery, RequestPage } from '#shared/requests.ts';
import { requestRows, sideOf, toRequest } from './view.ts';

export interface Viewer {
  id: string;
  role: string;
}

export const requestNotFound = () => new AppError('REQUEST_NOT_FOUND');

/**
 * My requests, newest first, a page at a time. Incoming: the other side started it and I answer (a
 * traveler's offer on my package, or a sender's invitation to my trip); outgoing: I started it.
 */
export async function listRequests(db: Database, viewer: Viewer, query: RequestListQuery): Promise<RequestPage> {
  const startedByTraveler = eq(requests.startedBy, 'traveler');
  const startedBySender = eq(requests.startedBy, 'sender');
  const iAmSender = eq(packages.senderId, viewer.id);
  const iAmTraveler = eq(requests.travelerId, viewer.id);
  const mine =
    query.direction === 'incoming'
      ? or(and(startedByTraveler, iAmSender), and(startedBySender, iAmTraveler))
      : or(and(startedByTraveler, iAmTraveler), and(startedBySender, iAmSender));
  const conditions: (SQL | undefined)[] = [mine];
  if (query.status) conditions.push(eq(requests.status, query.status));
  if (query.cursor) {
    conditions.push(afterTimeCursor(requests.createdAt, requests.id, decodeTimeCursor(query.cursor), 'desc'));
  }
  const rows = await requestRows(db, and(...conditions))
    .orderBy(desc(requests.createdAt), desc(requests.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toRequest(row, viewer.id)),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.exactCreatedAt, last.request.id]) : null,
  };
}

/** One request, for either of its two members or an admin; to anyone else it does not exist. */
export async function getRequest(db: Database, viewer: Viewer, id: string): Promise<PackageRequest> {
  const [row] = await requestRows(db, eq(requests.id, id));
  if (!row) throw requestNotFound();
  if (sideOf(row.request, row.pkg.senderId, viewer.id) === null && !isAdmin(viewer)) throw requestNotFound();
  return toRequest(row, viewer.id);
}
