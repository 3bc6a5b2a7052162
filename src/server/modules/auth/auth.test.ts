import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { user } from '#server/db/schema/auth.ts';
import { seedDemoAccounts } from '#server/modules/demo/seed.ts';
import { createMailer } from '#server/providers/mail/create.ts';
import { createSmsSender } from '#server/providers/sms/create.ts';
import { createTestApp, testConfig } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { signUpVerified, TEST_PASSWORD } from '#server/test/users.ts';
import { DEMO_PASSWORD, demoAccounts } from '#shared/demo.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { createAuth } from './auth.ts';

const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

async function signIn(app: FastifyInstance, email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
}

describe('demo mode', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ demoMode: true });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(demoAccounts.map((a) => [a.email, a] as const))(
    '%s signs in with the demo password',
    async (_email, account) => {
      const res = await signIn(app, account.email, DEMO_PASSWORD);
      expect(res.statusCode).toBe(200);
      const me = (await app.inject({ url: '/api/auth/me', headers: { cookie: cookieOf(res) } })).json();
      expect(me).toMatchObject({ email: account.email, isAdmin: account.admin, verifiedProfile: account.verified });
    },
  );

  it('seeds once: a second start on the same database adds nothing', async () => {
    const before = (await app.database.db.select({ n: count() }).from(user))[0]?.n;
    const db = app.database.db;
    const config = testConfig({ demoMode: true });
    const auth = createAuth(config, db, { mailer: createMailer(config, db), sms: createSmsSender(config, db) });
    await seedDemoAccounts(auth, db, app.log);
    expect((await app.database.db.select({ n: count() }).from(user))[0]?.n).toBe(before);
  });
});

describe('with demo mode off', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ demoMode: false });
    await app.ready();
  });
  afterAll(() => app.close());

  it('has no demo accounts', async () => {
    for (const account of demoAccounts) {
      expect((await signIn(app, account.email, DEMO_PASSWORD)).statusCode).toBe(401);
    }
  });

  it('answers /api/auth/me and /api/auth/is-admin by the contract for visitor, user and admin', async () => {
    expect((await app.inject('/api/auth/me')).statusCode).toBe(401);
    expect((await app.inject('/api/auth/is-admin')).statusCode).toBe(401);

    const member = await signUpVerified(app, 'member@example.test', 'Member');
    expect((await app.inject({ url: '/api/auth/is-admin', headers: { cookie: member.cookie } })).json()).toMatchObject({
      isAdmin: false,
    });

    const boss = await signUpVerified(app, 'boss@example.test', 'Boss');
    const { promoteAdmin } = await import('#server/modules/demo/seed.ts');
    expect(await promoteAdmin(app.database.db, 'boss@example.test', app.log)).toBe(true);
    const me = (await app.inject({ url: '/api/auth/me', headers: { cookie: boss.cookie } })).json();
    expect(Object.keys(me).sort()).toEqual(
      [
        'createdAt',
        'email',
        'emailVerified',
        'id',
        'image',
        'isAdmin',
        'kycStatus',
        'name',
        'phoneNumber',
        'phoneNumberVerified',
        'verifiedProfile',
      ].sort(),
    );
    expect(me).toMatchObject({ isAdmin: true, verifiedProfile: false });
    expect((await app.inject({ url: '/api/auth/is-admin', headers: { cookie: boss.cookie } })).json()).toMatchObject({
      isAdmin: true,
    });
  });

  // Banning is ours to do (Better Auth's admin endpoints are closed, ADR 0034); its sign-in check stays.
  it('refuses a banned user', async () => {
    await signUpVerified(app, 'banned@example.test', 'Banned');
    await app.database.db.update(user).set({ banned: true }).where(eq(user.email, 'banned@example.test'));
    const again = await signIn(app, 'banned@example.test', TEST_PASSWORD);
    expect(again.statusCode).toBe(403);
    expect(apiErrorSchema.parse(again.json()).error.code).toBe('ACCOUNT_DISABLED');
  });

  it('says the same for a wrong password and an unknown e-mail', async () => {
    await signUpVerified(app, 'same@example.test');
    const wrong = await signIn(app, 'same@example.test', 'not-the-password');
    const unknown = await signIn(app, 'nobody@example.test', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const { requestId: _a, ...w } = apiErrorSchema.parse(wrong.json()).error;
    const { requestId: _b, ...u } = apiErrorSchema.parse(unknown.json()).error;
    expect(w).toEqual(u);
  });

  it('answers a sign-up for a taken address in the same shape as for a new one', async () => {
    await signUpVerified(app, 'taken@example.test', 'Twin');
    const signUp = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { name: 'Twin', email, password: TEST_PASSWORD },
      });
    const fresh = await signUp('fresh@example.test');
    const taken = await signUp('taken@example.test');
    expect([fresh.statusCode, taken.statusCode]).toEqual([200, 200]);
    // Ids and timestamps are random; everything else, keys and values, must not tell the two apart.
    const random = new Set(['id', 'createdAt', 'updatedAt']);
    const shape = (value: unknown, key = ''): unknown => {
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        return Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [k, shape(v, k)]),
        );
      }
      if (random.has(key)) return typeof value;
      return key === 'email' ? String(value).replace(/^(fresh|taken)@/, '…@') : value;
    };
    expect(shape(taken.json())).toEqual(shape(fresh.json()));
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
  });

  it('keeps unverified e-mail addresses out', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Later', email: 'later@example.test', password: TEST_PASSWORD },
    });
    const res = await signIn(app, 'later@example.test', TEST_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(apiErrorSchema.parse(res.json()).error.code).toBe('EMAIL_NOT_VERIFIED');
  });
});

