import type { MailMessage } from '#server/providers/mail/mailer.ts';

// The words of the account e-mails, in one place. Plain text first (it is what tests and the outbox
// read); the HTML part is the same text with a button.

function html(lines: string[], action: { label: string; url: string }): string {
  const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<div style="font-family:system-ui,sans-serif;max-width:32rem">${lines
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join(
      '',
    )}<p><a href="${escapeHtml(action.url)}" style="background:#0f766e;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="color:#475569;font-size:13px">${escapeHtml(action.url)}</p></div>`;
}

export function verificationEmail(to: string, name: string, url: string): MailMessage {
  const lines = [`Hi ${name},`, 'Please confirm your e-mail address to finish creating your Tagalong account.'];
  return {
    to,
    subject: 'Confirm your e-mail address',
    text: `${lines.join('\n\n')}\n\nConfirm: ${url}\n\nIf you did not create an account, ignore this e-mail.`,
    html: html(lines, { label: 'Confirm my e-mail', url }),
  };
}

export function resetPasswordEmail(to: string, name: string, url: string): MailMessage {
  const lines = [
    `Hi ${name},`,
    'Someone asked to reset the password of your Tagalong account. The link works once, for one hour.',
  ];
  return {
    to,
    subject: 'Reset your Tagalong password',
    text: `${lines.join('\n\n')}\n\nReset: ${url}\n\nIf it was not you, ignore this e-mail: your password stays as it is.`,
    html: html(lines, { label: 'Choose a new password', url }),
  };
}

export function existingAccountEmail(to: string, name: string, baseUrl: string): MailMessage {
  const lines = [
    `Hi ${name},`,
    'Someone (maybe you) tried to create a Tagalong account with this e-mail address. You already have one.',
    `Sign in at ${baseUrl}/auth/login, or if you forgot your password, reset it at ${baseUrl}/auth/forgot-password.`,
  ];
  return {
    to,
    subject: 'You already have a Tagalong account',
    text: `${lines.join('\n\n')}\n\nIf it was not you, ignore this e-mail: nothing has changed.`,
    html: html(lines, { label: 'Sign in', url: `${baseUrl}/auth/login` }),
  };
}
