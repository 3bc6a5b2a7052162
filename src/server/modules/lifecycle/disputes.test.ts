import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { payments } from '#server/db/schema/payments.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { call } from '#server/modules/packages/test/helpers.ts';
import { balance, ledgerIsBalanced } from '#server/modules/payments/test/helpers.ts';
import {
  codesOf,
  type Member,
  matchedPackage,
  notificationsOf,
  snapshot,
  storedPackage,
  verifiedMember,
} from '#server/modules/requests/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { AppError } from '#shared/errors.ts';
import { type Dispute, disputeSchema } from '#shared/lifecycle.ts';
import type { Package } from '#shared/packages.ts';
import { completePackage } from './complete.ts';

// Disputes (docs/product.md §2, §5): either party opens one after pickup; the money is frozen (nothing
// completes or releases it) until an admin resolves it, either way, with the ledger and the audit log
// to show for it.

let app: FastifyInstance;
let sender: Member;
let traveler: Member;
let admin: Member;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  sender = await verifiedMember(app, 'dispute-sender@example.test', 'Dee Sender');
  traveler = await verifiedMember(app, 'dispute-traveler@example.test', 'Dan Traveler');
  admin = await verifiedMember(app, 'dispute-admin@example.test', 'Alma Admin');
  await makeAdmin(app, admin.id);
});
afterAll(() => app.close());

const details = { reason: 'damaged', details: 'The box arrived crushed on one side.' } as const;

/** A package picked up and delivered through the API. */
async function deliveredPackage() {
  const { pkg } = await matchedPackage(app, sender, traveler);
  const codes = await codesOf(app, sender, pkg.id);
  await call(app, 'POST', `/api/packages/${pkg.id}/pickup`, traveler.cookie, { code: codes.pickupCode });
  await call(app, 'POST', `/api/packages/${pkg.id}/deliver`, traveler.cookie, { code: codes.deliveryCode });
  return pkg;
}

async function disputed(by: Member = sender) {
  const pkg = await deliveredPackage();
  const res = await call(app, 'POST', `/api/packages/${pkg.id}/dispute`, by.cookie, details);
  expect(res.statusCode, res.body).toBe(201);
  return { pkg, dispute: disputeSchema.parse(res.json()) };
}

const resolve = (packageId: string, cookie: string, resolution: 'refund_sender' | 'release_traveler') =>
  call(app, 'POST', `/api/admin/packages/${packageId}/dispute/resolve`, cookie, {
    resolution,
    note: 'Looked at the photos from both sides',
  });

