import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';

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
    const member = app.routeAccess.filter((r) => r.auth === 'member');
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
