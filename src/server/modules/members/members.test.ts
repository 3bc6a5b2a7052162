import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { session, user } from '#server/db/schema/auth.ts';
import { notification } from '#server/db/schema/notifications.ts';
import { packages } from '#server/db/schema/packages.ts';
import { payments } from '#server/db/schema/payments.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { createDraft } from '#server/modules/packages/test/helpers.ts';
import { balance, ledgerIsBalanced } from '#server/modules/payments/test/helpers.ts';
import {
  createTrip,
  type Member,
  matchedPackage,
  offered,
  openPackage,
  storedPackage,
  storedRequest,
  verifiedMember,
} from '#server/modules/requests/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import type { AdminBanResult, AdminUser, AdminUserDetail, AdminUserPage } from '#shared/admin-users.ts';

// The back office's members (docs/product.md §8.3): the list, a member's record, and the actions on an
// account, each in the audit log.

let app: FastifyInstance;
let admin: Member;
let plain: Member;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  admin = await signUpVerified(app, 'members-admin@example.test', 'Alex Admin');
  await makeAdmin(app, admin.id);
  plain = await signUpVerified(app, 'zoe.plain@example.test', 'Zoe Plain');
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const list = async (query: string) => {
  const res = await call('GET', `/api/admin/users?${query}`, admin.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminUserPage;
};
const auditOf = (subjectId: string, action: string) =>
  app.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, subjectId), eq(auditLog.action, action)));
const missing = '00000000-0000-4000-8000-000000000000';

describe('the list', () => {
  it('searches by name word, e-mail, phone and id', async () => {
    const ada = await signUpVerified(app, 'ada.search@example.test', 'Ada Lovelace Search');
    expect((await list('q=lovel')).items.map((u) => u.id)).toEqual([ada.id]);
    expect((await list('q=ADA.SEARCH@')).items.map((u) => u.id)).toEqual([ada.id]);
    expect((await list(`q=${ada.id}`)).items.map((u) => u.id)).toEqual([ada.id]);
    const [withPhone] = await app.database.db
      .update(user)
      .set({ phoneNumber: '+12025550999' })
      .where(eq(user.id, ada.id))
      .returning();
    expect(withPhone).toBeDefined();
    expect((await list('q=1202555099')).items.map((u) => u.id)).toEqual([ada.id]);
    expect((await list('q=%2B1202555099')).items.map((u) => u.id)).toEqual([ada.id]);
    // A wildcard typed in the box is a letter.
    expect((await list('q=%25')).items).toEqual([]);
  });

  it('filters by verified, identity check, ban, role and joining date, with a total', async () => {
    const verified = await verifiedMember(app, 'filter.verified@example.test', 'Vera Verified');
    const isVerified = await list('verified=true');
    expect(isVerified.items.map((u) => u.id)).toContain(verified.id);
    expect(isVerified.items.every((u) => u.verified)).toBe(true);
    expect(isVerified.total).toEqual({ count: isVerified.items.length, estimated: false });
    expect((await list('verified=false')).items.map((u) => u.id)).not.toContain(verified.id);
    expect((await list('kycStatus=approved')).items.map((u) => u.id)).toContain(verified.id);
    const admins = await list('admin=true');
    expect(admins.items.map((u) => u.id)).toEqual([admin.id]);
    expect(admins.items[0]).toMatchObject({ isAdmin: true, banned: false, deleted: false });
    expect((await list('banned=true')).items).toEqual([]);
    expect((await list('joinedTo=2000-01-01')).total.count).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`joinedFrom=${today}`)).total.count).toBeGreaterThanOrEqual(3);
  });

  it('sorts by joined, name and e-mail, and pages with stable cursors', async () => {
    const all = await list('limit=100&sort=name');
    const names = all.items.map((u) => u.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const byEmailDesc = (await list('limit=100&sort=-email')).items.map((u) => u.email);
    expect(byEmailDesc).toEqual([...byEmailDesc].sort().reverse());
    const newest = (await list('limit=100')).items;
    expect(newest.map((u) => u.joinedAt)).toEqual(
      newest
        .map((u) => u.joinedAt)
        .sort()
        .reverse(),
    );

    for (const sort of ['name', '-joined', 'email']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let first = true;
      while (first || cursor) {
        first = false;
        const page: AdminUserPage = await list(`limit=2&sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`);
        // A member who joins meanwhile does not move the pages already under way.
        if (seen.length === 2) await signUpVerified(app, `late-${sort}@example.test`, 'Late Joiner');
        seen.push(...page.items.map((u) => u.id));
        cursor = page.nextCursor;
      }
      const full = (await list(`limit=100&sort=${sort}`)).items.map((u) => u.id);
      expect(new Set(seen).size).toBe(seen.length);
      expect(full.filter((id) => seen.includes(id))).toEqual(seen);
    }
  });

  it('refuses bad input with the fields named, and a cursor of another order', async () => {
    const bad = await call('GET', '/api/admin/users?sort=age&banned=maybe&kycStatus=x&limit=0', admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['banned', 'kycStatus', 'limit', 'sort']);
    const page = await list('limit=1&sort=name');
    const other = await call('GET', `/api/admin/users?sort=email&cursor=${page.nextCursor}`, admin.cookie);
    expect(other.statusCode).toBe(400);
    expect((await call('GET', '/api/admin/users?cursor=nonsense', admin.cookie)).statusCode).toBe(400);
  });
});

