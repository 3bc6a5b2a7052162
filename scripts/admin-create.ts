// `npm run admin:create -- --email ops@example.com [--name "Ops"] [--password ...]`
// Makes that account an administrator, creating it (e-mail confirmed) if it does not exist yet.
// Without --password a random one is generated and printed once.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { DataDirLockedError } from '#server/db/data-dir-lock.ts';
import { user } from '#server/db/schema/auth.ts';
import { createAuth } from '#server/modules/auth/auth.ts';
import { createMailer } from '#server/providers/mail/create.ts';
import { createSmsSender } from '#server/providers/sms/create.ts';

const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
});
if (!values.email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(values.email)) {
  console.error('Usage: npm run admin:create -- --email someone@example.com [--name "Name"] [--password secret]');
  process.exit(2);
}
const email = values.email.toLowerCase();
const config = loadConfig();
// The embedded folder is the running server's alone (ADR 0027); there is no way in through it.
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
).catch((err: unknown) => {
  if (!(err instanceof DataDirLockedError)) throw err;
  console.error(
    `The server (pid ${err.pid}) is running on ${err.dataDir}, and only one process may open it. Stop the ` +
      `server first, then run this again; or set ADMIN_EMAIL=${email} and restart the server, which makes ` +
      'that account an administrator once it exists.',
  );
  process.exit(75);
});
try {
  await database.migrate();
  const { db } = database;
  const [found] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  let password: string | undefined;
  if (!found) {
    password = values.password ?? randomBytes(12).toString('base64url');
    const mailer = createMailer(config, db);
    const auth = createAuth(config, db, { mailer, sms: createSmsSender(config, db) });
    try {
      await auth.api.signUpEmail({ body: { email, password, name: values.name ?? email.split('@')[0] ?? 'Admin' } });
    } finally {
      await mailer.close?.();
    }
    await db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
  }
  await db.update(user).set({ role: 'admin' }).where(eq(user.email, email));
  console.log(found ? `${email} is now an administrator.` : `Created administrator ${email}.`);
  if (password && !values.password) console.log(`Password (shown once): ${password}`);
} finally {
  await database.close();
}
