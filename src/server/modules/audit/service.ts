import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { listTotal } from '#server/db/counts.ts';
import { afterTimeCursor, decodeTimeCursor, encodeCursor, exactTime } from '#server/db/cursors.ts';
import { auditLog } from '#server/db/schema/audit.ts';
import { user } from '#server/db/schema/auth.ts';
import type { Transaction } from '#server/db/transaction.ts';
import { boundary } from '#shared/admin-money.ts';
import type { AuditAction, AuditEntry, AuditListQuery, AuditPage, AuditSubjectType } from '#shared/audit.ts';

// The audit log (docs/product.md §8, ADR 0043): written in the transaction of the change it records, so
// it exists exactly when the change does, and never changed afterwards (the database refuses).

export interface AuditRecord {
  /** The admin who acted; null only where there is nobody to name (demo data seeded without its admin). */
  actorId: string | null;
  action: AuditAction;
  subject: { type: AuditSubjectType; id: string };
  /** The fields the action changes, as they were. */
  before?: Record<string, unknown> | null;
  /** The same fields as the action left them. */
  after?: Record<string, unknown> | null;
  /** The admin's words for why. */
  reason?: string | null;
  /** Context that is neither before nor after: amounts, related ids. */
  data?: Record<string, unknown>;
  /** When it happened, when not now: only demo data, which is dated in the past, sets it. */
  at?: Date;
}

/** Writes one row of the audit log in the caller's transaction: rolled back with it. */
export async function recordAudit(tx: Transaction, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: record.actorId,
    action: record.action,
    subjectType: record.subject.type,
    subjectId: record.subject.id,
    before: record.before ?? null,
    after: record.after ?? null,
    reason: record.reason || null,
    data: record.data ?? {},
    ...(record.at ? { createdAt: record.at } : {}),
  });
}

/** The log, newest first, by actor, action, subject and period, a page at a time (keyset cursor). */
export async function listAudit(db: Database, query: AuditListQuery): Promise<AuditPage> {
  const conditions: SQL[] = [];
  if (query.actorId) conditions.push(eq(auditLog.actorId, query.actorId));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.subjectType) conditions.push(eq(auditLog.subjectType, query.subjectType));
  if (query.subjectId) conditions.push(eq(auditLog.subjectId, query.subjectId));
  if (query.from) conditions.push(gte(auditLog.createdAt, boundary(query.from, 'from')));
  if (query.to) conditions.push(lt(auditLog.createdAt, boundary(query.to, 'to')));
  const total = await listTotal(
    db,
    db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(...conditions))
      .$dynamic(),
  );
  if (query.cursor) {
    conditions.push(afterTimeCursor(auditLog.createdAt, auditLog.id, decodeTimeCursor(query.cursor), 'desc'));
  }
  const rows = await db
    .select({
      row: auditLog,
      exactCreatedAt: exactTime(auditLog.createdAt),
      actor: { id: user.id, name: user.name, email: user.email },
    })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.actorId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(
      ({ row, actor }): AuditEntry => ({
        id: row.id,
        // The response schema checks both: a name the contract does not know is a bug to see, not hide.
        action: row.action as AuditAction,
        subject: { type: row.subjectType as AuditSubjectType, id: row.subjectId },
        actor: actor?.id ? actor : null,
        before: row.before,
        after: row.after,
        reason: row.reason,
        data: row.data,
        createdAt: row.createdAt.toISOString(),
      }),
    ),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.exactCreatedAt, last.row.id]) : null,
    total,
  };
}
