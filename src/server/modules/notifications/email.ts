import type { MailMessage } from '#server/providers/mail/mailer.ts';

// The words of a notification's e-mail copy (sent when the member's preference is on).

const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function notificationEmail(
  to: { email: string; name: string },
  notification: { title: string; body: string; link: string | null },
  baseUrl: string,
): MailMessage {
  const url = `${baseUrl}${notification.link ?? '/user/communication/notifications'}`;
  const settings = `${baseUrl}/user/profile/profile-settings`;
  const footer = 'You receive these e-mails because e-mail notifications are on in your profile settings.';
  return {
    to: to.email,
    subject: notification.title,
    text: `Hi ${to.name},\n\n${notification.body}\n\nOpen: ${url}\n\n${footer}\nTurn them off: ${settings}`,
    html: `<div style="font-family:system-ui,sans-serif;max-width:32rem"><p>Hi ${escapeHtml(to.name)},</p><p>${escapeHtml(
      notification.body,
    )}</p><p><a href="${escapeHtml(url)}" style="background:#0f766e;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Open in Tagalong</a></p><p style="color:#475569;font-size:13px">${escapeHtml(
      footer,
    )} <a href="${escapeHtml(settings)}">Turn them off</a>.</p></div>`,
  };
}
