import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { requests } from '#server/db/schema/requests.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { call } from '#server/modules/packages/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import type { AdminRequest, AdminRequestPage } from '#shared/admin-requests.ts';
import {
  answer,
  createTrip,
  invite,
  type Member,
  notificationsOf,
  offered,
  openPackage,
  storedRequest,
  verifiedMember,
} from './test/helpers.ts';

// The back office's requests (docs/product.md §4, §8): the list with its filters, paging and total,
// one request with its story, and an admin's withdrawal of a pending one, audited and told to both.

let app: FastifyInstance;
let admin: Member;
let sender: Member;
let traveler: Member;
let otherTraveler: Member;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  admin = await signUpVerified(app, 'requests-admin@example.test', 'Ada Admin');
  await makeAdmin(app, admin.id);
  sender = await verifiedMember(app, 'requests-admin-sender@example.test', 'Sam Sender');
  traveler = await verifiedMember(app, 'requests-admin-traveler@example.test', 'Tess Traveler');
  otherTraveler = await verifiedMember(app, 'requests-admin-other@example.test', 'Otto Other');
});
afterAll(() => app.close());

const list = async (query = '') => {
  const res = await call(app, 'GET', `/api/admin/requests${query}`, admin.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminRequestPage;
};
const withdraw = (id: string, payload: unknown) =>
  call(app, 'POST', `/api/admin/requests/${id}/withdraw`, admin.cookie, payload);

describe('GET /api/admin/requests', () => {
  it('filters by status, kind, package, traveler, sender and id, pages by cursor and counts the whole list', async () => {
    const pkg = await openPackage(app, sender);
    const trip = await createTrip(app, traveler);
    const otherTrip = await createTrip(app, otherTraveler);
    const offer = await offered(app, traveler, pkg.id, trip.id);
    const invitation = (await invite(app, sender.cookie, pkg.id, otherTrip.id)).json() as { id: string };
    const declined = await offered(app, traveler, (await openPackage(app, sender)).id, trip.id);
    expect((await answer(app, sender.cookie, declined.id, 'decline')).statusCode).toBe(200);

    const all = await list(`?packageId=${pkg.id}`);
    expect(all.items.map((r) => r.id)).toEqual([invitation.id, offer.id]);
    expect(all.total).toEqual({ count: 2, estimated: false });
    const row = all.items[1];
    expect(row).toMatchObject({
      status: 'pending',
      startedBy: 'traveler',
      package: { id: pkg.id, title: pkg.title, status: 'open', from: { city: 'Paris' }, to: { city: 'Berlin' } },
      sender: { id: sender.id, name: 'Sam Sender' },
      traveler: { id: traveler.id, name: 'Tess Traveler' },
      reward: pkg.reward,
      expiresAt: new Date(trip.departureAt).toISOString(),
    });

    expect((await list(`?packageId=${pkg.id}&startedBy=sender`)).items.map((r) => r.id)).toEqual([invitation.id]);
    expect((await list(`?travelerId=${traveler.id}`)).items.map((r) => r.id)).toEqual([declined.id, offer.id]);
    expect((await list(`?travelerId=${traveler.id}&status=declined`)).items.map((r) => r.id)).toEqual([declined.id]);
    expect((await list(`?senderId=${sender.id}`)).total.count).toBe(3);
    expect((await list(`?senderId=${traveler.id}`)).items).toEqual([]);
    expect((await list(`?q=${offer.id}`)).items.map((r) => r.id)).toEqual([offer.id]);
    expect((await list('?q=not-an-id')).total.count).toBe(0);
    expect((await list(`?senderId=${sender.id}&to=2000-01-01`)).items).toEqual([]);

    const first = await list(`?senderId=${sender.id}&limit=2`);
    expect(first.items.map((r) => r.id)).toEqual([declined.id, invitation.id]);
    expect(first.total.count).toBe(3);
    const second = await list(`?senderId=${sender.id}&limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((r) => r.id)).toEqual([offer.id]);
    expect(second.nextCursor).toBeNull();
    const oldest = await list(`?senderId=${sender.id}&sort=created&limit=2`);
    expect(oldest.items.map((r) => r.id)).toEqual([offer.id, invitation.id]);
  });

  it('refuses bad filters with 400 and the field named', async () => {
    for (const query of [
      '?status=lost',
      '?sort=title',
      '?senderId=nope',
      '?from=2026-02-01&to=2026-01-01',
      '?cursor=xyz',
    ]) {
      const res = await call(app, 'GET', `/api/admin/requests${query}`, admin.cookie);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('GET /api/admin/requests/:id', () => {
  it('answers the request with its package, trip, both members and timeline', async () => {
    const pkg = await openPackage(app, sender);
    const trip = await createTrip(app, traveler);
    const offer = await offered(app, traveler, pkg.id, trip.id);
    expect((await answer(app, sender.cookie, offer.id, 'accept')).statusCode).toBe(200);
    const res = await call(app, 'GET', `/api/admin/requests/${offer.id}`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as AdminRequest;
    expect(detail).toMatchObject({
      id: offer.id,
      status: 'accepted',
      package: { id: pkg.id, status: 'matched', weightKg: 1.5 },
      travelPlan: { id: trip.id, status: 'active', from: { city: 'Paris' } },
      expiresAt: null,
      actions: [],
    });
    expect(detail.timeline.map((e) => [e.kind, e.by?.role])).toEqual([
      ['created', 'traveler'],
      ['accepted', 'sender'],
    ]);
  });

  it('answers 404 for an unknown id and 400 for one that is not an id', async () => {
    const unknown = await call(app, 'GET', '/api/admin/requests/00000000-0000-4000-8000-000000000000', admin.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('REQUEST_NOT_FOUND');
    expect((await call(app, 'GET', '/api/admin/requests/nope', admin.cookie)).statusCode).toBe(400);
  });
});

describe('POST /api/admin/requests/:id/withdraw', () => {
  it('withdraws a pending request, tells both members and writes the audit row with the reason', async () => {
    const pkg = await openPackage(app, sender);
    const trip = await createTrip(app, traveler);
    const offer = await offered(app, traveler, pkg.id, trip.id);

    const res = await withdraw(offer.id, { reason: '  Reported as spam  ' });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as AdminRequest;
    expect(detail.status).toBe('withdrawn');
    expect(detail.actions).toEqual([]);
    expect(detail.timeline.at(-1)).toMatchObject({ kind: 'withdrawn', by: { id: admin.id, role: 'admin' } });
    expect((await storedRequest(app, offer.id)).status).toBe('withdrawn');

    const about = (n: { data: unknown }) => (n.data as { requestId?: string }).requestId === offer.id;
    expect((await notificationsOf(app, traveler.id, 'request_withdrawn')).filter(about)).toHaveLength(1);
    expect((await notificationsOf(app, sender.id, 'request_withdrawn')).filter(about)).toHaveLength(1);

    const audit = await app.database.db.select().from(auditLog).where(eq(auditLog.subjectId, offer.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      action: 'request.withdraw',
      subjectType: 'request',
      before: { status: 'pending' },
      after: { status: 'withdrawn' },
      reason: 'Reported as spam',
    });
  });

  it('refuses a request that is no longer pending (409) and changes nothing', async () => {
    const pkg = await openPackage(app, sender);
    const trip = await createTrip(app, traveler);
    const offer = await offered(app, traveler, pkg.id, trip.id);
    expect((await answer(app, sender.cookie, offer.id, 'decline')).statusCode).toBe(200);
    const res = await withdraw(offer.id, { reason: 'Too late' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('REQUEST_ALREADY_ANSWERED');
    expect((await storedRequest(app, offer.id)).status).toBe('declined');
    expect(await app.database.db.select().from(auditLog).where(eq(auditLog.subjectId, offer.id))).toEqual([]);
  });

  it('refuses a missing or short reason (400) and an unknown request (404), writing nothing', async () => {
    const pkg = await openPackage(app, sender);
    const trip = await createTrip(app, traveler);
    const offer = await offered(app, traveler, pkg.id, trip.id);
    for (const payload of [{}, { reason: ' x ' }, { reason: 'y'.repeat(501) }]) {
      const res = await withdraw(offer.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('reason');
    }
    const [row] = await app.database.db.select().from(requests).where(eq(requests.id, offer.id));
    expect(row?.status).toBe('pending');
    const unknown = await withdraw('00000000-0000-4000-8000-000000000000', { reason: 'Spam' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('POST /api/admin/requests/:id/expire', () => {
  it('closes a pending request as expired, tells both members and writes the audit row with the reason', async () => {
    const pkg = await openPackage(app, sender);
    const trip = await createTrip(app, traveler);
    const offer = await offered(app, traveler, pkg.id, trip.id);
    const before = (await call(app, 'GET', `/api/admin/requests/${offer.id}`, admin.cookie)).json() as AdminRequest;
    expect(before.actions).toEqual(['withdraw', 'expire']);

    const res = await call(app, 'POST', `/api/admin/requests/${offer.id}/expire`, admin.cookie, {
      reason: 'The trip was called off by phone',
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as AdminRequest;
    expect(detail).toMatchObject({ status: 'expired', actions: [], expiresAt: null });
    expect(detail.timeline.at(-1)).toMatchObject({ kind: 'expired', by: { id: admin.id, role: 'admin' } });
    expect((await storedRequest(app, offer.id)).status).toBe('expired');

    const about = (n: { data: unknown }) => (n.data as { requestId?: string }).requestId === offer.id;
    expect((await notificationsOf(app, traveler.id, 'request_expired')).filter(about)).toHaveLength(1);
    expect((await notificationsOf(app, sender.id, 'request_expired')).filter(about)).toHaveLength(1);
    const audit = await app.database.db.select().from(auditLog).where(eq(auditLog.subjectId, offer.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'request.expire',
      before: { status: 'pending' },
      after: { status: 'expired' },
      reason: 'The trip was called off by phone',
    });

    const again = await call(app, 'POST', `/api/admin/requests/${offer.id}/expire`, admin.cookie, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(await app.database.db.select().from(auditLog).where(eq(auditLog.subjectId, offer.id))).toHaveLength(1);
  });
});
