import type { Database } from '#server/db/client.ts';
import { smsOutbox } from '#server/db/schema/outbox.ts';
import type { PhoneCodeSender } from './sms.ts';

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
