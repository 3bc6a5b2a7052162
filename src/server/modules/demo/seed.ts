import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import type { Auth } from '#server/modules/auth/public.ts';
import { DEMO_PASSWORD, demoAccounts } from '#shared/demo.ts';

/**
 * Demo mode's first start: the demo accounts, created through Better Auth like any sign-up (so the
 * password hashing and account rows are the real ones), then marked as the demo needs them.
 * Accounts that already exist are left alone, so a restart changes nothing.
 */
export async function seedDemoAccounts(auth: Auth, db: Database, log: FastifyBaseLogger): Promise<void> {
  const existing = await db
    .select({ email: user.email })
    .from(user)
    .where(
      inArray(
        user.email,
        demoAccounts.map((a) => a.email),
      ),
    );
  const missing = demoAccounts.filter((a) => !existing.some((e) => e.email === a.email));
  for (const account of missing) {
    await auth.api.signUpEmail({ body: { name: account.name, email: account.email, password: DEMO_PASSWORD } });
    await db
      .update(user)
      .set({
        emailVerified: true,
        role: account.admin ? 'admin' : 'user',
        phoneNumber: account.phoneNumber,
        phoneNumberVerified: account.verified,
        kycStatus: account.verified ? 'approved' : 'not_started',
      })
      .where(eq(user.email, account.email));
  }
  if (missing.length > 0) log.info({ accounts: missing.map((a) => a.email) }, 'demo accounts created');
}

/** ADMIN_EMAIL: that account, once it exists, is an administrator (docs/product.md §8). */
export async function promoteAdmin(db: Database, email: string, log: FastifyBaseLogger): Promise<boolean> {
  const rows = await db
    .update(user)
    .set({ role: 'admin' })
    .where(eq(user.email, email.toLowerCase()))
    .returning({ id: user.id });
  if (rows.length === 0) log.warn({ email }, 'ADMIN_EMAIL names no account yet; sign up with it and restart');
  return rows.length > 0;
}
