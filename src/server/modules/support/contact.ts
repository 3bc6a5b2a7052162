import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { countInWindow, minutesLeft } from '#server/db/rate-window.ts';
import { user } from '#server/db/schema/auth.ts';
import { packages } from '#server/db/schema/packages.ts';
import { supportMessage, supportTicket } from '#server/db/schema/support.ts';
import { adminIds, type Notifier } from '#server/modules/notifications/public.ts';
import type { Mailer } from '#server/providers/mail/mailer.ts';
import { AppError } from '#shared/errors.ts';
import { type ContactForm, type ContactReceipt, SUPPORT_LIMITS, supportTopicLabels } from '#shared/support.ts';
import { contactConfirmationEmail } from './emails.ts';
import { previewOf } from './read.ts';

// The contact form (docs/product.md §13): anyone may write; a ticket is opened, the administrators
// hear of it live, and the writer gets a confirmation by e-mail.

const HOUR_MS = 60 * 60 * 1000;
const UUID_IN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

export interface SupportDeps {
  db: Database;
  notifier: Notifier;
  mailer: Mailer;
  log: FastifyBaseLogger;
  baseUrl: string;
  /** Off only in tests that send many messages from one address. */
  rateLimit: boolean;
}

export interface ContactInput {
  form: ContactForm;
  /** The signed-in member, whose account address is used whatever the form says. */
  member: { id: string; email: string; name: string } | null;
  ip: string;
}

/**
 * A few messages an hour from one network address and to one e-mail address: enough for anyone with
 * a question, too few to flood the queue or use the confirmation e-mail to bother a stranger.
 */
async function countMessage(db: Database, keys: string[], now: number) {
  for (const key of keys) {
    const counted = await countInWindow(db, `support-contact:${key}`, HOUR_MS, now);
    if (counted.count > SUPPORT_LIMITS.perHour) {
      throw new AppError('SUPPORT_RATE_LIMITED', {
        params: { minutes: minutesLeft(counted.windowStartedAt, HOUR_MS, now) },
      });
    }
  }
}

/** The package a reference names (its link or id), if there is one. */
async function packageNamed(db: Database, ref: string | undefined): Promise<string | null> {
  const id = ref?.match(UUID_IN)?.[0]?.toLowerCase();
  if (!id) return null;
  const [row] = await db.select({ id: packages.id }).from(packages).where(eq(packages.id, id));
  return row?.id ?? null;
}

export async function submitContact(deps: SupportDeps, input: ContactInput): Promise<ContactReceipt> {
  const { db, notifier, mailer, log } = deps;
  const { form, member } = input;
  const email = (member?.email ?? form.email).toLowerCase();
  // A filled honeypot: answered like a kept message, so a program cannot tell, but nothing is kept or sent.
  if (form.website?.trim()) {
    log.info({ ip: input.ip }, 'contact form honeypot filled; message dropped');
    return { number: null, email };
  }
  if (deps.rateLimit) await countMessage(db, [`ip:${input.ip}`, `email:${email}`], Date.now());
  const name = member?.name ?? (form.name || null);
  const packageId = await packageNamed(db, form.packageRef);

  const ticket = await notifier.transaction(db, async (tx, notify) => {
    const [row] = await tx
      .insert(supportTicket)
      .values({
        userId: member?.id ?? null,
        email,
        name,
        topic: form.topic,
        packageRef: form.packageRef || null,
        packageId,
      })
      .returning();
    if (!row) throw new Error('support ticket insert returned nothing');
    await tx.insert(supportMessage).values({
      ticketId: row.id,
      fromTeam: false,
      authorId: member?.id ?? null,
      body: form.message,
      createdAt: row.createdAt,
    });
    await notify({
      userIds: await adminIds(tx),
      type: 'support_ticket',
      title: `New support ticket #${row.number}`,
      body: `${name ?? email} wrote about ${supportTopicLabels[form.topic].toLowerCase()}: ${previewOf(form.message)}`,
      link: `/admin/support/${row.id}`,
      data: { ticketId: row.id, number: row.number },
      emailCopy: false,
    });
    return row;
  });

  try {
    await mailer.send(
      contactConfirmationEmail(
        { email, name },
        { id: ticket.id, number: ticket.number, topic: form.topic, member: member !== null },
        form.message,
        deps.baseUrl,
      ),
    );
  } catch (err) {
    // The ticket is kept and shown on screen with its number; only the copy by e-mail is lost.
    log.error({ err, ticketId: ticket.id }, 'contact confirmation e-mail failed');
  }
  return { number: ticket.number, email };
}

/** The member's current address and name, for an answer to their ticket (they may have changed it). */
export async function memberContact(db: Database, userId: string) {
  const [row] = await db
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(and(eq(user.id, userId), isNull(user.deletedAt)));
  return row ?? null;
}
