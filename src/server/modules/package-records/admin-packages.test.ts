import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { payments } from '#server/db/schema/payments.ts';
import { disputes } from '#server/db/schema/requests.ts';
import { send } from '#server/modules/chat/test/helpers.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import {
  berlin,
  call,
  completeDraft,
  createDraft,
  inDays,
  lyon,
  paris,
} from '#server/modules/packages/test/helpers.ts';
import { balance, ledgerIsBalanced } from '#server/modules/payments/test/helpers.ts';
import {
  codesOf,
  type Member,
  matchedPackage,
  notificationsOf,
  openPackage,
  snapshot,
  storedPackage,
  verifiedMember,
} from '#server/modules/requests/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import {
  type AdminConversationPage,
  type AdminPackageDetail,
  type AdminPackagePage,
  adminConversationPageSchema,
  adminPackageDetailSchema,
  adminPackagePageSchema,
} from '#shared/admin-packages.ts';

// The back office's packages (docs/product.md §8) through the real API: the list and its disputes
// queue, one package's record, its conversation (each read audited) and the admin's cancellation.

let app: FastifyInstance;
let sender: Member;
let traveler: Member;
let admin: Member;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  sender = await verifiedMember(app, 'records-sender@example.test', 'Rita Sender');
  traveler = await verifiedMember(app, 'records-traveler@example.test', 'Tom Traveler');
  admin = await verifiedMember(app, 'records-admin@example.test', 'Ada Admin');
  await makeAdmin(app, admin.id);
});
afterAll(() => app.close());

async function list(query: Record<string, string>): Promise<AdminPackagePage> {
  const res = await call(app, 'GET', `/api/admin/packages?${new URLSearchParams(query)}`, admin.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return adminPackagePageSchema.parse(res.json());
}

async function detail(id: string): Promise<AdminPackageDetail> {
  const res = await call(app, 'GET', `/api/admin/packages/${id}`, admin.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return adminPackageDetailSchema.parse(res.json());
}

async function disputedPackage() {
  const { pkg } = await matchedPackage(app, sender, traveler);
  const codes = await codesOf(app, sender, pkg.id);
  await call(app, 'POST', `/api/packages/${pkg.id}/pickup`, traveler.cookie, { code: codes.pickupCode });
  await call(app, 'POST', `/api/packages/${pkg.id}/deliver`, traveler.cookie, { code: codes.deliveryCode });
  const res = await call(app, 'POST', `/api/packages/${pkg.id}/dispute`, sender.cookie, {
    reason: 'damaged',
    details: 'The box arrived crushed on one side.',
  });
  expect(res.statusCode, res.body).toBe(201);
  return pkg;
}

const auditRows = (subjectId: string, action: 'conversation.read' | 'package.cancel') =>
  app.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, subjectId), eq(auditLog.action, action)));

