import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_TWILIO_KEYS, type FakeTwilio, startFakeTwilio } from './test/fake-twilio.ts';
import { createTwilioVerifySender } from './twilio.ts';

const { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, verifyServiceSid: SERVICE_SID } = FAKE_TWILIO_KEYS;

describe('Twilio Verify sender', () => {
  let twilio: FakeTwilio;
  let sender: ReturnType<typeof createTwilioVerifySender>;
  const expectedAuthorization = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    sender = createTwilioVerifySender({ ...FAKE_TWILIO_KEYS, apiUrl: twilio.url });
  });
  afterAll(async () => {
    await twilio.close();
  });
  beforeEach(() => {
    twilio.requests.length = 0;
    twilio.queued.length = 0;
  });

  it('starts an SMS verification with Basic auth and a form body (Twilio makes the code, ours is not sent)', async () => {
    expect(sender.kind).toBe('twilio');
    await sender.sendCode('+447700900123', '654321');

    expect(twilio.requests).toEqual([
      {
        method: 'POST',
        path: `/v2/Services/${SERVICE_SID}/Verifications`,
        authorization: expectedAuthorization,
        contentType: 'application/x-www-form-urlencoded',
        form: { To: '+447700900123', Channel: 'sms' },
      },
    ]);
  });

  it('checks a code: approved is true', async () => {
    await expect(sender.checkCode?.('+447700900123', '123456')).resolves.toBe(true);

    expect(twilio.requests).toEqual([
      {
        method: 'POST',
        path: `/v2/Services/${SERVICE_SID}/VerificationCheck`,
        authorization: expectedAuthorization,
        contentType: 'application/x-www-form-urlencoded',
        form: { To: '+447700900123', Code: '123456' },
      },
    ]);
  });

  it('checks a code: pending (wrong code) is false', async () => {
    await expect(sender.checkCode?.('+447700900123', '000000')).resolves.toBe(false);
    expect(twilio.requests).toHaveLength(1);
  });

  it('answers false without asking Twilio for something that cannot be a code', async () => {
    await expect(sender.checkCode?.('+447700900123', '12ab56')).resolves.toBe(false);
    expect(twilio.requests).toHaveLength(0);
  });

  it.each([
    [
      'expired or already used (404, 20404)',
      { status: 404, body: { code: 20404, message: 'The requested resource was not found', status: 404 } },
    ],
    [
      'too many wrong checks (429, 60202)',
      { status: 429, body: { code: 60202, message: 'Max check attempts reached', status: 429 } },
    ],
  ])('treats a code that can no longer pass as false: %s', async (_name, reply) => {
    twilio.queued.push(reply);
    await expect(sender.checkCode?.('+447700900123', '123456')).resolves.toBe(false);
  });

  it('throws a clear error without credentials when Twilio refuses to send', async () => {
    twilio.queued.push({
      status: 400,
      body: {
        code: 60200,
        message: 'Invalid parameter `To`: +1555',
        status: 400,
        more_info: 'https://www.twilio.com/docs/errors/60200',
      },
    });
    const error = await sender.sendCode('+1555', '123456').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      'Twilio Verify could not send a code (HTTP 400, Twilio error 60200): Invalid parameter `To`: +1555',
    );
    expect((error as Error).message).not.toContain(AUTH_TOKEN);
    expect((error as Error).message).not.toContain(SERVICE_SID);
  });

  it('throws on a failed check that is not about the code (bad credentials)', async () => {
    twilio.queued.push({ status: 401, body: { code: 20003, message: 'Authenticate', status: 401 } });
    await expect(sender.checkCode?.('+447700900123', '123456')).rejects.toThrow(
      'Twilio Verify could not check a code (HTTP 401, Twilio error 20003): Authenticate',
    );
  });

  it('throws a clear error when Twilio is unreachable or slow', async () => {
    const closed = await startFakeTwilio();
    await closed.close();
    const unreachable = createTwilioVerifySender({ ...FAKE_TWILIO_KEYS, apiUrl: closed.url });
    await expect(unreachable.sendCode('+447700900123', '123456')).rejects.toThrow(
      'Twilio Verify could not send a code: unreachable',
    );

    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const slow = createTwilioVerifySender({
        ...FAKE_TWILIO_KEYS,
        apiUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        timeoutMs: 200,
      });
      await expect(slow.checkCode?.('+447700900123', '123456')).rejects.toThrow(
        'Twilio Verify could not check a code: no answer within 200 ms',
      );
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
