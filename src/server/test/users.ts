import { desc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema/outbox.ts';

export const TEST_PASSWORD = 'correct-horse-battery';

/** The link of the newest e-mail sent to an address (from the embedded outbox). */
export async function latestMailLink(db: Database, to: string, pattern = /https?:\/\/\S+/): Promise<string> {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const link = mail?.text.match(pattern)?.[0];
  if (!link) throw new Error(`No e-mail with a link was sent to ${to}`);
  return link;
}

interface Injectable {
  inject(options: { method?: string; url: string; payload?: unknown; headers?: Record<string, string> }): Promise<{
    statusCode: number;
    cookies: { name: string; value: string }[];
    json(): unknown;
  }>;
  database: { db: Database };
}

/**
 * A user as the product makes one: sign-up, then the verification link from the e-mail, which
 * signs them in. Returns the session cookie.
 */
export async function signUpVerified(
  app: Injectable,
  email: string,
  name = 'Test User',
): Promise<{ cookie: string; id: string }> {
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { name, email, password: TEST_PASSWORD },
  });
  if (signUp.statusCode !== 200)
    throw new Error(`sign-up failed: ${signUp.statusCode} ${JSON.stringify(signUp.json())}`);
  const id = (signUp.json() as { user: { id: string } }).user.id;
  const link = new URL(await latestMailLink(app.database.db, email, /https?:\/\/\S+verify-email\S+/));
  const verified = await app.inject({ url: link.pathname + link.search });
  const cookie = verified.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  if (!cookie.includes('session_token')) throw new Error(`verification did not sign in (${verified.statusCode})`);
  return { cookie, id };
}
