import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '#server/db/schema/auth.ts';
import { promoteAdmin } from '#server/modules/demo/seed.ts';
import { createMailer } from '#server/providers/mail/create.ts';
import { createSmsSender } from '#server/providers/sms/create.ts';
import { createTestApp, testConfig } from '#server/test/app.ts';
import { signUpVerified, TEST_PASSWORD } from '#server/test/users.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { createAuth } from './auth.ts';

// Better Auth's own endpoints answer to the same rules as our profile routes (ADR 0034).

describe('Better Auth endpoints under our rules', () => {
  let app: FastifyInstance;
  let me: { cookie: string; id: string };
  let other: { cookie: string; id: string };
  const otherAvatar = '/api/avatars/0b5e2a52-4c1e-4a8e-9a57-3f1f0e6f9d11.webp';

  beforeAll(async () => {
    app = await createTestApp();
    await app.ready();
    me = await signUpVerified(app, 'self@example.test', 'Self');
    other = await signUpVerified(app, 'other@example.test', 'Other');
    await app.database.db.update(user).set({ image: otherAvatar }).where(eq(user.id, other.id));
    await app.sessions.userChanged(other.id);
  });
  afterAll(() => app.close());

  const row = async (id: string) => {
    const [found] = await app.database.db
      .select({ name: user.name, image: user.image, updatedAt: user.updatedAt })
      .from(user)
      .where(eq(user.id, id));
    return found;
  };

  const updateUserCases: [string, Record<string, unknown>, string][] = [
    ['a 1 MB name', { name: 'x'.repeat(1_000_000) }, 'name'],
    ['an object as name', { name: { first: 'Self' } }, 'name'],
    ['a number as name', { name: 42 }, 'name'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a name with a NUL character', { name: 'Se\u0000lf' }, 'name'],
    ['a name with a lone surrogate', { name: 'Self\uD800' }, 'name'],
    ["another member's avatar", { image: otherAvatar }, 'image'],
    ['a javascript: URL as image', { image: 'javascript:alert(1)' }, 'image'],
    ['a field of its own', { name: 'Self', kycStatus: 'approved' }, 'kycStatus'],
  ];

  it.each(updateUserCases)(
    'update-user with %s: 400 naming the field, nothing written',
    async (_label, payload, field) => {
      const before = await row(me.id);
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { cookie: me.cookie },
        payload,
      });
      expect(res.statusCode).toBe(400);
      const body = apiErrorSchema.parse(res.json());
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.error.fields ?? {})).toContain(field);
      expect(await row(me.id)).toEqual(before);
      expect((await row(other.id))?.image).toBe(otherAvatar);
    },
  );

  it('update-user still takes a name within the profile rules, trimmed as the profile form does', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: me.cookie },
      payload: { name: '  Self Renamed  ' },
    });
    expect(res.statusCode).toBe(200);
    expect((await row(me.id))?.name).toBe('Self Renamed');
  });

  const signUpCases: [string, Record<string, unknown>, string][] = [
    ['a 1 MB name', { name: 'x'.repeat(1_000_000) }, 'name'],
    ['a 101-character name', { name: 'x'.repeat(101) }, 'name'],
    ['an object as name', { name: { first: 'New' } }, 'name'],
    ['a name with a NUL character', { name: 'Ne\u0000w' }, 'name'],
    ['an e-mail with a NUL character', { email: 'new\u0000@example.test' }, 'email'],
    ['an e-mail with a lone surrogate', { email: 'new\uDC00@example.test' }, 'email'],
    ["another member's avatar", { image: otherAvatar }, 'image'],
    ['a javascript: URL as image', { image: 'javascript:alert(1)' }, 'image'],
  ];

  it.each(signUpCases)('sign-up with %s: 400 naming the field, no account', async (_label, override, field) => {
    const payload = { name: 'New', email: 'new@example.test', password: TEST_PASSWORD, ...override };
    const res = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(apiErrorSchema.parse(res.json()).error.fields ?? {})).toContain(field);
    const [created] = await app.database.db.select().from(user).where(eq(user.email, 'new@example.test'));
    expect(created).toBeUndefined();
  });

  it.each([
    ['/api/auth/sign-in/email', { email: 'self\u0000@example.test', password: TEST_PASSWORD }, 'email'],
    ['/api/auth/request-password-reset', { email: 'self@example.test\uD800' }, 'email'],
  ])('%s with text the database cannot store: 400 naming the field', async (url, payload, field) => {
    const res = await app.inject({ method: 'POST', url, payload });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(apiErrorSchema.parse(res.json()).error.fields ?? {})).toContain(field);
  });
});

describe('Better Auth admin endpoints', () => {
  let app: FastifyInstance;
  let admin: { cookie: string; id: string };
  let target: { cookie: string; id: string };

  // Derived from the auth instance, so an endpoint a later Better Auth adds is covered too.
  const config = testConfig();
  const probe = (db: FastifyInstance['database']['db']) =>
    createAuth(config, db, { mailer: createMailer(config, db), sms: createSmsSender(config, db) });
  let adminEndpoints: { path: string; method: string }[] = [];

  beforeAll(async () => {
    app = await createTestApp();
    await app.ready();
    admin = await signUpVerified(app, 'chief@example.test', 'Chief');
    await promoteAdmin(app.database.db, 'chief@example.test', app.log);
    target = await signUpVerified(app, 'member@example.test', 'Member');
    adminEndpoints = Object.values(probe(app.database.db).api as Record<string, unknown>)
      .map((endpoint) => endpoint as { path?: string; options?: { method?: string | string[] } })
      .filter((endpoint) => endpoint.path?.startsWith('/admin/'))
      .map((endpoint) => ({
        path: endpoint.path as string,
        method: [endpoint.options?.method ?? 'POST'].flat()[0] ?? 'POST',
      }));
  });
  afterAll(() => app.close());

  it('are all closed to an administrator: admin actions go through our own audited routes', async () => {
    expect(adminEndpoints.map((e) => e.path)).toContain('/admin/ban-user');
    for (const { path, method } of adminEndpoints) {
      const res = await app.inject({
        method: method === 'GET' ? 'GET' : 'POST',
        url: `/api/auth${path}${method === 'GET' ? `?id=${target.id}` : ''}`,
        headers: { cookie: admin.cookie },
        ...(method === 'GET' ? {} : { payload: { userId: target.id, role: 'admin', newPassword: TEST_PASSWORD } }),
      });
      expect({ path, status: res.statusCode }).toEqual({ path, status: 404 });
    }
    const [after] = await app.database.db
      .select({ role: user.role, banned: user.banned })
      .from(user)
      .where(eq(user.id, target.id));
    expect(after).toEqual({ role: 'user', banned: false });
  });
});
