import { and, eq, like } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { verification } from '#server/db/schema/auth.ts';

// Better Auth keeps each reset link as a `verification` row, `reset-password:<token>` → user id, and
// consumes only the link that was used. A link is a way into the account, so once the password has
// been chosen again (by a link, or signed in) every other link of that account stops working.

/** Ends every outstanding password-reset link of the account. */
export async function forgetResetLinks(db: Database, userId: string): Promise<void> {
  await db
    .delete(verification)
    .where(and(like(verification.identifier, 'reset-password:%'), eq(verification.value, userId)));
}
