import type { Database } from '#server/db/client.ts';
import { smsOutbox } from '#server/db/schema/outbox.ts';
import type { PhoneCodeSender, TextMessageSender } from './sms.ts';

/**
 * Keeps every text message in the database (readable at /dev/mailbox in demo mode); Better Auth checks
 * the code. "10 minutes" is the phone-number plugin's expiresIn (modules/auth/auth.ts).
 */
export function createOutboxPhoneCodeSender(db: Database): PhoneCodeSender {
  return {
    kind: 'outbox',
    async sendCode(phoneNumber, code) {
      await db
        .insert(smsOutbox)
        .values({ to: phoneNumber, text: `Your Tagalong code is ${code}. It expires in 10 minutes.` });
    },
  };
}

/** Keeps each text message in the outbox (readable at /dev/mailbox in demo mode). */
export function createOutboxTextSender(db: Database): TextMessageSender {
  return {
    kind: 'outbox',
    async send(phoneNumber, text) {
      await db.insert(smsOutbox).values({ to: phoneNumber, text });
    },
  };
}
