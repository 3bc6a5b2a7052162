import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#server/test/app.ts';
import { latestMailLink, signUpVerified, TEST_PASSWORD } from '#server/test/users.ts';

// A reset link is a way into the account: once the password is chosen again, none of the others work.

describe('password reset links', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    await app.ready();
  });
  afterAll(() => app.close());

  async function requestLink(email: string): Promise<string> {
    const res = await app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email } });
    expect(res.statusCode).toBe(200);
    const link = await latestMailLink(app.database.db, email, /https?:\/\/\S+\/reset-password\/\S+/);
    const token = new URL(link).pathname.split('/').at(-1);
    if (!token) throw new Error(`no token in ${link}`);
    return token;
  }

  const reset = (token: string, newPassword: string) =>
    app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });

  it('an older link is refused once a newer one has been used', async () => {
    await signUpVerified(app, 'twice@example.test');
    const first = await requestLink('twice@example.test');
    const second = await requestLink('twice@example.test');
    expect(first).not.toBe(second);
    expect((await reset(second, 'second-chosen-password')).statusCode).toBe(200);
    const old = await reset(first, 'first-chosen-password');
    expect(old.statusCode).toBe(400);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'twice@example.test', password: 'second-chosen-password' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it.each([false, true])(
    'a link is refused once the password is changed while signed in (revoking other sessions: %s)',
    async (revokeOtherSessions) => {
      const email = `changed-${revokeOtherSessions}@example.test`;
      const { cookie } = await signUpVerified(app, email);
      const link = await requestLink(email);
      const change = await app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { cookie },
        payload: { currentPassword: TEST_PASSWORD, newPassword: 'a-changed-password', revokeOtherSessions },
      });
      expect(change.statusCode).toBe(200);
      expect((await reset(link, 'someone-elses-password')).statusCode).toBe(400);
    },
  );

  it('a failed password change leaves the links working', async () => {
    const { cookie } = await signUpVerified(app, 'wrong@example.test');
    const link = await requestLink('wrong@example.test');
    const change = await app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie },
      payload: { currentPassword: 'not-my-password', newPassword: 'a-changed-password' },
    });
    expect(change.statusCode).toBe(400);
    expect((await reset(link, 'a-chosen-password')).statusCode).toBe(200);
  });
});
