import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, session, user } from '#server/db/schema/auth.ts';
import { createTestApp } from '#server/test/app.ts';
import { latestMailLink, signUpVerified, TEST_PASSWORD } from '#server/test/users.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { multipartUpload, solidPng, tempDataDir } from './test/fixtures.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ dataDir: tempDataDir() });
  await app.ready();
});
afterAll(() => app.close());

const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
const signIn = (email: string, password = TEST_PASSWORD) =>
  app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
const remove = (cookie: string, payload: unknown) =>
  app.inject({ method: 'DELETE', url: '/api/profile', headers: { cookie }, payload: payload as object });

describe('deleting an account', () => {
  it.each([
    ['no confirmation', {}],
    ['the word in lower case', { confirm: 'delete' }],
    ['another word', { confirm: 'yes' }],
    ['an extra field', { confirm: 'DELETE', keepData: true }],
  ])('refuses %s with 400, deleting nothing', async (_what, payload) => {
    const member = await signUpVerified(app, `keep-${Math.random().toString(36).slice(2)}@example.test`, 'Keeper');
    const res = await remove(member.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).error.code).toBe('VALIDATION_FAILED');
    const me = await app.inject({ url: '/api/auth/me', headers: { cookie: member.cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().name).toBe('Keeper');
  });

  it('signs out everywhere, anonymises personal data and blocks signing in again', async () => {
    const email = 'leaving@example.test';
    const member = await signUpVerified(app, email, 'Leaving Soon');
    const otherDevice = cookieOf(await signIn(email));
    await app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie: member.cookie },
      payload: { bio: 'About me', city: 'Paris', languages: ['fr'] },
    });
    const photo = multipartUpload(await solidPng(), 'me.png', 'image/png');
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      payload: photo.payload,
      headers: { ...photo.headers, cookie: member.cookie },
    });
    const avatarUrl = uploaded.json().image as string;
    // A reset link asked for before leaving must not bring the account back.
    await app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email, redirectTo: '/' } });

    const res = await remove(member.cookie, { confirm: 'DELETE' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true });
    // The browser is told to forget its session cookie.
    expect(res.cookies.find((c) => c.name.endsWith('session_token'))?.maxAge).toBe(0);

    for (const cookie of [member.cookie, otherDevice]) {
      expect((await app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
      expect((await app.inject({ url: '/api/profile', headers: { cookie } })).statusCode).toBe(401);
    }
    expect((await signIn(email)).statusCode).toBe(401);
    expect((await signIn(`deleted-${member.id}@deleted.invalid`)).statusCode).toBe(401);

    const resetLink = await latestMailLink(app.database.db, email, /https?:\/\/\S+reset-password\S+/);
    const token = new URL(resetLink).pathname.split('/').at(-1);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'another-long-password' },
    });
    expect(reset.statusCode).toBe(400);
    expect((await signIn(email, 'another-long-password')).statusCode).toBe(401);

    const db = app.database.db;
    const [row] = await db.select().from(user).where(eq(user.id, member.id));
    expect(row).toMatchObject({
      name: 'Deleted member',
      email: `deleted-${member.id}@deleted.invalid`,
      emailVerified: false,
      image: null,
      bio: null,
      city: null,
      languages: [],
      phoneNumber: null,
      phoneNumberVerified: false,
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(await db.select().from(session).where(eq(session.userId, member.id))).toEqual([]);
    expect(await db.select().from(account).where(eq(account.userId, member.id))).toEqual([]);

    expect((await app.inject({ url: avatarUrl })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/users/${member.id}/public` })).statusCode).toBe(404);

    // The e-mail address is free again: the person may register afresh.
    const again = await signUpVerified(app, email, 'Back Again');
    expect(again.id).not.toBe(member.id);
  });
});
