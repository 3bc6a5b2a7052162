import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { adminKycSchema } from '#shared/kyc.ts';
import { kycState, makeAdmin, memberReadyForKyc, startCheck } from './test/helpers.ts';

let app: FastifyInstance;
let adminCookie: string;
let adminId: string;

beforeAll(async () => {
  app = await createTestApp({ kycSandboxDelayMs: 0 });
  await app.ready();
  const admin = await signUpVerified(app, 'kyc-admin@example.test', 'Ada Admin');
  await makeAdmin(app, admin.id);
  adminCookie = admin.cookie;
  adminId = admin.id;
});
afterAll(() => app.close());

const decide = (id: string, payload: Record<string, unknown>, cookie = adminCookie) =>
  app.inject({ method: 'POST', url: `/api/admin/users/${id}/kyc/decision`, headers: { cookie }, payload });

describe('admin identity-check override', () => {
  it('is for administrators only', async () => {
    const m = await memberReadyForKyc(app, 'not-admin@example.test');
    expect((await app.inject({ url: `/api/admin/users/${m.id}/kyc` })).statusCode).toBe(401);
    expect((await app.inject({ url: `/api/admin/users/${m.id}/kyc`, headers: { cookie: m.cookie } })).statusCode).toBe(
      403,
    );
    expect((await decide(m.id, { decision: 'approve', note: 'I approve myself' }, m.cookie)).statusCode).toBe(403);
    expect((await kycState(app, m.cookie)).status).toBe('not_started');
  });

  it('needs a note, and writes nothing without one', async () => {
    const m = await memberReadyForKyc(app, 'no-note@example.test');
    const res = await decide(m.id, { decision: 'approve', note: ' ' });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).error.fields).toHaveProperty('note');
    expect((await kycState(app, m.cookie)).status).toBe('not_started');
    expect(await app.database.db.select().from(auditLog).where(eq(auditLog.subjectId, m.id))).toEqual([]);
  });

  it('answers 404 for an unknown member and 400 for a malformed id', async () => {
    expect(
      (await decide('00000000-0000-4000-8000-000000000000', { decision: 'approve', note: 'ok then' })).statusCode,
    ).toBe(404);
    expect((await app.inject({ url: '/api/admin/users/nope/kyc', headers: { cookie: adminCookie } })).statusCode).toBe(
      400,
    );
  });

  it('approves and declines with the note in the history and the audit log', async () => {
    const m = await memberReadyForKyc(app, 'override@example.test');
    await startCheck(app, m.cookie);

    const approved = await decide(m.id, { decision: 'approve', note: 'Checked the passport in person' });
    expect(approved.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/me', headers: { cookie: m.cookie } })).json()).toMatchObject({
      verifiedProfile: true,
    });

    const declined = await decide(m.id, { decision: 'decline', note: 'The passport was reported stolen' });
    const view = adminKycSchema.parse(declined.json());
    expect(view).toMatchObject({ status: 'declined', reasons: ['The passport was reported stolen'] });
    expect(view.attempts).toHaveLength(1);
    expect(view.events.map((e) => [e.fromStatus, e.toStatus, e.source, e.actor?.name, e.note])).toEqual([
      ['approved', 'declined', 'admin', 'Ada Admin', 'The passport was reported stolen'],
      ['not_started', 'approved', 'admin', 'Ada Admin', 'Checked the passport in person'],
    ]);
    expect(await kycState(app, m.cookie)).toMatchObject({
      status: 'declined',
      reasons: ['The passport was reported stolen'],
    });

    const audit = await app.database.db.select().from(auditLog).where(eq(auditLog.subjectId, m.id));
    expect(audit.map((a) => [a.action, a.actorId, a.subjectType, a.reason, a.before, a.after]).sort()).toEqual([
      [
        'kyc.approve',
        adminId,
        'user',
        'Checked the passport in person',
        { kycStatus: 'not_started' },
        { kycStatus: 'approved' },
      ],
      [
        'kyc.decline',
        adminId,
        'user',
        'The passport was reported stolen',
        { kycStatus: 'approved' },
        { kycStatus: 'declined' },
      ],
    ]);
  });

  it("won't let an administrator decide their own check", async () => {
    const own = await decide(adminId, { decision: 'approve', note: 'trust me' });
    expect([own.statusCode, own.json().error.code]).toEqual([403, 'OWN_KYC_DECISION']);
  });
});
