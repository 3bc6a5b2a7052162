import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import type { Mailer } from './mailer.ts';
import { createOutboxMailer } from './outbox.ts';
import { createSmtpMailer } from './smtp.ts';

/** SMTP when SMTP_URL is set, else the database outbox. Call `close()` on shutdown. */
export function createMailer(config: Config, db: Database): Mailer {
  if (config.smtpUrl) return createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom });
  return createOutboxMailer(db);
}
