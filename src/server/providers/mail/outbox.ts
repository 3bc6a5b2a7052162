import type { Database } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema/outbox.ts';
import type { Mailer, MailMessage } from './mailer.ts';

/** Keeps every e-mail in the database (readable at /dev/mailbox in demo mode) instead of sending it. */
export function createOutboxMailer(db: Database): Mailer {
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      await db.insert(mailOutbox).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      });
    },
  };
}
