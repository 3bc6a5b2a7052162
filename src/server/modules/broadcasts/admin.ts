import { count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { afterTimeCursor, decodeTimeCursor, encodeCursor, exactTime } from '#server/db/cursors.ts';
import { user } from '#server/db/schema/auth.ts';
import { broadcast } from '#server/db/schema/broadcasts.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import {
  BROADCAST_LIMITS,
  type Broadcast,
  type BroadcastAudience,
  type BroadcastDraft,
  type BroadcastPage,
  type BroadcastSegment,
  type BroadcastStatus,
} from '#shared/admin-broadcasts.ts';
import { AppError } from '#shared/errors.ts';
import { segmentCondition } from './segments.ts';

// The back office's broadcasts (docs/product.md §8): how many a segment reaches, sending one (audited,
// then written in the background), and the history with delivered and read counts.

export async function audienceOf(db: Database, segment: BroadcastSegment): Promise<BroadcastAudience> {
  const [row] = await db.select({ n: count() }).from(user).where(segmentCondition(segment));
  return { count: Number(row?.n ?? 0) };
}

const readCount = sql<number>`(select count(*)::int from notification n
  where n.type = 'broadcast' and n.data ->> 'broadcastId' = ${broadcast.id}::text and n.read_at is not null)`;

const selection = {
  row: broadcast,
  read: readCount,
  at: exactTime(broadcast.createdAt),
  by: { id: user.id, name: user.name },
};

function toBroadcast(r: {
  row: typeof broadcast.$inferSelect;
  read: number;
  by: { id: string | null; name: string | null } | null;
}): Broadcast {
  return {
    id: r.row.id,
    title: r.row.title,
    body: r.row.body,
    link: r.row.link,
    segment: r.row.segment as BroadcastSegment,
    status: r.row.status as BroadcastStatus,
    audience: r.row.audience,
    delivered: r.row.delivered,
    read: Number(r.read),
    createdBy: r.by?.id && r.by.name !== null ? { id: r.by.id, name: r.by.name } : null,
    createdAt: r.row.createdAt.toISOString(),
    finishedAt: r.row.finishedAt?.toISOString() ?? null,
  };
}

export async function getBroadcast(db: Database, id: string): Promise<Broadcast> {
  const [found] = await db
    .select(selection)
    .from(broadcast)
    .leftJoin(user, eq(user.id, broadcast.createdBy))
    .where(eq(broadcast.id, id));
  if (!found) throw new AppError('BROADCAST_NOT_FOUND');
  return toBroadcast(found);
}

export async function listBroadcasts(db: Database, cursor: string | undefined): Promise<BroadcastPage> {
  const rows = await db
    .select(selection)
    .from(broadcast)
    .leftJoin(user, eq(user.id, broadcast.createdBy))
    .where(cursor ? afterTimeCursor(broadcast.createdAt, broadcast.id, decodeTimeCursor(cursor), 'desc') : undefined)
    .orderBy(desc(broadcast.createdAt), desc(broadcast.id))
    .limit(BROADCAST_LIMITS.pageSize + 1);
  const page = rows.slice(0, BROADCAST_LIMITS.pageSize);
  const last = page.at(-1);
  return {
    items: page.map(toBroadcast),
    nextCursor: rows.length > BROADCAST_LIMITS.pageSize && last ? encodeCursor([last.at, last.row.id]) : null,
  };
}

/** Queues the broadcast with its audience as it is now, audited in the same transaction. */
export async function createBroadcast(db: Database, adminId: string, draft: BroadcastDraft): Promise<string> {
  return db.transaction(async (tx) => {
    const [audience] = await tx.select({ n: count() }).from(user).where(segmentCondition(draft.segment));
    const [row] = await tx
      .insert(broadcast)
      .values({
        title: draft.title,
        body: draft.body,
        link: draft.link ?? null,
        segment: draft.segment,
        audience: Number(audience?.n ?? 0),
        createdBy: adminId,
      })
      .returning({ id: broadcast.id, audience: broadcast.audience });
    if (!row) throw new Error('broadcast insert returned nothing');
    await recordAudit(tx, {
      actorId: adminId,
      action: 'broadcast.send',
      subject: { type: 'broadcast', id: row.id },
      after: { title: draft.title, segment: draft.segment },
      data: { audience: row.audience, link: draft.link ?? null },
    });
    return row.id;
  });
}
