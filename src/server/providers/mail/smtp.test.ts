import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from './smtp.ts';
import { type LocalSmtpServer, startSmtpServer } from './test/smtp-server.ts';

const FROM = 'Tagalong <no-reply@tagalong.test>';

describe('SMTP mailer', () => {
  let smtp: LocalSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer({ tagalong: 'mail-secret' });
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('delivers from, to, subject, text and the HTML part, signing in with the URL credentials', async () => {
    const mailer = createSmtpMailer({ url: smtp.url({ user: 'tagalong', password: 'mail-secret' }), from: FROM });
    try {
      await mailer.send({
        to: 'ada@example.test',
        subject: 'Verify your e-mail',
        text: 'Open http://localhost:3000/api/auth/verify-email?token=abc to verify.',
        html: '<p>Open <a href="http://localhost:3000/api/auth/verify-email?token=abc">this link</a>.</p>',
      });
    } finally {
      await mailer.close?.();
    }

    expect(smtp.received).toHaveLength(1);
    const { mail, envelope, user } = smtp.received[0] ?? expect.fail('nothing received');
    expect(user).toBe('tagalong');
    expect(envelope).toEqual({ from: 'no-reply@tagalong.test', to: ['ada@example.test'] });
    expect(mail.from?.value).toEqual([{ name: 'Tagalong', address: 'no-reply@tagalong.test' }]);
    expect(mail.to).toMatchObject({ value: [{ address: 'ada@example.test' }] });
    expect(mail.subject).toBe('Verify your e-mail');
    expect(mail.text?.trim()).toBe('Open http://localhost:3000/api/auth/verify-email?token=abc to verify.');
    expect(mail.html).toContain('<a href="http://localhost:3000/api/auth/verify-email?token=abc">this link</a>');
  });

  it('sends a text-only message without an HTML part', async () => {
    const mailer = createSmtpMailer({ url: smtp.url(), from: FROM });
    try {
      await mailer.send({ to: 'bob@example.test', subject: 'Plain', text: 'Just text.' });
    } finally {
      await mailer.close?.();
    }

    const last = smtp.received.at(-1);
    expect(last?.user).toBeUndefined();
    expect(last?.mail.subject).toBe('Plain');
    expect(last?.mail.text?.trim()).toBe('Just text.');
    expect(last?.mail.html).toBe(false);
  });

  it('rejects when the server refuses the recipient, saying it was SMTP', async () => {
    const mailer = createSmtpMailer({ url: smtp.url(), from: FROM });
    try {
      await expect(mailer.send({ to: 'bounce@example.test', subject: 'x', text: 'x' })).rejects.toThrow(
        /^SMTP delivery failed: .*Mailbox unavailable/,
      );
    } finally {
      await mailer.close?.();
    }
  });

  it('rejects wrong credentials without repeating the password', async () => {
    const mailer = createSmtpMailer({ url: smtp.url({ user: 'tagalong', password: 'wrong-secret' }), from: FROM });
    try {
      const error = await mailer.send({ to: 'ada@example.test', subject: 'x', text: 'x' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(/^SMTP delivery failed: /);
      expect((error as Error).message).not.toContain('wrong-secret');
    } finally {
      await mailer.close?.();
    }
  });
});
