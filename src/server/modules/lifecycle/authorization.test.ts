import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packages } from '#server/db/schema/packages.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { call } from '#server/modules/packages/test/helpers.ts';
import {
  codesOf,
  type Member,
  matchedPackage,
  snapshot,
  verifiedMember,
} from '#server/modules/requests/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import type { ErrorCode } from '#shared/errors.ts';
import type { PackageCodes } from '#shared/lifecycle.ts';
import { type PackageStatus, packageStatuses } from '#shared/package-status.ts';

// An outsider calling any transition gets 403/404 (a visitor 401), the wrong
// party 403, and each transition from a wrong state gets 409 and changes nothing: not the row, not
// the timeline, not anyone's notifications.

let app: FastifyInstance;
let sender: Member;
let traveler: Member;
let outsider: Member;
let admin: Member;
let packageId: string;
let codes: PackageCodes;

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  sender = await verifiedMember(app, 'auth-sender@example.test', 'Sue Sender');
  traveler = await verifiedMember(app, 'auth-traveler@example.test', 'Ted Traveler');
  outsider = await verifiedMember(app, 'auth-outsider@example.test', 'Olga Outsider');
  admin = await verifiedMember(app, 'auth-admin@example.test', 'Adam Admin');
  await makeAdmin(app, admin.id);
  packageId = (await matchedPackage(app, sender, traveler)).pkg.id;
  codes = await codesOf(app, sender, packageId);
});
afterAll(() => app.close());

type Who = 'sender' | 'traveler' | 'admin';
interface Move {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: () => Record<string, unknown>;
  /** Who may, from which statuses. */
  by: Who;
  from: readonly PackageStatus[];
  /** What a wrong party gets. */
  wrongParty: Who[];
  outsiderStatus?: number;
  /** The rule a move from a wrong status breaks; a cancellation's is the payments module's to name. */
  refusedWith?: ErrorCode;
}

const dispute = { reason: 'damaged', details: 'The box arrived crushed on one side.' };
const moves: Move[] = [
  {
    name: 'pickup',
    method: 'POST',
    path: 'pickup',
    body: () => ({ code: codes.pickupCode }),
    by: 'traveler',
    from: ['matched'],
    wrongParty: ['sender', 'admin'],
    refusedWith: 'HANDOVER_NOT_DUE',
  },
  {
    name: 'deliver',
    method: 'POST',
    path: 'deliver',
    body: () => ({ code: codes.deliveryCode }),
    by: 'traveler',
    from: ['in_transit'],
    wrongParty: ['sender', 'admin'],
    refusedWith: 'HANDOVER_NOT_DUE',
  },
  {
    name: 'confirm',
    method: 'POST',
    path: 'confirm',
    by: 'sender',
    from: ['delivered'],
    wrongParty: ['traveler', 'admin'],
    refusedWith: 'PACKAGE_NOT_DELIVERED',
  },
  {
    name: 'withdraw as traveler',
    method: 'POST',
    path: 'withdraw-traveler',
    by: 'traveler',
    from: ['matched'],
    wrongParty: ['sender', 'admin'],
    refusedWith: 'WITHDRAW_AFTER_PICKUP',
  },
  {
    name: 'open a dispute',
    method: 'POST',
    path: 'dispute',
    body: () => dispute,
    by: 'traveler',
    from: ['in_transit', 'delivered'],
    wrongParty: ['admin'],
    refusedWith: 'DISPUTE_NOT_ALLOWED',
  },
  {
    name: 'text the delivery code',
    method: 'POST',
    path: 'delivery-code/sms',
    by: 'sender',
    from: ['matched', 'in_transit'],
    wrongParty: ['traveler', 'admin'],
    refusedWith: 'NO_DELIVERY_CODE',
  },
  {
    name: 'cancel (sender)',
    method: 'POST',
    path: 'cancel',
    body: () => ({}),
    by: 'sender',
    from: ['open', 'matched'],
    wrongParty: ['traveler'],
  },
  {
    // From the back office, with a reason (ADR 0044); the members' path is the sender's only.
    name: 'cancel (admin)',
    method: 'POST',
    path: 'admin-cancel',
    body: () => ({ reason: 'Prohibited item' }),
    by: 'admin',
    from: ['open', 'matched', 'in_transit', 'delivered'],
    wrongParty: ['sender', 'traveler'],
  },
  {
    name: 'resolve the dispute',
    method: 'POST',
    path: 'admin-resolve',
    body: () => ({ resolution: 'refund_sender', note: 'Checked the photos' }),
    by: 'admin',
    from: ['disputed'],
    wrongParty: ['sender', 'traveler'],
    refusedWith: 'PACKAGE_NOT_DISPUTED',
  },
  { name: 'see the codes', method: 'GET', path: 'codes', by: 'sender', from: [], wrongParty: ['traveler', 'admin'] },
  {
    name: 'read the dispute',
    method: 'GET',
    path: 'dispute',
    by: 'sender',
    from: [],
    wrongParty: [],
    outsiderStatus: 404,
  },
];

const urlOf = (move: Move, id = packageId) =>
  move.path === 'admin-resolve'
    ? `/api/admin/packages/${id}/dispute/resolve`
    : move.path === 'admin-cancel'
      ? `/api/admin/packages/${id}/cancel`
      : `/api/packages/${id}/${move.path}`;
const cookieOf = (who: Who) => ({ sender, traveler, admin })[who].cookie;
const send = (move: Move, cookie: string | undefined, id = packageId) =>
  call(app, move.method, urlOf(move, id), cookie, move.body?.());

async function setStatus(status: PackageStatus) {
  await app.database.db.update(packages).set({ status }).where(eq(packages.id, packageId));
}

describe('who may call each lifecycle endpoint', () => {
  it.each(moves.map((m) => [m.name, m] as const))('%s: a visitor gets 401 and an outsider 403/404', async (_, move) => {
    await setStatus(move.from[0] ?? 'matched');
    const before = await snapshot(app, packageId);
    expect((await send(move, undefined)).statusCode).toBe(401);
    const res = await send(move, outsider.cookie);
    expect(res.statusCode, res.body).toBe(move.outsiderStatus ?? 403);
    for (const who of move.wrongParty) {
      const wrong = await send(move, cookieOf(who));
      expect(wrong.statusCode, `${who}: ${wrong.body}`).toBe(403);
    }
    expect(await snapshot(app, packageId)).toEqual(before);
  });

  it.each(moves.map((m) => [m.name, m] as const))('%s: an unknown package is 404', async (_, move) => {
    const res = await send(move, cookieOf(move.by), '00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
  });
});

describe('each transition from a wrong state', () => {
  const transitions = moves.filter((m) => m.from.length > 0);
  it.each(transitions.map((m) => [m.name, m] as const))('%s: 409, and nothing changes', async (_, move) => {
    // Draft is left out: to anyone but its sender a draft does not exist (404, tested above).
    const wrong = packageStatuses.filter((s) => s !== 'draft' && !move.from.includes(s));
    for (const status of wrong) {
      await setStatus(status);
      const before = await snapshot(app, packageId);
      const res = await send(move, cookieOf(move.by));
      expect(res.statusCode, `${move.name} from ${status}: ${res.body}`).toBe(409);
      if (move.refusedWith) expect(res.json().error.code).toBe(move.refusedWith);
      expect(await snapshot(app, packageId), `${move.name} from ${status}`).toEqual(before);
    }
  });
});
