import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { createOutboxSms } from './outbox.ts';
import type { SmsSender } from './sms.ts';

/** The outbox unless a real SMS provider is configured. */
export function createSmsSender(_config: Config, db: Database): SmsSender {
  return createOutboxSms(db);
}
