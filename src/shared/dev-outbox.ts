import { z } from 'zod';
import { text } from './text.ts';

// GET /api/dev/outbox (demo mode only): what the embedded mail and SMS providers "sent".

export const DEV_OUTBOX_LIMIT = 50;

export const devOutboxQuerySchema = z.object({
  /** Only messages to this e-mail address or phone number (case-insensitive). */
  to: text().trim().min(1).max(320).optional(),
});
export type DevOutboxQuery = z.infer<typeof devOutboxQuerySchema>;

export const outboxMailSchema = z
  .object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), createdAt: z.iso.datetime() })
  .meta({ id: 'OutboxMail' });
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxSmsSchema = z
  .object({ id: z.string(), to: z.string(), text: z.string(), createdAt: z.iso.datetime() })
  .meta({ id: 'OutboxSms' });
export type OutboxSms = z.infer<typeof outboxSmsSchema>;

/** Newest first, at most DEV_OUTBOX_LIMIT of each. */
export const devOutboxSchema = z
  .object({ mail: z.array(outboxMailSchema), sms: z.array(outboxSmsSchema) })
  .meta({ id: 'DevOutbox' });
export type DevOutbox = z.infer<typeof devOutboxSchema>;
