import type { MailMessage } from '#server/providers/mail/mailer.ts';
import { type SupportTopic, supportTopicLabels } from '#shared/support.ts';

// The support desk's e-mails: the confirmation of a message, and an answer from the team. Both go
// whatever the notification preference says: the person asked us something and waits for it.

const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const paragraphs = (v: string) =>
  v
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`)
    .join('');
const quoted = (v: string) =>
  v
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');

interface TicketWords {
  number: number;
  id: string;
  topic: SupportTopic;
  /** Set when the ticket belongs to a member: the answer can be read and replied to in the help center. */
  member: boolean;
}

const greeting = (name: string | null) => (name ? `Hi ${name},` : 'Hello,');

function where(ticket: TicketWords, baseUrl: string) {
  return ticket.member
    ? { url: `${baseUrl}/user/help-center/${ticket.id}`, how: 'Read and answer it in your help center:' }
    : { url: null, how: 'Reply to this e-mail address through our contact form, quoting the number:' };
}

export function contactConfirmationEmail(
  to: { email: string; name: string | null },
  ticket: TicketWords,
  message: string,
  baseUrl: string,
): MailMessage {
  const subject = `We have your message (#${ticket.number})`;
  const link = ticket.member ? `${baseUrl}/user/help-center/${ticket.id}` : `${baseUrl}/need-help`;
  const lead = `Thank you for writing to Tagalong about "${supportTopicLabels[ticket.topic]}". Someone from our team will answer, usually within one working day. Your reference is #${ticket.number}.`;
  return {
    to: to.email,
    subject,
    text: `${greeting(to.name)}\n\n${lead}\n\nWhat you wrote:\n${quoted(message)}\n\n${link}`,
    html: `<div style="font-family:system-ui,sans-serif;max-width:32rem"><p>${escapeHtml(greeting(to.name))}</p><p>${escapeHtml(
      lead,
    )}</p><p style="color:#475569">What you wrote:</p><blockquote style="border-left:3px solid #cbd5e1;margin:0;padding-left:12px;color:#334155">${paragraphs(
      message,
    )}</blockquote><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p></div>`,
  };
}

export function supportAnswerEmail(
  to: { email: string; name: string | null },
  ticket: TicketWords,
  answer: string,
  baseUrl: string,
): MailMessage {
  const { url, how } = where(ticket, baseUrl);
  const next = url ?? `${baseUrl}/need-help`;
  return {
    to: to.email,
    subject: `Tagalong support answered your message (#${ticket.number})`,
    text: `${greeting(to.name)}\n\nOur team answered your message #${ticket.number}:\n\n${answer}\n\n${how}\n${next}`,
    html: `<div style="font-family:system-ui,sans-serif;max-width:32rem"><p>${escapeHtml(greeting(to.name))}</p><p>Our team answered your message #${
      ticket.number
    }:</p><blockquote style="border-left:3px solid #0f766e;margin:0;padding-left:12px">${paragraphs(answer)}</blockquote><p>${escapeHtml(
      how,
    )} <a href="${escapeHtml(next)}">${escapeHtml(next)}</a></p></div>`,
  };
}
