import { desc, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { mailOutbox, smsOutbox } from '#server/db/schema/outbox.ts';
import { DEV_OUTBOX_LIMIT, type DevOutbox, type DevOutboxQuery } from '#shared/dev-outbox.ts';

/** The newest messages of both outboxes, optionally only those to one recipient. */
export async function listOutbox(db: Database, query: DevOutboxQuery): Promise<DevOutbox> {
  const to = query.to?.toLowerCase();
  const [mail, sms] = await Promise.all([
    db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .where(to ? sql`lower(${mailOutbox.to}) = ${to}` : undefined)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(DEV_OUTBOX_LIMIT),
    db
      .select({ id: smsOutbox.id, to: smsOutbox.to, text: smsOutbox.text, createdAt: smsOutbox.createdAt })
      .from(smsOutbox)
      .where(to ? sql`lower(${smsOutbox.to}) = ${to}` : undefined)
      .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
      .limit(DEV_OUTBOX_LIMIT),
  ]);
  return {
    mail: mail.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    sms: sms.map((s) => ({ ...s, createdAt: s.createdAt.toISOString() })),
  };
}
