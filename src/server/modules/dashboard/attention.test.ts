import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '#server/db/schema/auth.ts';
import { packages } from '#server/db/schema/packages.ts';
import { payments, payouts } from '#server/db/schema/payments.ts';
import { disputes } from '#server/db/schema/requests.ts';
import { supportTicket } from '#server/db/schema/support.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import type { AdminAttention } from '#shared/admin-dashboard.ts';

// The dashboard's "needs you now" counts against the rows themselves, on the demo data (which has
// open disputes, payout requests and members mid-check), and as they change.

let app: FastifyInstance;
let admin: { id: string; cookie: string };
let member: { id: string; cookie: string };

beforeAll(async () => {
  app = await createTestApp({ demoMode: true });
  await app.ready();
  admin = await signUpVerified(app, 'attention-admin@example.test', 'Ada Admin');
  await makeAdmin(app, admin.id);
  member = await signUpVerified(app, 'attention-member@example.test', 'Sam Sender');
});
afterAll(() => app.close());

const attention = async () => {
  const res = await app.inject({ url: '/api/admin/dashboard/attention', headers: { cookie: admin.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminAttention;
};
const counted = async (query: Promise<{ n: number }[]>) => ({ count: (await query)[0]?.n ?? 0, estimated: false });

describe('GET /api/admin/dashboard/attention', () => {
  it('counts what waits for an administrator, as the tables hold it', async () => {
    const db = app.database.db;
    const [pkg] = await db.select({ id: packages.id, senderId: packages.senderId }).from(packages).limit(1);
    if (!pkg) throw new Error('the demo data has packages');
    await db.insert(disputes).values({
      packageId: pkg.id,
      openedBy: pkg.senderId,
      reason: 'damaged',
      details: 'The box arrived crushed.',
      createdAt: new Date('2026-06-01T10:00:00.000Z'),
    });
    await app.inject({
      method: 'POST',
      url: '/api/support/contact',
      payload: { email: 'help@example.test', topic: 'other', message: 'How do I change my e-mail address?' },
    });
    const body = await attention();
    expect(body).toEqual({
      disputes: {
        total: await counted(db.select({ n: count() }).from(disputes).where(eq(disputes.status, 'open'))),
        oldestAt: expect.any(String),
      },
      kycPending: await counted(db.select({ n: count() }).from(user).where(eq(user.kycStatus, 'pending'))),
      payoutsRequested: await counted(db.select({ n: count() }).from(payouts).where(eq(payouts.status, 'requested'))),
      paymentMismatches: await counted(
        db
          .select({ n: count() })
          .from(payments)
          .where(and(eq(payments.status, 'amount_mismatch'), isNull(payments.paidRefundedAt))),
      ),
      refundsFailed: await counted(db.select({ n: count() }).from(payments).where(isNotNull(payments.refundFailedAt))),
      supportOpen: {
        total: await counted(db.select({ n: count() }).from(supportTicket).where(eq(supportTicket.status, 'open'))),
        oldestAt: expect.any(String),
      },
    });
    expect(body.disputes.total.count).toBeGreaterThan(0);
    expect(body.supportOpen.total.count).toBeGreaterThan(0);
    expect(Date.parse(body.disputes.oldestAt ?? '')).toBeLessThanOrEqual(Date.parse('2026-06-01T10:00:00.000Z'));
  });

  it('follows a change: one more member mid-check is one more to see', async () => {
    const before = (await attention()).kycPending.count;
    await app.database.db.update(user).set({ kycStatus: 'pending' }).where(eq(user.id, member.id));
    expect((await attention()).kycPending.count).toBe(before + 1);
  });

  it('is for administrators only', async () => {
    const res = await app.inject({ url: '/api/admin/dashboard/attention', headers: { cookie: member.cookie } });
    expect(res.statusCode).toBe(403);
  });
});
