import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified, TEST_PASSWORD } from '#server/test/users.ts';

// Limits must hold whatever the client claims its address is (ADR 0031): Better Auth's per-address
// limits count the address Fastify resolved, and the per-account ones count every address at once.

type InjectOptions = { method?: string; url: string; payload?: object; headers?: Record<string, string> };

let lastOctet = 0;
/** A fresh address each call, so the per-address limits never get in the way of what a test counts. */
const nextAddress = () => `198.51.${100 + Math.floor(lastOctet / 250)}.${(lastOctet++ % 250) + 1}`;

/** The app as seen from a new address on every request (a botnet, or a rotating proxy). */
const fromEverywhere = (app: FastifyInstance) => ({
  database: app.database,
  inject: (options: InjectOptions) =>
    app.inject({ ...options, method: (options.method ?? 'GET') as 'GET' | 'POST', remoteAddress: nextAddress() }),
});

const signIn = (
  app: FastifyInstance,
  email: string,
  password: string,
  remoteAddress: string,
  headers: Record<string, string> = {},
) =>
  app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress, headers });

describe('without TRUST_PROXY', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ rateLimit: true });
    await app.ready();
  });
  afterAll(() => app.close());

  it('counts the socket address: a rotating X-Forwarded-For still gets 429 after the limit', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const forged = `203.0.113.${i}`;
      const res = await signIn(app, `rotating-${i}@example.test`, 'wrong-password', '192.0.2.10', {
        'x-forwarded-for': forged,
        'x-real-ip': forged,
        // Our own header is written by the server; a client's copy is overwritten.
        'x-tagalong-client-ip': forged,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('locks an account after 10 wrong passwords from any addresses, even for the right one', async () => {
    const web = fromEverywhere(app);
    await signUpVerified(web, 'target@example.test');
    await signUpVerified(web, 'bystander@example.test');
    for (let i = 0; i < 10; i++) {
      expect((await signIn(app, 'Target@Example.test', `wrong-password-${i}`, nextAddress())).statusCode).toBe(401);
    }
    const locked = await signIn(app, 'target@example.test', TEST_PASSWORD, nextAddress());
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ error: { code: 'SIGN_IN_LOCKED' } });
    // Another account is not held up by it.
    expect((await signIn(app, 'bystander@example.test', TEST_PASSWORD, nextAddress())).statusCode).toBe(200);
  });

  it('sends at most 5 codes an hour to one number, across accounts and addresses', async () => {
    const web = fromEverywhere(app);
    const sendCode = (cookie: string, phoneNumber: string) =>
      web.inject({
        method: 'POST',
        url: '/api/auth/phone-number/send-otp',
        headers: { cookie },
        payload: { phoneNumber },
      });
    const members = await Promise.all(
      ['one', 'two', 'three'].map((n) => signUpVerified(web, `texter-${n}@example.test`)),
    );
    const statuses: number[] = [];
    for (const member of [...members, ...members])
      statuses.push((await sendCode(member.cookie, '+12025550140')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await sendCode(members[0]?.cookie ?? '', '+12025550140');
    expect(refused.json()).toMatchObject({ error: { code: 'MOBILE_RATE_LIMITED' } });
  });

  it('sends at most 5 codes an hour for one account, whatever the numbers', async () => {
    const web = fromEverywhere(app);
    const { cookie } = await signUpVerified(web, 'many-numbers@example.test');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await web.inject({
        method: 'POST',
        url: '/api/auth/phone-number/send-otp',
        headers: { cookie },
        payload: { phoneNumber: `+1202555016${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('with TRUST_PROXY=1', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ rateLimit: true, trustProxy: 1 });
    await app.ready();
  });
  afterAll(() => app.close());

  it('counts the address the proxy forwarded, not the proxy', async () => {
    const proxy = '10.0.0.1';
    const spread: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const res = await signIn(app, `spread-${i}@example.test`, 'wrong-password', proxy, {
        'x-forwarded-for': `203.0.113.${i}`,
      });
      spread.push(res.statusCode);
    }
    expect(spread).toEqual([401, 401, 401, 401, 401, 401]);
    const one: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const res = await signIn(app, `one-${i}@example.test`, 'wrong-password', proxy, {
        'x-forwarded-for': '203.0.113.77',
      });
      one.push(res.statusCode);
    }
    expect(one).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
