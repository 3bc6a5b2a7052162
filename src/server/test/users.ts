import { desc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { mailOutbox, smsOutbox } from '#server/db/schema/outbox.ts';

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

/** Confirms a mobile number the way a member does: a code texted to the outbox, typed back. */
export async function verifyPhone(app: Injectable, cookie: string, phoneNumber: string): Promise<void> {
  const sent = await app.inject({
    method: 'POST',
    url: '/api/auth/phone-number/send-otp',
    headers: { cookie },
    payload: { phoneNumber },
  });
  if (sent.statusCode !== 200) throw new Error(`send-otp failed: ${sent.statusCode} ${JSON.stringify(sent.json())}`);
  const [sms] = await app.database.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.to, phoneNumber))
    .orderBy(desc(smsOutbox.createdAt))
    .limit(1);
  const code = sms?.text.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`No code was texted to ${phoneNumber}`);
  const verified = await app.inject({
    method: 'POST',
    url: '/api/auth/phone-number/verify',
    headers: { cookie },
    payload: { phoneNumber, code, updatePhoneNumber: true },
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.statusCode}`);
}

let phoneCounter = 0;
/** A valid test number from the fictional US 202-555-01xx range; each test file has its own database. */
export function testPhoneNumber(): string {
  phoneCounter += 1;
  return `+12025550${100 + (phoneCounter % 100)}`;
}
