import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified, TEST_PASSWORD } from '#server/test/users.ts';

// Cookies are Secure when the request came over https, also through a trusted TLS proxy (ADR 0031).

const signIn = (app: FastifyInstance, email: string, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password: TEST_PASSWORD }, headers });

const sessionCookie = (res: { headers: Record<string, unknown> }) =>
  ([res.headers['set-cookie']].flat() as string[]).find((c) => c.includes('session_token')) ?? '';

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // Requests injected in tests come from 127.0.0.1: the proxy.
    app = await createTestApp({ trustProxy: ['127.0.0.1'] });
    await app.ready();
    await signUpVerified(app, 'proxied@example.test');
  });
  afterAll(() => app.close());

  it('marks cookies Secure when the proxy says the request was https', async () => {
    const res = await signIn(app, 'proxied@example.test', { 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res)).toMatch(/;\s*Secure/i);
    const cookies = [res.headers['set-cookie']].flat() as string[];
    expect(cookies.filter((c) => c.includes('session_token'))).toHaveLength(1);
  });

  it('leaves them as they are over plain http', async () => {
    const res = await signIn(app, 'proxied@example.test', { 'x-forwarded-proto': 'http' });
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res)).not.toMatch(/;\s*Secure/i);
  });
});

describe('without TRUST_PROXY', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    await app.ready();
    await signUpVerified(app, 'direct@example.test');
  });
  afterAll(() => app.close());

  it('does not believe a client that says https', async () => {
    const res = await signIn(app, 'direct@example.test', { 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res)).not.toMatch(/;\s*Secure/i);
  });
});