describe('bad input to the auth endpoints', () => {
  let app: FastifyInstance;
  let cookie = '';
  beforeAll(async () => {
    app = await createTestApp();
    await app.ready();
    ({ cookie } = await signUpVerified(app, 'input@example.test'));
  });
  afterAll(() => app.close());

  // The phone endpoints are for signed-in members only; the rest are for visitors.
  const signedIn = new Set(['/api/auth/phone-number/send-otp', '/api/auth/phone-number/verify']);
  const cases: [string, unknown][] = [
    ['/api/auth/sign-up/email', {}],
    ['/api/auth/sign-up/email', { name: 'A', email: 5, password: TEST_PASSWORD }],
    ['/api/auth/sign-up/email', { name: 'A', email: 'a@example.test', password: 'short' }],
    ['/api/auth/sign-up/email', { name: 'A', email: 'not-an-email', password: TEST_PASSWORD }],
    ['/api/auth/sign-in/email', { email: 'a@example.test' }],
    ['/api/auth/sign-in/email', { email: ['x'], password: 1 }],
    ['/api/auth/request-password-reset', {}],
    ['/api/auth/reset-password', { newPassword: TEST_PASSWORD }],
    ['/api/auth/phone-number/send-otp', {}],
    ['/api/auth/phone-number/send-otp', { phoneNumber: '+1 202 555 0123' }],
    ['/api/auth/phone-number/send-otp', { phoneNumber: 'call me' }],
    ['/api/auth/phone-number/verify', { phoneNumber: '+12025550123', code: '123456' }],
    ['/api/auth/send-verification-email', {}],
  ];

  it.each(cases)('%s with %j: 400 in the error shape, nothing written', async (url, payload) => {
    const users = async () => (await app.database.db.select({ n: count() }).from(user))[0]?.n;
    const before = await users();
    const headers = signedIn.has(url) ? { cookie } : {};
    const res = await app.inject({ method: 'POST', url, payload: payload as object, headers });
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.error.message).toBeTruthy();
    expect(await users()).toBe(before);
  });

  it('rejects a body that is not JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.safeParse(res.json()).success).toBe(true);
  });
});

describe('phone codes', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    await app.ready();
  });
  afterAll(() => app.close());

  it('are only sent for a signed-in member', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/phone-number/send-otp',
      payload: { phoneNumber: '+12025550123' },
    });
    expect(res.statusCode).toBe(401);
    expect(apiErrorSchema.parse(res.json()).error.code).toBe('MOBILE_SIGNED_OUT');
  });

  it('cannot be used to sign in', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/phone-number',
      payload: { phoneNumber: '+12025550123', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('rate limits', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ rateLimit: true });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers too many sign-in attempts with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await signIn(app, 'flood@example.test', 'wrong-password')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('ADMIN_EMAIL', () => {
  it('makes that existing account an administrator when the server starts', async () => {
    const database = await createTestDatabase();
    const first = await buildApp(testConfig(), { database });
    const { cookie } = await signUpVerified(first, 'chief@example.test', 'Chief');
    await first.gateway.close();
    // The next start names the account in ADMIN_EMAIL.
    const second = await buildApp(testConfig({ adminEmail: 'chief@example.test' }), { database });
    try {
      const me = await second.inject({ url: '/api/auth/me', headers: { cookie } });
      expect(me.json()).toMatchObject({ email: 'chief@example.test', isAdmin: true });
    } finally {
      await second.close();
    }
  });
});
