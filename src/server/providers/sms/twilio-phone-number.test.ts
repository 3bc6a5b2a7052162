import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '#server/db/schema/outbox.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import { FAKE_TWILIO_KEYS, type FakeTwilio, startFakeTwilio } from './test/fake-twilio.ts';

const PHONE = '+12025550123'; // reserved for fiction, yet a valid number

// The whole app with the TWILIO_* keys pointing at a local stand-in: Twilio makes, sends and checks
// the code, so Better Auth's phone-number plugin must ask it (verifyOTP) rather than compare its own.
describe('adding a mobile number with Twilio Verify configured', () => {
  let twilio: FakeTwilio;
  let app: FastifyInstance;

  beforeAll(async () => {
    twilio = await startFakeTwilio('987654');
    app = await createTestApp({ twilio: { ...FAKE_TWILIO_KEYS, apiUrl: twilio.url } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await twilio?.close();
  });

  it('sends through Twilio, refuses a code Twilio does not approve and accepts the one it does', async () => {
    const { cookie } = await signUpVerified(app, 'twilio.phone@example.test');
    const verify = (code: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/phone-number/verify',
        headers: { cookie },
        payload: { phoneNumber: PHONE, code, updatePhoneNumber: true },
      });

    const sent = await app.inject({
      method: 'POST',
      url: '/api/auth/phone-number/send-otp',
      headers: { cookie },
      payload: { phoneNumber: PHONE },
    });
    expect(sent.statusCode).toBe(200);
    expect(await app.database.db.select().from(smsOutbox)).toEqual([]);

    expect((await verify('123456')).statusCode).toBe(400);
    expect((await verify('987654')).statusCode).toBe(200);
    expect(twilio.requests.map((r) => [r.path?.split('/').at(-1), r.form])).toEqual([
      ['Verifications', { To: PHONE, Channel: 'sms' }],
      ['VerificationCheck', { To: PHONE, Code: '123456' }],
      ['VerificationCheck', { To: PHONE, Code: '987654' }],
    ]);

    const me = await app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ phoneNumber: PHONE, phoneNumberVerified: true });
  });
});
