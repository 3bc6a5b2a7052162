import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import { authGuardPlugin } from './auth-guard.ts';
import { errorsPlugin } from './errors.ts';

// Sign-in before validation (ADR 0032): every members' route, as the app registers them.

let app: FastifyInstance;
beforeAll(async () => {
  // Demo mode on: its routes are registered too.
  app = await createTestApp({ demoMode: true });
  await app.ready();
});
afterAll(() => app.close());

/** A path with every parameter filled with something no schema accepts. */
const invalidPath = (url: string) => url.replaceAll(/:[A-Za-z]+/g, 'not-a-valid-id').replace('*', 'x');

describe('members-only routes', () => {
  it('answers a visitor 401 before looking at the input, on every one of them', async () => {
    const member = app.routeAccess.filter((r) => r.auth !== 'visitor');
    expect(member.length).toBeGreaterThan(50);
    expect(member).toContainEqual({ method: 'POST', url: '/api/travel-plans', auth: 'member' });
    expect(member).toContainEqual({ method: 'POST', url: '/api/payouts', auth: 'member' });
    const answers: string[] = [];
    for (const route of member) {
      const mutating = route.method !== 'GET';
      const res = await app.inject({
        method: route.method as 'GET',
        url: `${invalidPath(route.url)}?limit=-1&cursor=${'x'.repeat(300)}`,
        ...(mutating ? { headers: { 'content-type': 'application/json' }, payload: '[1,{"nonsense":true}]' } : {}),
      });
      if (res.statusCode !== 401 || res.json().error.code !== 'UNAUTHENTICATED') {
        answers.push(`${route.method} ${route.url}: ${res.statusCode}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it('still validates for a signed-in member', async () => {
    const { cookie } = await signUpVerified(app, 'guarded@example.test', 'Guarded Member');
    const res = await app.inject({ method: 'POST', url: '/api/travel-plans', headers: { cookie }, payload: {} });
    expect(res.statusCode).toBe(400);
  });

  it('leaves the public routes public', async () => {
    const open = app.routeAccess.filter((r) => r.auth === 'visitor').map((r) => `${r.method} ${r.url}`);
    expect(open).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'GET /api/meta',
        'POST /api/auth/*',
        'POST /api/payments/webhook/stripe',
      ]),
    );
    expect((await app.inject('/api/places?q=Par')).statusCode).toBe(200);
    expect((await app.inject('/api/auth/session')).statusCode).toBe(200);
  });
});

describe('the routes a visitor used to get a validation error from', () => {
  it.each(['/api/travel-plans', '/api/payouts'])('POST %s with an invalid body is 401', async (url) => {
    const res = await app.inject({ method: 'POST', url, payload: { nonsense: true } });
    expect(res.statusCode).toBe(401);
  });
});

describe('declarations (ADR 0039)', () => {
  it('fails start-up on an API route that does not say who may call it, naming it', async () => {
    const bare = Fastify();
    await bare.register(authGuardPlugin, { sessions: app.sessions });
    bare.register(async (scope) => {
      scope.get('/api/open', { config: { auth: 'visitor' } }, async () => 'ok');
      scope.post('/api/forgotten', async () => 'oops');
    });
    await expect(bare.ready()).rejects.toThrow(/POST \/api\/forgotten/);
  });

  it('lists every API route with its declared level', () => {
    const admin = app.routeAccess.filter((r) => r.auth === 'admin').map((r) => `${r.method} ${r.url}`);
    expect(admin).toEqual(
      expect.arrayContaining([
        'GET /api/admin/payments',
        'POST /api/admin/payouts/:id/mark-sent',
        'GET /api/admin/users/:id/kyc',
        'POST /api/admin/conversations',
      ]),
    );
    // The prefix decides (ADR 0044): resolving a dispute, once declared for members, is admin-only too.
    const notAdmin = app.routeAccess.filter((r) => r.url.startsWith('/api/admin/') && r.auth !== 'admin');
    expect(notAdmin).toEqual([]);
  });
});

describe("administrators' routes", () => {
  let memberCookie: string;
  let adminCookie: string;
  beforeAll(async () => {
    memberCookie = (await signUpVerified(app, 'guard-member@example.test', 'Plain Member')).cookie;
    const admin = await signUpVerified(app, 'guard-admin@example.test', 'Guard Admin');
    await makeAdmin(app, admin.id);
    adminCookie = admin.cookie;
  });

  const markSent = (cookie?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/payouts/not-a-valid-id/mark-sent',
      headers: cookie ? { cookie } : {},
      payload: { nonsense: true },
    });

  it('answers a visitor 401 before validating the input', async () => {
    const res = await markSent();
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('answers a member 403 before validating the input', async () => {
    const res = await markSent(memberCookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'ADMIN_ONLY' });
  });

  it('lets an administrator through to validation and the handler', async () => {
    expect((await markSent(adminCookie)).statusCode).toBe(400);
    const page = await app.inject({ url: '/api/admin/payments', headers: { cookie: adminCookie } });
    expect(page.statusCode).toBe(200);
  });

  it('resolves the session once per request', async () => {
    const resolver = vi.spyOn(app.sessions, 'user');
    try {
      await app.inject({ url: '/api/admin/payments', headers: { cookie: adminCookie } });
      expect(resolver).toHaveBeenCalledTimes(1);
      resolver.mockClear();
      await app.inject({ url: '/api/balance', headers: { cookie: memberCookie } });
      expect(resolver).toHaveBeenCalledTimes(1);
      resolver.mockClear();
      await app.inject({ url: '/api/auth/me', headers: { cookie: memberCookie } });
      expect(resolver).toHaveBeenCalledTimes(1);
    } finally {
      resolver.mockRestore();
    }
  });
});

describe('verified-profile routes', () => {
  it('answers a member whose profile is not verified with PROFILE_NOT_VERIFIED', async () => {
    const { cookie } = await signUpVerified(app, 'unverified-profile@example.test', 'Not Yet Verified');
    const bare = Fastify();
    await bare.register(errorsPlugin);
    await bare.register(authGuardPlugin, { sessions: app.sessions });
    bare.register(async (scope) => {
      scope.get('/api/verified-only', { config: { auth: 'verified' } }, async () => 'ok');
    });
    try {
      const res = await bare.inject({ url: '/api/verified-only', headers: { cookie } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('PROFILE_NOT_VERIFIED');
    } finally {
      await bare.close();
    }
  });
});
