import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified, TEST_PASSWORD } from '#server/test/users.ts';
import { DEV_OUTBOX_LIMIT, devOutboxSchema } from '#shared/dev-outbox.ts';

describe('demo mode', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ demoMode: true });
    await app.ready();
    // Messages made the way the product makes them: a sign-up e-mail, a reset e-mail, a phone code.
    for (const email of ['first@example.test', 'second@example.test']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { name: 'Outbox Test', email, password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
    }
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'first@example.test', redirectTo: '/auth/reset-password' },
    });
    expect(reset.statusCode).toBe(200);
    // Phone codes are only sent to a signed-in member (another domain, to keep the list above).
    const { cookie } = await signUpVerified(app, 'phone@texts.test');
    const code = await app.inject({
      method: 'POST',
      url: '/api/auth/phone-number/send-otp',
      headers: { cookie },
      payload: { phoneNumber: '+12025550123' },
    });
    expect(code.statusCode).toBe(200);
  });
  afterAll(() => app.close());

  it('lists the e-mails and text messages, newest first', async () => {
    const res = await app.inject('/api/dev/outbox');
    expect(res.statusCode).toBe(200);
    const outbox = devOutboxSchema.parse(res.json());
    const ours = outbox.mail.filter((m) => m.to.endsWith('@example.test'));
    expect(ours.map((m) => m.to)).toEqual(['first@example.test', 'second@example.test', 'first@example.test']);
    expect(ours[0]?.text).toMatch(/\/api\/auth\/reset-password\//);
    expect(ours[2]?.text).toMatch(/\/api\/auth\/verify-email\?token=/);
    const times = outbox.mail.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(outbox.sms).toContainEqual(
      expect.objectContaining({ to: '+12025550123', text: expect.stringMatching(/\b\d{6}\b/) }),
    );
  });

  it('filters by recipient, ignoring case', async () => {
    const outbox = devOutboxSchema.parse((await app.inject('/api/dev/outbox?to=SECOND@example.test')).json());
    expect(outbox.mail.map((m) => m.to)).toEqual(['second@example.test']);
    expect(outbox.sms).toEqual([]);
  });

  it(`returns at most ${DEV_OUTBOX_LIMIT} of each`, async () => {
    const { mailOutbox } = await import('#server/db/schema/outbox.ts');
    await app.database.db.insert(mailOutbox).values(
      Array.from({ length: DEV_OUTBOX_LIMIT + 5 }, (_, i) => ({
        to: 'bulk@example.test',
        subject: `#${i}`,
        text: 'x',
      })),
    );
    const outbox = devOutboxSchema.parse((await app.inject('/api/dev/outbox')).json());
    expect(outbox.mail).toHaveLength(DEV_OUTBOX_LIMIT);
  });

  it('answers only a client on this machine, whatever the headers say', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.4.5.6', '::1', '::ffff:127.0.0.1']) {
      expect((await app.inject({ url: '/api/dev/outbox', remoteAddress })).statusCode, remoteAddress).toBe(200);
    }
    for (const remoteAddress of ['203.0.113.7', '10.0.0.2', '::ffff:192.168.1.5', '2001:db8::1']) {
      const res = await app.inject({
        url: '/api/dev/outbox',
        remoteAddress,
        headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', host: 'localhost' },
      });
      expect(res.statusCode, remoteAddress).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
      expect(res.body).not.toContain('@example.test');
    }
  });

  it('answers a malformed filter with 400 in the error shape', async () => {
    const res = await app.inject(`/api/dev/outbox?to=${'x'.repeat(400)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });
});

describe('with demo mode off', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ demoMode: false });
    await app.ready();
  });
  afterAll(() => app.close());

  it('does not exist', async () => {
    expect((await app.inject('/api/dev/outbox')).statusCode).toBe(404);
  });
});
