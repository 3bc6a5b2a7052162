import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authGuardPlugin } from '#server/plugins/auth-guard.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';

// The back office's API answers nobody but administrators (ADR 0044), operation by operation, as the
// OpenAPI document lists them: a new admin route is walked here the day it is added.

let app: FastifyInstance;
let memberCookie: string;
let operations: { method: string; path: string }[];

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

beforeAll(async () => {
  app = await createTestApp({ demoMode: true });
  await app.ready();
  memberCookie = (await signUpVerified(app, 'not-an-admin@example.test', 'Plain Member')).cookie;
  const document = (await app.inject('/api/docs/openapi.json')).json() as {
    paths: Record<string, Partial<Record<(typeof METHODS)[number], unknown>>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(() => app.close());

/** A real-looking id for every path parameter, so the answer is about the caller, not the input. */
const filled = (path: string) => path.replaceAll(/\{[A-Za-z]+\}/g, '00000000-0000-4000-8000-000000000000');

async function answers(cookie?: string) {
  const seen: string[] = [];
  for (const { method, path } of operations.filter((op) => op.path.startsWith('/api/admin/'))) {
    const res = await app.inject({
      method: method as 'GET',
      url: filled(path),
      headers: { ...(cookie ? { cookie } : {}), ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
      ...(method === 'GET' ? {} : { payload: '{}' }),
    });
    seen.push(`${res.statusCode} ${res.json().error?.code} ${method} ${path}`);
  }
  return seen;
}

describe('every /api/admin operation in the OpenAPI document', () => {
  it('is there: the back office is documented', () => {
    const admin = operations.filter((op) => op.path.startsWith('/api/admin/'));
    expect(admin.length).toBeGreaterThanOrEqual(10);
    expect(admin).toContainEqual({ method: 'POST', path: '/api/admin/payments/{id}/refund' });
    expect(admin).toContainEqual({ method: 'POST', path: '/api/admin/packages/{id}/dispute/resolve' });
  });

  it('answers a visitor 401', async () => {
    const seen = await answers();
    expect(seen.filter((line) => !line.startsWith('401 UNAUTHENTICATED '))).toEqual([]);
  });

  it('answers a signed-in member 403', async () => {
    const seen = await answers(memberCookie);
    expect(seen.filter((line) => !line.startsWith('403 ADMIN_ONLY '))).toEqual([]);
  });

  it('is every admin-only route the server has: none lives outside the prefix', () => {
    const adminOnly = app.routeAccess.filter((route) => route.auth === 'admin');
    expect(adminOnly.filter((route) => !route.url.startsWith('/api/admin/'))).toEqual([]);
    const documented = new Set(operations.map((op) => `${op.method} ${op.path}`));
    const undocumented = adminOnly
      .map((route) => `${route.method} ${route.url.replaceAll(/:([A-Za-z]+)/g, '{$1}')}`)
      .filter((op) => !documented.has(op));
    expect(undocumented).toEqual([]);
  });
});

describe('declarations under and outside the prefix (ADR 0044)', () => {
  const startWith = async (register: (app: FastifyInstance) => void) => {
    const bare = Fastify();
    await bare.register(authGuardPlugin, { sessions: app.sessions });
    bare.register(async (scope) => register(scope));
    return bare.ready();
  };

  it('fails start-up on a route under /api/admin that claims to be for members', async () => {
    await expect(
      startWith((scope) => scope.get('/api/admin/leaky', { config: { auth: 'member' } }, async () => 'no')),
    ).rejects.toThrow(/GET \/api\/admin\/leaky declares auth 'member'/);
  });

  it('fails start-up on an admin-only route outside /api/admin', async () => {
    await expect(
      startWith((scope) => scope.post('/api/packages/:id/hide', { config: { auth: 'admin' } }, async () => 'no')),
    ).rejects.toThrow(/POST \/api\/packages\/:id\/hide is for administrators/);
  });

  it('makes a route under the prefix administrators-only without a declaration', async () => {
    const bare = Fastify();
    await bare.register(authGuardPlugin, { sessions: app.sessions });
    await bare.register(async (scope) => scope.get('/things', async () => 'secret'), { prefix: '/api/admin' });
    await bare.ready();
    expect(bare.routeAccess).toContainEqual({ method: 'GET', url: '/api/admin/things', auth: 'admin' });
    expect((await bare.inject('/api/admin/things')).statusCode).not.toBe(200);
    await bare.close();
  });
});
