import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer.ts';

export interface SmtpMailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://…:465`; query options such as `?pool=true` pass to nodemailer. */
  url: string;
  /** The From header, e.g. `Tagalong <no-reply@tagalong.test>`. */
  from: string;
}

/** Sends e-mail through an SMTP server (SMTP_URL). */
export function createSmtpMailer({ url, from }: SmtpMailerOptions): Mailer {
  // Sign-up and password reset wait for the e-mail to be handed over, so an unreachable server must
  // fail the request in seconds, not after nodemailer's default two minutes. The URL can override these.
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
        });
      } catch (error) {
        throw new Error(`SMTP delivery failed: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
    },
    async close() {
      transport.close();
    },
  };
}
