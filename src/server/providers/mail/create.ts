import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import type { Mailer } from './mailer.ts';
import { createOutboxMailer } from './outbox.ts';

/** The outbox unless a real mail server is configured. */
export function createMailer(_config: Config, db: Database): Mailer {
  return createOutboxMailer(db);
}
