import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/errors.ts';
import { buildApp } from './app.ts';
import { user } from './db/schema/auth.ts';
import { packages } from './db/schema/packages.ts';
import { API_SECURITY_HEADERS } from './plugins/security-headers.ts';
import { createTestApp, testConfig } from './test/app.ts';
import { createTestDatabase } from './test/database.ts';
import { signUpVerified } from './test/users.ts';

let app: FastifyInstance;

function cspDirectives(header: string): Record<string, string[]> {
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

beforeAll(async () => {
  app = await createTestApp();
  // A route with a body schema, to see validation errors leave in the one error shape; open to
  // visitors, as API routes are members-only unless they say otherwise.
  app.post(
    '/api/__probe',
    { config: { auth: 'visitor' }, schema: { body: z.object({ email: z.email(), weightKg: z.number().min(0.1) }) } },
    async () => ({ ok: true }),
  );
  await app.ready();
});
afterAll(() => app.close());

describe('operations endpoints', () => {
  it('reports the process up', async () => {
    const res = await app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('reports ready when the database answers', async () => {
    const res = await app.inject('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: true });
  });

  it('tags errors with the request id, taking a sane one from the caller', async () => {
    const generated = await app.inject({ method: 'POST', url: '/api/__probe', payload: {} });
    expect(generated.json().error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const probe = await app.inject({
      method: 'POST',
      url: '/api/__probe',
      headers: { 'x-request-id': 'caller-id-1234' },
      payload: {},
    });
    expect(probe.json().error.requestId).toBe('caller-id-1234');
  });
});

describe('errors', () => {
  it('answers unknown API paths with a JSON 404 in the error shape, never the web page', async () => {
    const res = await app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(apiErrorSchema.parse(res.json()).error.code).toBe('NOT_FOUND');
  });

  it('answers invalid input with 400 and a message per field', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/__probe', payload: { email: 'nope', weightKg: 0 } });
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.error.fields ?? {}).sort()).toEqual(['email', 'weightKg']);
  });

  it('answers malformed JSON with a 400 in the same shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/__probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.safeParse(res.json()).success).toBe(true);
  });
});

describe('cross-site requests', () => {
  it('refuses a mutating API request from another site, and allows this one and non-browser callers', async () => {
    const from = (origin?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/__probe',
        headers: origin ? { origin } : {},
        payload: { email: 'a@example.test', weightKg: 1 },
      });
    const foreign = await from('https://evil.test');
    expect(foreign.statusCode).toBe(403);
    expect(apiErrorSchema.parse(foreign.json()).error.code).toBe('CROSS_SITE_REQUEST');
    expect((await from('http://localhost:80')).statusCode).toBe(200);
    expect((await from()).statusCode).toBe(200);
  });
});

