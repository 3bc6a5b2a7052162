import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycEvent } from '#server/db/schema/kyc.ts';
import { notification } from '#server/db/schema/notifications.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { kycState, memberReadyForKyc, startCheck } from './test/helpers.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ kycSandboxDelayMs: 0 });
  await app.ready();
});
afterAll(() => app.close());

const tokenOf = (url: string) => new URL(url).pathname.split('/').at(-1) as string;

async function decide(cookie: string, token: string, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: `/api/kyc/sandbox/${token}/decision`, headers: { cookie }, payload: body });
}

describe('starting the identity check', () => {
  it('needs a signed-in member', async () => {
    expect((await app.inject({ url: '/api/kyc' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/kyc/start', payload: {} })).statusCode).toBe(401);
  });

  it('comes after the mobile number', async () => {
    const { cookie } = await signUpVerified(app, 'no-phone@example.test');
    const res = await startCheck(app, cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('KYC_NEEDS_PHONE');
    expect((await kycState(app, cookie)).attempt).toBeNull();
  });

  it('refuses a return target on another site, naming the field', async () => {
    const { cookie } = await memberReadyForKyc(app, 'evil-return@example.test');
    const res = await startCheck(app, cookie, 'https://evil.example/steal');
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).error.fields).toHaveProperty('returnTo');
    expect((await kycState(app, cookie)).attempt).toBeNull();
  });

  it('sends the member to the sandbox page without moving their status', async () => {
    const { cookie } = await memberReadyForKyc(app, 'starter@example.test');
    const res = await startCheck(app, cookie, '/user/packages/send-a-package');
    expect(res.statusCode).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(/^http:\/\/localhost:\d+\/kyc\/sandbox\/[0-9a-f-]{36}$/);
    const state = await kycState(app, cookie);
    expect(state).toMatchObject({ status: 'not_started', returnTo: '/user/packages/send-a-package' });
    expect(state.attempt?.status).toBe('started');
  });
});

describe('the sandbox form', () => {
  it('approves through the signed callback: verified profile, history and a notification', async () => {
    const { cookie, id } = await memberReadyForKyc(app, 'approve@example.test');
    const token = tokenOf((await startCheck(app, cookie)).json().url);

    const page = await app.inject({ url: `/api/kyc/sandbox/${token}`, headers: { cookie } });
    expect(page.json()).toMatchObject({ token, name: 'Kyc Member', status: 'started', open: true });

    const res = await decide(cookie, token, { decision: 'approve' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redirectTo: '/kyc/kycaid-callback' });

    const me = (await app.inject({ url: '/api/auth/me', headers: { cookie } })).json();
    expect(me).toMatchObject({ kycStatus: 'approved', verifiedProfile: true });
    const events = await app.database.db.select().from(kycEvent).where(eq(kycEvent.userId, id));
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.source]).sort()).toEqual([
      ['not_started', 'pending', 'provider'],
      ['pending', 'approved', 'provider'],
    ]);
    const notes = await app.database.db.select().from(notification).where(eq(notification.userId, id));
    expect(notes.map((n) => n.type)).toEqual(['kyc_approved']);

    // Each sandbox check decides once.
    const late = await decide(cookie, token, { decision: 'decline', reason: 'late' });
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'KYC_CHECK_DECIDED']);
    const again = await startCheck(app, cookie);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'KYC_ALREADY_APPROVED']);
  });

  it('declines with the reason, and a retry can then pass', async () => {
    const { cookie, id } = await memberReadyForKyc(app, 'decline@example.test');
    const first = tokenOf((await startCheck(app, cookie)).json().url);
    const declined = await decide(cookie, first, { decision: 'decline', reason: 'The photo is blurred' });
    expect(declined.statusCode).toBe(200);
    expect(await kycState(app, cookie)).toMatchObject({ status: 'declined', reasons: ['The photo is blurred'] });
    const [note] = await app.database.db.select().from(notification).where(eq(notification.userId, id));
    expect(note).toMatchObject({ type: 'kyc_declined' });
    expect(note?.body).toContain('The photo is blurred');

    const second = tokenOf((await startCheck(app, cookie)).json().url);
    expect(second).not.toBe(first);
    await decide(cookie, second, { decision: 'approve' });
    expect(await kycState(app, cookie)).toMatchObject({ status: 'approved', reasons: [] });
  });

  it('needs a reason to decline, and writes nothing without one', async () => {
    const { cookie } = await memberReadyForKyc(app, 'no-reason@example.test');
    const token = tokenOf((await startCheck(app, cookie)).json().url);
    const res = await decide(cookie, token, { decision: 'decline', reason: '  ' });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).error.fields).toHaveProperty('reason');
    expect((await kycState(app, cookie)).attempt?.status).toBe('started');
  });

  it("is nobody else's to see or decide", async () => {
    const owner = await memberReadyForKyc(app, 'owner@example.test');
    const token = tokenOf((await startCheck(app, owner.cookie)).json().url);
    const other = await memberReadyForKyc(app, 'other@example.test');
    expect((await app.inject({ url: `/api/kyc/sandbox/${token}`, headers: { cookie: other.cookie } })).statusCode).toBe(
      404,
    );
    expect((await decide(other.cookie, token, { decision: 'approve' })).statusCode).toBe(404);
    expect((await kycState(app, owner.cookie)).status).toBe('not_started');
  });

  it('answers 400 for a malformed token', async () => {
    const { cookie } = await memberReadyForKyc(app, 'malformed@example.test');
    expect((await app.inject({ url: '/api/kyc/sandbox/not-a-token', headers: { cookie } })).statusCode).toBe(400);
  });
});