describe('opening a dispute', () => {
  it('moves the package to disputed and tells the other side and the admins', async () => {
    const { pkg, dispute } = await disputed();
    expect(dispute).toMatchObject({
      packageId: pkg.id,
      openedBy: { id: sender.id, name: 'Dee Sender' },
      reason: 'damaged',
      status: 'open',
      resolution: null,
    });
    expect((await storedPackage(app, pkg.id)).status).toBe('disputed');
    expect(await notificationsOf(app, traveler.id, 'dispute_opened')).toHaveLength(1);
    const [forAdmin] = await notificationsOf(app, admin.id, 'dispute_opened');
    expect(forAdmin?.link).toBe(`/admin/packages/${pkg.id}`);
    const view = (await call(app, 'GET', `/api/packages/${pkg.id}`, sender.cookie)).json() as Package;
    expect(view.timeline.at(-1)).toMatchObject({ toStatus: 'disputed', note: expect.stringMatching(/damaged/) });
    expect(view.actions).toEqual([]);
    expect(((await call(app, 'GET', `/api/packages/${pkg.id}`, admin.cookie)).json() as Package).actions).toEqual([
      'resolve_dispute',
    ]);

    // The parties and admins can read it; a second one cannot be opened.
    for (const who of [sender, traveler, admin]) {
      const read = await call(app, 'GET', `/api/packages/${pkg.id}/dispute`, who.cookie);
      expect(read.json()).toMatchObject({ id: dispute.id });
    }
    const again = await call(app, 'POST', `/api/packages/${pkg.id}/dispute`, traveler.cookie, details);
    expect(again.statusCode).toBe(409);
  });

  it('can be opened by the traveler while in transit', async () => {
    const { pkg } = await matchedPackage(app, sender, traveler);
    const codes = await codesOf(app, sender, pkg.id);
    await call(app, 'POST', `/api/packages/${pkg.id}/pickup`, traveler.cookie, { code: codes.pickupCode });
    const res = await call(app, 'POST', `/api/packages/${pkg.id}/dispute`, traveler.cookie, {
      reason: 'other',
      details: 'The recipient does not answer the phone.',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await notificationsOf(app, sender.id, 'dispute_opened')).not.toHaveLength(0);
    // The delivery code is no longer good for anything.
    expect(await codesOf(app, sender, pkg.id)).toEqual({ pickupCode: null, deliveryCode: null });
    const deliver = await call(app, 'POST', `/api/packages/${pkg.id}/deliver`, traveler.cookie, {
      code: codes.deliveryCode,
    });
    expect(deliver.statusCode).toBe(409);
  });

  it('names bad fields (400) and has no dispute to show before one is opened (404)', async () => {
    const pkg = await deliveredPackage();
    const bad = await call(app, 'POST', `/api/packages/${pkg.id}/dispute`, sender.cookie, {
      reason: 'lost-interest',
      details: 'short',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['details', 'reason']);
    expect((await call(app, 'GET', `/api/packages/${pkg.id}/dispute`, sender.cookie)).statusCode).toBe(404);
  });
});

describe('while disputed the money is frozen', () => {
  it('neither the sender nor the auto-complete job can complete it, and nothing is released', async () => {
    const { pkg } = await disputed(traveler);
    const before = await snapshot(app, pkg.id);
    expect((await call(app, 'POST', `/api/packages/${pkg.id}/confirm`, sender.cookie)).statusCode).toBe(409);
    const job = completePackage(
      app.database.db,
      { transaction: (db, work) => db.transaction((tx) => work(tx, async () => {})) },
      {
        packageId: pkg.id,
        actorId: null,
      },
    );
    await expect(job).rejects.toBeInstanceOf(AppError);
    await expect(job).rejects.toMatchObject({ code: 'PACKAGE_NOT_DELIVERED', params: { status: 'disputed' } });
    expect(await snapshot(app, pkg.id)).toEqual(before);
    expect(await balance(app, `traveler:${traveler.id}`)).toBe(0);
  });
});

describe('an admin resolves it', () => {
  it('for the sender: the package is refunded and the whole payment goes back', async () => {
    const { pkg } = await disputed();
    const escrow = await balance(app, 'escrow');
    const refunds = await balance(app, 'refunds');
    const fees = await balance(app, 'platform_fees');
    const res = await resolve(pkg.id, admin.cookie, 'refund_sender');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as Dispute).toMatchObject({
      status: 'resolved',
      resolution: 'refund_sender',
      resolutionNote: 'Looked at the photos from both sides',
    });
    expect((await storedPackage(app, pkg.id)).status).toBe('refunded');
    const [payment] = await app.database.db.select().from(payments).where(eq(payments.packageId, pkg.id));
    expect(payment).toMatchObject({ status: 'refunded', refundedAmount: 2750 });
    expect(await balance(app, 'escrow')).toBe(escrow - 2750);
    expect(await balance(app, 'refunds')).toBe(refunds + 2750);
    expect(await balance(app, 'platform_fees')).toBe(fees);
    const [audit] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, pkg.id), eq(auditLog.action, 'dispute.refund_sender')));
    expect(audit).toMatchObject({
      actorId: admin.id,
      subjectType: 'package',
      reason: 'Looked at the photos from both sides',
      before: { status: 'disputed' },
      after: { status: 'refunded' },
    });
    expect(
      (await notificationsOf(app, sender.id, 'dispute_resolved')).filter((n) => n.link?.includes(pkg.id)),
    ).toHaveLength(1);
    expect(
      (await notificationsOf(app, traveler.id, 'dispute_resolved')).filter((n) => n.link?.includes(pkg.id)),
    ).toHaveLength(1);
    expect(await ledgerIsBalanced(app)).toBe(true);
    // Resolved is resolved.
    expect((await resolve(pkg.id, admin.cookie, 'release_traveler')).statusCode).toBe(409);
  });

  it('for the traveler: the package is completed and the reward and fee released', async () => {
    const { pkg } = await disputed();
    const travelerBefore = await balance(app, `traveler:${traveler.id}`);
    const fees = await balance(app, 'platform_fees');
    const res = await resolve(pkg.id, admin.cookie, 'release_traveler');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'resolved', resolution: 'release_traveler' });
    const row = await storedPackage(app, pkg.id);
    expect(row.status).toBe('completed');
    expect(row.completedAt).toBeInstanceOf(Date);
    expect(await balance(app, `traveler:${traveler.id}`)).toBe(travelerBefore + 2500);
    expect(await balance(app, 'platform_fees')).toBe(fees + 250);
    const [audit] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, pkg.id), eq(auditLog.action, 'dispute.release_traveler')));
    expect(audit).toMatchObject({
      reason: 'Looked at the photos from both sides',
      before: { status: 'disputed' },
      after: { status: 'completed' },
    });
    expect(await ledgerIsBalanced(app)).toBe(true);
  });

  it('for the sender in part: that much back, the fee kept, the rest to the traveler, balanced', async () => {
    const { pkg } = await disputed();
    const escrow = await balance(app, 'escrow');
    const refunds = await balance(app, 'refunds');
    const fees = await balance(app, 'platform_fees');
    const travelerBefore = await balance(app, `traveler:${traveler.id}`);
    const res = await call(app, 'POST', `/api/admin/packages/${pkg.id}/dispute/resolve`, admin.cookie, {
      resolution: 'refund_sender',
      note: 'Half the contents were damaged',
      amount: 1000,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'resolved', resolution: 'refund_sender' });
    expect((await storedPackage(app, pkg.id)).status).toBe('refunded');
    const [payment] = await app.database.db.select().from(payments).where(eq(payments.packageId, pkg.id));
    expect(payment).toMatchObject({ status: 'partially_refunded', refundedAmount: 1000 });
    expect(await balance(app, 'escrow')).toBe(escrow - 2750);
    expect(await balance(app, 'refunds')).toBe(refunds + 1000);
    expect(await balance(app, 'platform_fees')).toBe(fees + 250);
    expect(await balance(app, `traveler:${traveler.id}`)).toBe(travelerBefore + 1500);
    expect(await ledgerIsBalanced(app)).toBe(true);
    const [audit] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, pkg.id), eq(auditLog.action, 'dispute.refund_sender')));
    expect(audit).toMatchObject({
      reason: 'Half the contents were damaged',
      after: { status: 'refunded' },
      data: { refund: 1000, keptFee: 250, toTraveler: 1500, held: 2750 },
    });
    const [told] = (await notificationsOf(app, traveler.id, 'dispute_resolved')).filter((n) =>
      n.link?.includes(pkg.id),
    );
    expect(told?.body).toMatch(/traveler receives €15\.00/);
  });

  it('in part, past the reward: the fee covers what is left and the traveler gets nothing', async () => {
    const { pkg } = await disputed();
    const fees = await balance(app, 'platform_fees');
    const travelerBefore = await balance(app, `traveler:${traveler.id}`);
    const res = await call(app, 'POST', `/api/admin/packages/${pkg.id}/dispute/resolve`, admin.cookie, {
      resolution: 'refund_sender',
      note: 'Mostly lost',
      amount: 2700,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balance(app, 'platform_fees')).toBe(fees + 50);
    expect(await balance(app, `traveler:${traveler.id}`)).toBe(travelerBefore);
    expect(await ledgerIsBalanced(app)).toBe(true);
  });

  it('refuses an amount over what is held (409) or with a release (400), changing nothing', async () => {
    const { pkg } = await disputed();
    const before = await snapshot(app, pkg.id);
    const escrow = await balance(app, 'escrow');
    const tooMuch = await call(app, 'POST', `/api/admin/packages/${pkg.id}/dispute/resolve`, admin.cookie, {
      resolution: 'refund_sender',
      note: 'More than paid',
      amount: 2751,
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.code).toBe('REFUND_TOO_LARGE');
    const withRelease = await call(app, 'POST', `/api/admin/packages/${pkg.id}/dispute/resolve`, admin.cookie, {
      resolution: 'release_traveler',
      note: 'Release but with an amount',
      amount: 100,
    });
    expect(withRelease.statusCode).toBe(400);
    expect(withRelease.json().error.fields).toHaveProperty('amount');
    expect(await snapshot(app, pkg.id)).toEqual(before);
    expect(await balance(app, 'escrow')).toBe(escrow);
  });

  it('only an admin who is not a party, and a note is required', async () => {
    const { pkg } = await disputed();
    const before = await snapshot(app, pkg.id);
    expect((await resolve(pkg.id, sender.cookie, 'refund_sender')).statusCode).toBe(403);
    const noNote = await call(app, 'POST', `/api/admin/packages/${pkg.id}/dispute/resolve`, admin.cookie, {
      resolution: 'refund_sender',
    });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error.fields).toHaveProperty('note');
    expect(await snapshot(app, pkg.id)).toEqual(before);

    // An administrator who sent the package cannot decide its dispute.
    await makeAdmin(app, sender.id);
    expect((await resolve(pkg.id, sender.cookie, 'refund_sender')).statusCode).toBe(403);
    expect(await snapshot(app, pkg.id)).toEqual(before);
  });
});
