import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { createOutboxPhoneCodeSender, createOutboxTextSender } from './outbox.ts';
import type { PhoneCodeSender, TextMessageSender } from './sms.ts';
import { createTwilioVerifySender } from './twilio.ts';

/** Twilio Verify when TWILIO_* are set, else the database outbox. */
export function createSmsSender(config: Config, db: Database): PhoneCodeSender {
  if (config.twilio) return createTwilioVerifySender(config.twilio);
  return createOutboxPhoneCodeSender(db);
}

/** The outbox without Twilio; null with Twilio Verify, which cannot send a message of ours. */
export function createTextSender(config: Config, db: Database): TextMessageSender | null {
  if (config.twilio) return null;
  return createOutboxTextSender(db);
}
