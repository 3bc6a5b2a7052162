import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#server/test/app.ts';
import { latestMailLink, signUpVerified, TEST_PASSWORD } from '#server/test/users.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { tempDataDir } from './test/fixtures.ts';

// The settings page's password and e-mail forms use Better Auth's own endpoints; these pin down the
// answers the page words (the words table, src/web/lib/errors/words/account.ts).

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ dataDir: tempDataDir() });
  await app.ready();
});
afterAll(() => app.close());

const post = (url: string, cookie: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });
const signIn = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });

describe('change password', () => {
  it('refuses a wrong current password with INVALID_PASSWORD, then changes it with the right one', async () => {
    const member = await signUpVerified(app, 'pw@example.test', 'Pass Word');
    const wrong = await post('/api/auth/change-password', member.cookie, {
      currentPassword: 'not-my-password',
      newPassword: 'a-brand-new-passphrase',
      revokeOtherSessions: true,
    });
    expect(wrong.statusCode).toBe(400);
    expect(apiErrorSchema.parse(wrong.json()).error.code).toBe('WRONG_CURRENT_PASSWORD');

    const right = await post('/api/auth/change-password', member.cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a-brand-new-passphrase',
      revokeOtherSessions: true,
    });
    expect(right.statusCode).toBe(200);
    expect((await signIn('pw@example.test', TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn('pw@example.test', 'a-brand-new-passphrase')).statusCode).toBe(200);
  });
});

describe('change e-mail', () => {
  it('changes the address only once the link sent to the new one is opened', async () => {
    const member = await signUpVerified(app, 'old@example.test', 'Mover');
    const same = await post('/api/auth/change-email', member.cookie, { newEmail: 'old@example.test' });
    expect(same.statusCode).toBe(400);
    // Better Auth gives this answer no code of its own, so the page checks it before sending.
    expect(apiErrorSchema.safeParse(same.json()).success).toBe(true);

    const res = await post('/api/auth/change-email', member.cookie, {
      newEmail: 'new@example.test',
      callbackURL: '/user/profile/my-profile',
    });
    expect(res.statusCode).toBe(200);
    const me = () => app.inject({ url: '/api/profile', headers: { cookie: member.cookie } });
    expect((await me()).json().email).toBe('old@example.test');

    const link = new URL(await latestMailLink(app.database.db, 'new@example.test', /https?:\/\/\S+verify-email\S+/));
    const opened = await app.inject({ url: link.pathname + link.search, headers: { cookie: member.cookie } });
    expect(opened.statusCode).toBeLessThan(400);
    expect((await me()).json()).toMatchObject({ email: 'new@example.test', emailVerified: true });
  });
});