describe("a member's record", () => {
  it('shows the profile, their records, balance and sessions without tokens', async () => {
    const sender = await verifiedMember(app, 'record.sender@example.test', 'Rita Record');
    const traveler = await verifiedMember(app, 'record.traveler@example.test', 'Tom Record');
    const { pkg, trip } = await matchedPackage(app, sender, traveler);
    const res = await call('GET', `/api/admin/users/${sender.id}`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as AdminUserDetail;
    expect(detail.user).toMatchObject({ id: sender.id, name: 'Rita Record', verified: true, kycStatus: 'approved' });
    expect(detail.profile).toMatchObject({ emailVerified: true, phoneNumberVerified: true, banReason: null });
    expect(detail.packages.count).toBe(1);
    expect(detail.packages.recent[0]).toMatchObject({ id: pkg.id, status: 'matched' });
    expect(detail.payments.count).toBe(1);
    expect(detail.requests.recent[0]).toMatchObject({ packageId: pkg.id, side: 'sender', status: 'accepted' });
    expect(detail.sessions.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(detail)).not.toMatch(/token/i);
    expect(detail.balance.currencies[0]?.currency).toBe('EUR');

    const travelerDetail = (
      await call('GET', `/api/admin/users/${traveler.id}`, admin.cookie)
    ).json() as AdminUserDetail;
    expect(travelerDetail.travelPlans.recent.map((t) => t.id)).toEqual([trip.id]);
    expect(travelerDetail.requests.recent[0]).toMatchObject({ side: 'traveler' });
  });

  it('answers 404 for an unknown member and 400 for a malformed id', async () => {
    expect((await call('GET', `/api/admin/users/${missing}`, admin.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/users/42', admin.cookie)).statusCode).toBe(400);
  });
});

describe('a ban', () => {
  it('signs the member out at once, cancels and refunds open packages, closes pending requests, leaves trips under way', async () => {
    const banned = await verifiedMember(app, 'ban.target@example.test', 'Bob Banned');
    const other = await verifiedMember(app, 'ban.other@example.test', 'Olga Other');
    const draft = await createDraft(app, banned.cookie);
    const open = await openPackage(app, banned);
    // Someone else's offer on the banned member's open package, and the banned member's offer on another's.
    const otherTrip = await createTrip(app, other);
    const offerOnTheirs = await offered(app, other, open.id, otherTrip.id);
    const othersPackage = await openPackage(app, other);
    const bannedTrip = await createTrip(app, banned);
    const theirOffer = await offered(app, banned, othersPackage.id, bannedTrip.id);
    // A package already under way: matched, then picked up (in transit) in the table.
    const { pkg: underWay } = await matchedPackage(app, banned, other);
    await app.database.db.update(packages).set({ status: 'in_transit' }).where(eq(packages.id, underWay.id));
    expect((await call('GET', '/api/auth/me', banned.cookie)).statusCode).toBe(200);
    const escrowBefore = await balance(app, 'escrow');

    const res = await call('POST', `/api/admin/users/${banned.id}/ban`, admin.cookie, {
      reason: '  Fraudulent listings  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as AdminBanResult;
    expect(result.user).toMatchObject({ banned: true });
    expect(result.revokedSessions).toBeGreaterThanOrEqual(1);
    expect(result.cancelledPackages.map((p) => p.id).sort()).toEqual([draft.id, open.id].sort());
    expect(result.closedRequests).toBe(2);

    expect((await call('GET', '/api/auth/me', banned.cookie)).statusCode).toBe(401);
    expect(await app.database.db.select().from(session).where(eq(session.userId, banned.id))).toEqual([]);
    expect((await storedPackage(app, draft.id))?.status).toBe('cancelled');
    expect((await storedPackage(app, open.id))?.status).toBe('cancelled');
    expect((await storedPackage(app, underWay.id))?.status).toBe('in_transit');
    const [openPayment] = await app.database.db.select().from(payments).where(eq(payments.packageId, open.id));
    expect(openPayment).toMatchObject({ status: 'refunded', refundedAmount: openPayment?.amount });
    expect(await balance(app, 'escrow')).toBe(escrowBefore - (openPayment?.amount ?? 0));
    expect(await ledgerIsBalanced(app)).toBe(true);
    expect((await storedRequest(app, offerOnTheirs.id))?.status).toBe('expired');
    expect((await storedRequest(app, theirOffer.id))?.status).toBe('withdrawn');

    const [row] = await app.database.db.select().from(user).where(eq(user.id, banned.id));
    expect(row).toMatchObject({ banned: true, banReason: 'Fraudulent listings' });
    const [audit] = await auditOf(banned.id, 'member.ban');
    expect(audit).toMatchObject({
      actorId: admin.id,
      reason: 'Fraudulent listings',
      before: { banned: false },
      after: { banned: true, banReason: 'Fraudulent listings' },
    });
    expect(audit?.data).toMatchObject({ closedRequests: 2 });

    // A banned member cannot sign in again.
    const signIn = await call('POST', '/api/auth/sign-in/email', undefined, {
      email: 'ban.target@example.test',
      password: 'correct-horse-battery',
    });
    expect(signIn.statusCode).not.toBe(200);

    // Twice is refused; unbanning lifts it, with its own audit row.
    expect(
      (await call('POST', `/api/admin/users/${banned.id}/ban`, admin.cookie, { reason: 'Again' })).json().error.code,
    ).toBe('MEMBER_ALREADY_BANNED');
    const unban = await call('POST', `/api/admin/users/${banned.id}/unban`, admin.cookie, {
      reason: 'Appeal accepted',
    });
    expect(unban.statusCode, unban.body).toBe(200);
    expect(unban.json() as AdminUser).toMatchObject({ banned: false });
    expect(await auditOf(banned.id, 'member.unban')).toHaveLength(1);
    expect(
      (await call('POST', `/api/admin/users/${banned.id}/unban`, admin.cookie, { reason: 'Again' })).statusCode,
    ).toBe(409);
    const again = await call('POST', '/api/auth/sign-in/email', undefined, {
      email: 'ban.target@example.test',
      password: 'correct-horse-battery',
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses yourself, an administrator, a missing member and a missing reason, writing nothing', async () => {
    const self = await call('POST', `/api/admin/users/${admin.id}/ban`, admin.cookie, { reason: 'Testing myself' });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.code).toBe('OWN_ACCOUNT_ACTION');
    const otherAdmin = await signUpVerified(app, 'second.admin@example.test', 'Second Admin');
    await makeAdmin(app, otherAdmin.id);
    const adminBan = await call('POST', `/api/admin/users/${otherAdmin.id}/ban`, admin.cookie, { reason: 'Rogue' });
    expect(adminBan.json().error.code).toBe('BAN_ADMIN');
    expect((await call('POST', `/api/admin/users/${missing}/ban`, admin.cookie, { reason: 'Nobody' })).statusCode).toBe(
      404,
    );
    const noReason = await call('POST', `/api/admin/users/${plain.id}/ban`, admin.cookie, { reason: ' x ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBeDefined();
    const [row] = await app.database.db.select().from(user).where(eq(user.id, plain.id));
    expect(row?.banned).toBe(false);
    expect(await auditOf(plain.id, 'member.ban')).toEqual([]);
  });
});

describe('role, sessions and notifications', () => {
  it('makes a member an administrator and takes it back, never for yourself', async () => {
    const target = await signUpVerified(app, 'role.target@example.test', 'Rory Role');
    const made = await call('POST', `/api/admin/users/${target.id}/role`, admin.cookie, {
      admin: true,
      reason: 'New ops hire',
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ isAdmin: true });
    // The member's cached session sees the new role at once.
    expect((await call('GET', '/api/admin/users', target.cookie)).statusCode).toBe(200);
    expect(
      (await call('POST', `/api/admin/users/${target.id}/role`, admin.cookie, { admin: true, reason: 'Twice' }))
        .statusCode,
    ).toBe(409);
    const removed = await call('POST', `/api/admin/users/${target.id}/role`, admin.cookie, {
      admin: false,
      reason: 'Left',
    });
    expect(removed.json()).toMatchObject({ isAdmin: false });
    expect((await call('GET', '/api/admin/users', target.cookie)).statusCode).toBe(403);
    const audits = await auditOf(target.id, 'member.role');
    expect(audits.map((a) => a.after)).toEqual(expect.arrayContaining([{ role: 'admin' }, { role: 'user' }]));
    const self = await call('POST', `/api/admin/users/${admin.id}/role`, admin.cookie, {
      admin: false,
      reason: 'Quit',
    });
    expect(self.json().error.code).toBe('OWN_ACCOUNT_ACTION');
    expect(
      (await call('POST', `/api/admin/users/${target.id}/role`, admin.cookie, { reason: 'No choice' })).statusCode,
    ).toBe(400);
  });

  it('revokes every session at once; the member may sign in again', async () => {
    const target = await signUpVerified(app, 'revoke.target@example.test', 'Rex Revoke');
    expect((await call('GET', '/api/auth/me', target.cookie)).statusCode).toBe(200);
    const res = await call('POST', `/api/admin/users/${target.id}/sessions/revoke`, admin.cookie, {
      reason: 'Lost phone',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ revokedSessions: 1, user: { banned: false } });
    expect((await call('GET', '/api/auth/me', target.cookie)).statusCode).toBe(401);
    expect(await auditOf(target.id, 'member.sessions_revoked')).toHaveLength(1);
    expect(
      (await call('POST', `/api/admin/users/${missing}/sessions/revoke`, admin.cookie, { reason: 'x y z' })).statusCode,
    ).toBe(404);
  });

  it('sends an in-app notification, in the audit log', async () => {
    const res = await call('POST', `/api/admin/users/${plain.id}/notify`, admin.cookie, {
      title: 'About your listing',
      body: 'Please add a photo.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await app.database.db.select().from(notification).where(eq(notification.userId, plain.id));
    expect(rows.map((n) => [n.type, n.title])).toContainEqual(['broadcast', 'About your listing']);
    expect(await auditOf(plain.id, 'notification.send')).toHaveLength(1);
    expect(
      (await call('POST', `/api/admin/users/${plain.id}/notify`, admin.cookie, { title: '', body: '' })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', `/api/admin/users/${missing}/notify`, admin.cookie, { title: 'Hi', body: 'There' }))
        .statusCode,
    ).toBe(404);
  });

  it('is for administrators only', async () => {
    expect((await call('GET', '/api/admin/users')).statusCode).toBe(401);
    expect((await call('POST', `/api/admin/users/${admin.id}/ban`, plain.cookie, { reason: 'Coup' })).statusCode).toBe(
      403,
    );
  });
});