describe('GET /api/admin/packages', () => {
  let own: Member;
  beforeAll(async () => {
    own = await verifiedMember(app, 'records-lister@example.test', 'Lisa Lister');
    await createDraft(app, own.cookie, { ...completeDraft(), title: 'Alpha books', reward: 900 });
    await createDraft(app, own.cookie, {
      ...completeDraft(),
      title: 'Beta lamp',
      pickup: lyon,
      reward: 3000,
      deliverBy: inDays(5),
    });
    await createDraft(app, own.cookie, {
      ...completeDraft(),
      title: 'Gamma 100% wool',
      dropoff: paris,
      pickup: berlin,
    });
    await createDraft(app, own.cookie, { title: 'Delta, no reward yet' });
  });

  it('filters by member, city prefix (any case), title prefix or id, and counts what it matches', async () => {
    const all = await list({ senderId: own.id });
    expect(all.items).toHaveLength(4);
    expect(all.total).toEqual({ count: 4, estimated: false });
    expect(all.items[0]).toMatchObject({
      sender: { id: own.id, name: 'Lisa Lister' },
      traveler: null,
      disputed: false,
    });

    expect((await list({ senderId: own.id, pickupCity: 'ly' })).items.map((p) => p.title)).toEqual(['Beta lamp']);
    expect((await list({ senderId: own.id, dropoffCity: 'PAR' })).items.map((p) => p.title)).toEqual([
      'Gamma 100% wool',
    ]);
    const beta = (await list({ senderId: own.id, q: 'beta' })).items;
    expect(beta.map((p) => p.route)).toEqual([{ from: 'Lyon', to: 'Berlin' }]);
    // A wildcard typed is a character searched for, not "anything".
    expect((await list({ senderId: own.id, q: 'gamma 100%' })).items).toHaveLength(1);
    expect((await list({ senderId: own.id, q: '%' })).items).toHaveLength(0);
    expect((await list({ q: beta[0]?.id ?? '' })).items.map((p) => p.title)).toEqual(['Beta lamp']);
    expect((await list({ senderId: own.id, status: 'open' })).total.count).toBe(0);
    expect((await list({ senderId: own.id, deliverByTo: inDays(6).slice(0, 10) })).items).toHaveLength(1);
    expect((await list({ senderId: own.id, createdFrom: inDays(1).slice(0, 10) })).items).toHaveLength(0);
  });

  it('sorts by reward either way with the packages without one last, page by page', async () => {
    const firstPage = await list({ senderId: own.id, sort: '-reward', limit: '2' });
    expect(firstPage.items.map((p) => p.reward)).toEqual([3000, 2500]);
    const second = await list({ senderId: own.id, sort: '-reward', limit: '2', cursor: firstPage.nextCursor ?? '' });
    expect(second.items.map((p) => p.reward)).toEqual([900, null]);
    expect(second.nextCursor).toBeNull();
    const ascending = await list({ senderId: own.id, sort: 'reward', limit: '3' });
    expect(ascending.items.map((p) => p.reward)).toEqual([900, 2500, 3000]);
    const rest = await list({ senderId: own.id, sort: 'reward', limit: '3', cursor: ascending.nextCursor ?? '' });
    expect(rest.items.map((p) => p.title)).toEqual(['Delta, no reward yet']);
    // A cursor made under another order is refused, not misread.
    const wrong = await call(
      app,
      'GET',
      `/api/admin/packages?senderId=${own.id}&sort=created&cursor=${ascending.nextCursor}`,
      admin.cookie,
    );
    expect(wrong.statusCode).toBe(400);
  });

  it('names bad filters (400)', async () => {
    const res = await call(app, 'GET', '/api/admin/packages?status=lost&sort=title&senderId=nope', admin.cookie);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['senderId', 'sort', 'status']);
  });

  it('status=disputed is the disputes queue: the oldest open dispute first, with its age', async () => {
    const newer = await disputedPackage();
    const older = await disputedPackage();
    await app.database.db
      .update(disputes)
      .set({ createdAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000) })
      .where(eq(disputes.packageId, older.id));
    const queue = await list({ status: 'disputed', senderId: sender.id, limit: '1' });
    expect(queue.items[0]).toMatchObject({ id: older.id, disputed: true, status: 'disputed' });
    expect(Date.now() - Date.parse(queue.items[0]?.disputeOpenedAt ?? '')).toBeGreaterThan(2 * 24 * 60 * 60 * 1000);
    const next = await list({ status: 'disputed', senderId: sender.id, limit: '1', cursor: queue.nextCursor ?? '' });
    expect(next.items.map((p) => p.id)).toEqual([newer.id]);
    expect(queue.total.count).toBe(2);
  });
});