describe('cross-site forms', () => {
  it('refuses a percent-encoded API path from another site and writes nothing', async () => {
    const member = await signUpVerified(app, 'encoded-path@example.test', 'Encoded Path');
    const draft = { title: 'Posted from another site' };
    for (const url of ['/%61pi/packages', '/api/%70ackages', '//api/packages']) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { cookie: member.cookie, origin: 'https://evil.test' },
        payload: draft,
      });
      expect(res.statusCode, url).toBe(403);
    }
    const [row] = await app.database.db.select({ n: count() }).from(packages).where(eq(packages.senderId, member.id));
    expect(row?.n).toBe(0);
  });

  it('refuses the content types an HTML form can send, even on a route that reads no body', async () => {
    const member = await signUpVerified(app, 'form-post@example.test', 'Form Post');
    const post = (url: string, type: string, payload: string) =>
      app.inject({ method: 'POST', url, headers: { cookie: member.cookie, 'content-type': type }, payload });
    const plain = await post('/api/notifications/read-all', 'text/plain', '');
    expect(plain.statusCode).toBe(415);
    expect(plain.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await post('/api/notifications/read-all', 'text/plain;charset=UTF-8', '{}')).statusCode).toBe(415);
    expect((await post('/api/__probe', 'text/plain', '{"email":"a@example.test","weightKg":1}')).statusCode).toBe(415);
    expect((await post('/api/notifications/read-all', 'application/x-www-form-urlencoded', 'a=1')).statusCode).toBe(
      415,
    );
    const boundary = '----form';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nMallory\r\n--${boundary}--\r\n`;
    const profile = await app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie: member.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipart,
    });
    expect(profile.statusCode).toBe(415);
    // The same routes as JSON, or with no body at all.
    expect((await post('/api/notifications/read-all', 'application/json', '{}')).statusCode).toBe(200);
    const bodiless = await app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { cookie: member.cookie },
    });
    expect(bodiless.statusCode).toBe(200);
  });
});

describe('pages', () => {
  it.each(['/', '/auth/login', '/dashboard', '/user/packages/requests', '/admin/users'])(
    'serves %s with 200',
    async (url) => {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('answers an unknown page with the web app and 404', async () => {
    const res = await app.inject('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('answers a malformed id in a page path with 404', async () => {
    expect((await app.inject('/admin/packages/123')).statusCode).toBe(404);
    expect((await app.inject('/admin/packages/3f0e8a4e-5b8c-4d1e-9a7b-2c6d8e9f0a1b')).statusCode).toBe(200);
  });

  it('serves the demo-only sign-in page only in demo mode', async () => {
    expect((await app.inject('/auth/login_test')).statusCode).toBe(404);
    const demo = await createTestApp({ demoMode: true });
    try {
      expect((await demo.inject('/auth/login_test')).statusCode).toBe(200);
      expect((await demo.inject('/api/meta')).json()).toMatchObject({ demoMode: true });
    } finally {
      await demo.close();
    }
  });
});

describe('static assets and headers', () => {
  it('caches hashed assets forever and revalidates the build file', async () => {
    const asset = await app.inject('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const latest = await app.inject('/builds/latest.json?t=1');
    expect(latest.statusCode).toBe(200);
    expect(latest.headers['cache-control']).toBe('no-cache');
    expect(latest.json()).toEqual({ id: 'test-build', timestamp: 1 });
  });

  it('publishes the same build id at /api/meta', async () => {
    expect((await app.inject('/api/meta')).json()).toMatchObject({ buildId: 'test-build', demoMode: false });
  });

  it('sends security headers with a content security policy', async () => {
    const res = await app.inject('/');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('gives API answers the API headers, which let them load nothing and be framed by no one', async () => {
    for (const url of ['/api/health', '/api/auth/me', '/api/nowhere']) {
      const res = await app.inject(url);
      for (const [name, value] of Object.entries(API_SECURITY_HEADERS))
        expect(res.headers[name], `${url} ${name}`).toBe(value);
      // The page-only headers stay off the API's answers.
      expect(res.headers['x-dns-prefetch-control'], url).toBeUndefined();
      expect(res.headers['origin-agent-cluster'], url).toBeUndefined();
    }
    const docs = await app.inject('/api/docs');
    expect(docs.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('lets pages connect and load styles only from this site', async () => {
    const directives = cspDirectives(String((await app.inject('/')).headers['content-security-policy']));
    // This site's own socket origin (testConfig's BASE_URL is http://localhost:<port>), never any ws:.
    expect(directives['connect-src']).toEqual(["'self'", expect.stringMatching(/^ws:\/\/localhost:\d+$/)]);
    expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    const docs = await app.inject('/api/docs');
    expect(docs.statusCode).toBe(200);
    const docsStyles = cspDirectives(String(docs.headers['content-security-policy']))['style-src'] ?? [];
    expect(docsStyles[0]).toBe("'self'");
    expect(docsStyles).not.toContain('https:');
  });

  it('compresses large responses', async () => {
    const res = await app.inject({ url: '/api/docs/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('does not serve a missing asset as a page', async () => {
    const res = await app.inject('/assets/missing-123.js');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('session endpoints for a visitor', () => {
  it('says 401 at /api/auth/me and null elsewhere', async () => {
    expect((await app.inject('/api/auth/me')).statusCode).toBe(401);
    const isAdmin = await app.inject('/api/auth/is-admin');
    expect(isAdmin.statusCode).toBe(401);
    expect(apiErrorSchema.parse(isAdmin.json()).error.code).toBe('UNAUTHENTICATED');
    expect((await app.inject('/api/auth/session')).json()).toEqual({ user: null });
  });

  it('knows a user once the e-mail link has verified and signed them in', async () => {
    const { cookie, id } = await signUpVerified(app, 'ada@example.test', 'Ada');
    const me = await app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id,
      email: 'ada@example.test',
      emailVerified: true,
      phoneNumberVerified: false,
      kycStatus: 'not_started',
      isAdmin: false,
      verifiedProfile: false,
    });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await app.inject({ url: '/api/auth/is-admin', headers: { cookie } })).json()).toEqual({
      isAdmin: false,
      prismaUser: { id, isAdmin: false, verifiedProfile: false },
    });
  });
});

describe('readiness when the database is gone', () => {
  it('answers 503 and says the database is down', async () => {
    const database = await createTestDatabase();
    const broken = await buildApp(testConfig(), { database });
    await broken.ready();
    await database.close();
    const res = await broken.inject('/api/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: false });
    expect((await broken.inject('/api/health')).statusCode).toBe(200);
    // The database is already closed; closing the app closes it again, which may complain.
    await broken.close().catch(() => {});
  });
});

describe('building the app', () => {
  it('writes no demo data, even in demo mode: start-up seeds it before (main.ts)', async () => {
    const database = await createTestDatabase();
    const app = await buildApp(testConfig({ demoMode: true }), { database });
    try {
      const [row] = await database.db.select({ n: count() }).from(packages);
      expect(row?.n).toBe(0);
      const [members] = await database.db.select({ n: count() }).from(user);
      expect(members?.n).toBe(0);
    } finally {
      await app.close();
    }
  });
});
