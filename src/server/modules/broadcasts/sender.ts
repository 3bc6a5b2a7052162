import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { broadcast } from '#server/db/schema/broadcasts.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import type { BroadcastSegment } from '#shared/admin-broadcasts.ts';
import { segmentCondition } from './segments.ts';

// Sending a broadcast (ADR 0050): a thousand members per transaction, in member id order, each batch
// written with its progress, so the requests of everyone else go on between batches and a node that
// stops mid-way leaves a cursor the next one resumes from. The lease makes sure one node writes at a
// time: a batch is written only while its node holds the lease, and the commit extends it.

export const BROADCAST_BATCH = 1_000;
const LEASE_MS = 30_000;

export interface BroadcastDeps {
  db: Database;
  notifier: Notifier;
  log: FastifyBaseLogger;
}

/** Takes the broadcast's lease if nobody holds it; the token, or null when another node does. */
async function takeLease(db: Database, id: string): Promise<string | null> {
  const token = randomUUID();
  const [taken] = await db
    .update(broadcast)
    .set({ leaseToken: token, leaseUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval` })
    .where(
      and(
        eq(broadcast.id, id),
        inArray(broadcast.status, ['queued', 'sending']),
        or(isNull(broadcast.leaseUntil), lt(broadcast.leaseUntil, sql`now()`)),
      ),
    )
    .returning({ id: broadcast.id });
  return taken ? token : null;
}

/** Writes the next batch; false when there was none left (the broadcast is sent). */
async function nextBatch(deps: BroadcastDeps, id: string, token: string): Promise<boolean> {
  return deps.notifier.transaction(deps.db, async (tx, notify) => {
    const [row] = await tx
      .select()
      .from(broadcast)
      .where(and(eq(broadcast.id, id), eq(broadcast.leaseToken, token)))
      .for('update');
    if (!row || row.status === 'sent') return false;
    const members = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(segmentCondition(row.segment as BroadcastSegment), row.cursor ? gt(user.id, row.cursor) : undefined))
      .orderBy(asc(user.id))
      .limit(BROADCAST_BATCH);
    const last = members.at(-1);
    if (!last) {
      await tx
        .update(broadcast)
        .set({ status: 'sent', finishedAt: sql`now()`, leaseToken: null, leaseUntil: null })
        .where(eq(broadcast.id, id));
      return false;
    }
    await notify({
      userIds: members.map((m) => m.id),
      type: 'broadcast',
      title: row.title,
      body: row.body,
      link: row.link,
      data: { broadcastId: id },
    });
    await tx
      .update(broadcast)
      .set({
        status: 'sending',
        cursor: last.id,
        delivered: sql`${broadcast.delivered} + ${members.length}`,
        startedAt: sql`coalesce(${broadcast.startedAt}, now())`,
        leaseUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval`,
      })
      .where(eq(broadcast.id, id));
    return true;
  });
}

/** Sends what is left of one broadcast, if this node can take it; resolves when it is all written. */
export async function deliverBroadcast(deps: BroadcastDeps, id: string): Promise<void> {
  const token = await takeLease(deps.db, id);
  if (!token) return;
  while (await nextBatch(deps, id, token)) await yieldToOthers();
}

/** The jobs' share: broadcasts nobody is sending (new, or left by a node that stopped), oldest first. */
export async function deliverDueBroadcasts(deps: BroadcastDeps): Promise<number> {
  const due = await deps.db
    .select({ id: broadcast.id })
    .from(broadcast)
    .where(
      and(
        inArray(broadcast.status, ['queued', 'sending']),
        or(isNull(broadcast.leaseUntil), lt(broadcast.leaseUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(broadcast.createdAt))
    .limit(5);
  for (const { id } of due) await deliverBroadcast(deps, id);
  return due.length;
}

/** Starts sending at once, apart from the request, and lets shutdown wait for the batches under way. */
export function createBroadcaster(deps: BroadcastDeps) {
  const running = new Set<Promise<void>>();
  return {
    start(id: string) {
      const job = deliverBroadcast(deps, id).catch((err) =>
        deps.log.error({ err, broadcastId: id }, 'broadcast failed'),
      );
      running.add(job);
      void job.finally(() => running.delete(job));
    },
    async drain() {
      await Promise.allSettled([...running]);
    },
  };
}
export type Broadcaster = ReturnType<typeof createBroadcaster>;
