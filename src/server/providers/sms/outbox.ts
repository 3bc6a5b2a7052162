import type { Database } from '#server/db/client.ts';
import { smsOutbox } from '#server/db/schema/outbox.ts';
import type { SmsMessage, SmsSender } from './sms.ts';

/** Keeps every text message in the database (readable at /dev/mailbox in demo mode). */
export function createOutboxSms(db: Database): SmsSender {
  return {
    kind: 'outbox',
    async send(message: SmsMessage) {
      await db.insert(smsOutbox).values({ to: message.to, text: message.text });
    },
  };
}