describe('GET /api/admin/packages/:id', () => {
  it('shows the package with its payments, journal, requests, timeline and dispute; 404 for an unknown one', async () => {
    const pkg = await disputedPackage();
    const record = await detail(pkg.id);
    expect(record.package).toMatchObject({ id: pkg.id, status: 'disputed', recipientName: 'Lena Weber' });
    expect(record.payments).toEqual([
      expect.objectContaining({ status: 'succeeded', amount: 2750, refundedAmount: 0, refundable: 2750 }),
    ]);
    expect(record.ledger.map((e) => e.kind)).toEqual(['payment_received']);
    expect(record.requests).toEqual([
      expect.objectContaining({ status: 'accepted', traveler: { id: traveler.id, name: 'Tom Traveler' } }),
    ]);
    expect(record.timeline.map((t) => t.kind)).toContain('dispute_opened');
    expect(record.timeline.filter((t) => t.kind === 'status').at(-1)?.toStatus).toBe('disputed');
    expect(record.dispute).toMatchObject({ status: 'open', held: 2750, currency: 'EUR', resolvedBy: null });
    expect(record.cancellation).toBeNull();
    expect(record.hasConversation).toBe(true);

    const unknown = await call(app, 'GET', '/api/admin/packages/00000000-0000-4000-8000-000000000000', admin.cookie);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /api/admin/packages/:id/conversation', () => {
  it('reads the messages oldest first, a page at a time, and writes one audit row per read', async () => {
    const { pkg } = await matchedPackage(app, sender, traveler);
    const record = await detail(pkg.id);
    expect(record.hasConversation).toBe(true);
    const conversationId = record.package.conversationId;
    expect(conversationId).toBeNull(); // The admin is no participant: the member view hides it.
    const listed = (await call(app, 'GET', '/api/communication/chat/conversations', sender.cookie)).json();
    const id = (listed.items as { id: string }[])[0]?.id ?? '';
    for (const content of ['first', 'second', 'third']) {
      expect((await send(app, sender.cookie, id, content)).statusCode).toBe(201);
    }
    const before = (await auditRows(id, 'conversation.read')).length;

    const first = await call(app, 'GET', `/api/admin/packages/${pkg.id}/conversation?limit=2`, admin.cookie);
    expect(first.statusCode, first.body).toBe(200);
    const page = adminConversationPageSchema.parse(first.json()) as AdminConversationPage;
    expect(page.conversationId).toBe(id);
    expect(page.participants.map((p) => p.id)).toEqual([sender.id, traveler.id]);
    expect(page.items.map((m) => m.content)).toEqual(['first', 'second']);
    const rest = adminConversationPageSchema.parse(
      (
        await call(
          app,
          'GET',
          `/api/admin/packages/${pkg.id}/conversation?limit=200&cursor=${page.nextCursor}`,
          admin.cookie,
        )
      ).json(),
    );
    expect(rest.items.map((m) => m.content)).toEqual(['third']);
    expect(rest.nextCursor).toBeNull();

    const rows = await auditRows(id, 'conversation.read');
    expect(rows).toHaveLength(before + 2);
    expect(rows.at(-1)).toMatchObject({ actorId: admin.id, subjectType: 'conversation', data: { packageId: pkg.id } });
  });

  it('is 404 for a package without a traveler, and writes nothing', async () => {
    const pkg = await openPackage(app, sender);
    const res = await call(app, 'GET', `/api/admin/packages/${pkg.id}/conversation`, admin.cookie);
    expect(res.statusCode).toBe(404);
    const rows = await app.database.db.select().from(auditLog).where(eq(auditLog.action, 'conversation.read'));
    expect(rows.filter((r) => (r.data as { packageId?: string }).packageId === pkg.id)).toEqual([]);
  });
});

describe('POST /api/admin/packages/:id/cancel', () => {
  it('cancels a matched package with the refund less the fee, the audit row and both parties told', async () => {
    const { pkg } = await matchedPackage(app, sender, traveler);
    expect((await detail(pkg.id)).cancellation).toEqual({ refund: 2500, keptFee: 250, currency: 'EUR' });
    const refunds = await balance(app, 'refunds');
    const res = await call(app, 'POST', `/api/admin/packages/${pkg.id}/cancel`, admin.cookie, {
      reason: '  The traveler reported a prohibited item  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = adminPackageDetailSchema.parse(res.json());
    expect(after.package.status).toBe('cancelled');
    expect(after.cancellation).toBeNull();
    expect(await balance(app, 'refunds')).toBe(refunds + 2500);
    const [payment] = await app.database.db.select().from(payments).where(eq(payments.packageId, pkg.id));
    expect(payment).toMatchObject({ refundedAmount: 2500 });
    const [audit] = await auditRows(pkg.id, 'package.cancel');
    expect(audit).toMatchObject({
      actorId: admin.id,
      subjectType: 'package',
      before: { status: 'matched' },
      after: { status: 'cancelled' },
      reason: 'The traveler reported a prohibited item',
      data: { refund: 2500, keptFee: 250, paymentId: payment?.id },
    });
    const told = async (who: Member, type: string) =>
      (await notificationsOf(app, who.id, type)).filter((n) => n.link?.includes(pkg.id));
    expect(await told(sender, 'payment_refunded')).toHaveLength(1);
    expect(await told(traveler, 'package_cancelled')).toHaveLength(1);
    expect(await ledgerIsBalanced(app)).toBe(true);
  });

  it('cancels a draft with its audit row; refuses without a reason, a final package, or an unknown id', async () => {
    const draft = await createDraft(app, sender.cookie);
    const before = await snapshot(app, draft.id);
    const noReason = await call(app, 'POST', `/api/admin/packages/${draft.id}/cancel`, admin.cookie, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toHaveProperty('reason');
    expect(await snapshot(app, draft.id)).toEqual(before);

    const ok = await call(app, 'POST', `/api/admin/packages/${draft.id}/cancel`, admin.cookie, { reason: 'Spam' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await storedPackage(app, draft.id)).status).toBe('cancelled');
    expect(await auditRows(draft.id, 'package.cancel')).toEqual([
      expect.objectContaining({ before: { status: 'draft' }, after: { status: 'cancelled' }, reason: 'Spam' }),
    ]);

    const again = await call(app, 'POST', `/api/admin/packages/${draft.id}/cancel`, admin.cookie, { reason: 'Spam' });
    expect(again.statusCode).toBe(409);
    expect(await auditRows(draft.id, 'package.cancel')).toHaveLength(1);
    const unknown = await call(
      app,
      'POST',
      '/api/admin/packages/00000000-0000-4000-8000-000000000000/cancel',
      admin.cookie,
      {
        reason: 'Spam',
      },
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('leaves the member path as it was: a sender cancelling writes no audit row', async () => {
    const pkg = await openPackage(app, sender);
    const res = await call(app, 'POST', `/api/packages/${pkg.id}/cancel`, sender.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(await auditRows(pkg.id, 'package.cancel')).toEqual([]);
  });
});
