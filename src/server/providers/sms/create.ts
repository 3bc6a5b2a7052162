import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { createOutboxPhoneCodeSender } from './outbox.ts';
import type { PhoneCodeSender } from './sms.ts';
import { createTwilioVerifySender } from './twilio.ts';

/** Twilio Verify when TWILIO_* are set, else the database outbox. */
export function createSmsSender(config: Config, db: Database): PhoneCodeSender {
  if (config.twilio) return createTwilioVerifySender(config.twilio);
  return createOutboxPhoneCodeSender(db);
}
