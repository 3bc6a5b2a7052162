import { and, eq, isNull, sql } from 'drizzle-orm';
import { user } from '#server/db/schema/auth.ts';
import type { Transaction } from '#server/db/transaction.ts';

/** Administrators who can act on something (not banned, not deleted): whom the back office's alerts go to. */
export async function adminIds(tx: Transaction): Promise<string[]> {
  const rows = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(sql`'admin' = any(string_to_array(${user.role}, ','))`, eq(user.banned, false), isNull(user.deletedAt)));
  return rows.map((r) => r.id);
}
