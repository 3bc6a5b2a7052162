import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/outbox.ts';
import { createTestApp } from '#server/test/app.ts';
import { TEST_PASSWORD } from '#server/test/users.ts';
import { type LocalSmtpServer, startSmtpServer } from './test/smtp-server.ts';

// The whole app with SMTP_URL pointing at a real local SMTP server: the e-mails Better Auth sends
// leave through nodemailer, and the link read from the delivered message works.
describe('sign-up with SMTP_URL set', () => {
  let smtp: LocalSmtpServer;
  let app: FastifyInstance;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp({ smtpUrl: smtp.url(), mailFrom: 'Tagalong <no-reply@tagalong.test>' });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('delivers the verification e-mail over SMTP; its link verifies and signs in', async () => {
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Ada Lovelace', email: 'ada.smtp@example.test', password: TEST_PASSWORD },
    });
    expect(signUp.statusCode).toBe(200);

    const delivered = smtp.received.filter((r) => r.envelope.to.includes('ada.smtp@example.test'));
    expect(delivered).toHaveLength(1);
    const { mail, envelope } = delivered[0] ?? expect.fail('no e-mail delivered');
    expect(envelope.from).toBe('no-reply@tagalong.test');
    expect(mail.html).toEqual(expect.any(String));
    const link = mail.text?.match(/https?:\/\/\S+verify-email\S+/)?.[0] ?? expect.fail('no verification link');

    const url = new URL(link);
    const verified = await app.inject({ url: url.pathname + url.search });
    expect(verified.cookies.map((c) => c.name).join(' ')).toContain('session_token');
    const me = await app.inject({
      url: '/api/auth/me',
      headers: { cookie: verified.cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
    });
    expect(me.json()).toMatchObject({ email: 'ada.smtp@example.test', emailVerified: true });

    // With SMTP configured nothing is kept in the outbox.
    expect(await app.database.db.select().from(mailOutbox)).toEqual([]);
  });
});
