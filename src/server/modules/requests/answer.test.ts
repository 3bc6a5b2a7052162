import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '#server/db/schema/requests.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { call } from '#server/modules/packages/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import { type PackageRequest, requestPageSchema } from '#shared/requests.ts';
import {
  answer,
  codesOf,
  createTrip,
  invite,
  type Member,
  notificationsOf,
  offered,
  openPackage,
  snapshot,
  storedPackage,
  storedPlan,
  storedRequest,
  verifiedMember,
} from './test/helpers.ts';

/** A refusal's status and catalog code, to assert both at once. */
const refusal = (res: { statusCode: number; json: () => unknown }) => ({
  status: res.statusCode,
  code: (res.json() as { error?: { code?: string } }).error?.code,
});

// Answering requests (docs/product.md §4): only the receiving side accepts or declines, only the starter
// withdraws, only a pending request moves; acceptance does everything in one step.

let app: FastifyInstance;
let sender: Member;
let traveler: Member;
let outsider: Member;
let admin: Member;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  sender = await verifiedMember(app, 'answer-sender@example.test', 'Sol Sender');
  traveler = await verifiedMember(app, 'answer-traveler@example.test', 'Tim Traveler');
  outsider = await verifiedMember(app, 'answer-outsider@example.test', 'Out Sider');
  admin = await signUpVerified(app, 'answer-admin@example.test', 'Ada Admin');
  await makeAdmin(app, admin.id);
});
afterAll(() => app.close());

describe('accepting', () => {
  it('matches the package, declines the other requests, reserves capacity, makes codes and a conversation', async () => {
    const pkg = await openPackage(app, sender);
    const trip = await createTrip(app, traveler);
    const rival = await verifiedMember(app, 'answer-rival@example.test', 'Rex Rival');
    const rivalTrip = await createTrip(app, rival);
    const invited = await verifiedMember(app, 'answer-invited@example.test', 'Ina Invited');
    const invitedTrip = await createTrip(app, invited);

    const request = await offered(app, traveler, pkg.id, trip.id);
    const rivalRequest = await offered(app, rival, pkg.id, rivalTrip.id);
    const invitation = (await invite(app, sender.cookie, pkg.id, invitedTrip.id)).json() as PackageRequest;

    // The traveler cannot accept their own offer, nor can anyone else.
    expect(refusal(await answer(app, traveler.cookie, request.id, 'accept'))).toEqual({
      status: 403,
      code: 'REQUEST_RECEIVER_ONLY',
    });
    expect(refusal(await answer(app, outsider.cookie, request.id, 'accept'))).toEqual({
      status: 404,
      code: 'REQUEST_NOT_FOUND',
    });
    expect((await answer(app, admin.cookie, request.id, 'accept')).statusCode).toBe(404);
    expect((await answer(app, undefined, request.id, 'accept')).statusCode).toBe(401);
    expect((await storedRequest(app, request.id)).status).toBe('pending');

    const res = await answer(app, sender.cookie, request.id, 'accept');
    expect(res.statusCode, res.body).toBe(200);
    // Who closed each (response times count only the receiver's own answers, docs/product.md §9).
    expect(await storedRequest(app, request.id)).toMatchObject({ status: 'accepted', closedBy: 'receiver' });
    expect(await storedRequest(app, rivalRequest.id)).toMatchObject({ status: 'declined', closedBy: 'system' });
    expect(await storedRequest(app, invitation.id)).toMatchObject({ status: 'declined', closedBy: 'system' });
    expect(await notificationsOf(app, rival.id, 'request_declined')).toHaveLength(1);
    expect(await notificationsOf(app, invited.id, 'request_declined')).toHaveLength(1);
    expect(await notificationsOf(app, traveler.id, 'request_accepted')).toHaveLength(1);

    const row = await storedPackage(app, pkg.id);
    expect(row).toMatchObject({ status: 'matched', travelerId: traveler.id, travelPlanId: trip.id });
    expect((await storedPlan(app, trip.id)).reservedGrams).toBe(1500);
    expect((await storedPlan(app, rivalTrip.id)).reservedGrams).toBe(0);

    // Codes are stored as an HMAC and a sealed copy, never as the digits themselves.
    const codes = await codesOf(app, sender, pkg.id);
    expect(row.pickupCodeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.deliveryCodeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.pickupCodeSealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(codes.pickupCode);
    expect(JSON.stringify(row)).not.toContain(codes.deliveryCode);

    const [conversation] = await app.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.packageId, pkg.id));
    expect(conversation).toMatchObject({ userA: [sender.id, traveler.id].sort()[0], openedBy: sender.id });

    // Answered is answered: accepting again, or any other answer, is refused and changes nothing.
    const before = await snapshot(app, pkg.id);
    for (const [who, action] of [
      [sender, 'accept'],
      [sender, 'decline'],
      [traveler, 'withdraw'],
    ] as const) {
      expect(refusal(await answer(app, who.cookie, request.id, action))).toEqual({
        status: 409,
        code: 'REQUEST_ALREADY_ANSWERED',
      });
    }
    expect((await answer(app, sender.cookie, rivalRequest.id, 'accept')).statusCode).toBe(409);
    expect(await snapshot(app, pkg.id)).toEqual(before);
  });

  it('an invitation is accepted by the invited traveler, who must be verified', async () => {
    const pkg = await openPackage(app, sender);
    const invitee = await verifiedMember(app, 'answer-invitee@example.test', 'Ian Invitee');
    const trip = await createTrip(app, invitee);
    const invitation = (await invite(app, sender.cookie, pkg.id, trip.id)).json() as PackageRequest;
    expect(refusal(await answer(app, sender.cookie, invitation.id, 'accept'))).toEqual({
      status: 403,
      code: 'REQUEST_RECEIVER_ONLY',
    });
    const res = await answer(app, invitee.cookie, invitation.id, 'accept');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'accepted', myRole: 'traveler', direction: 'incoming' });
    expect(await storedPackage(app, pkg.id)).toMatchObject({ status: 'matched', travelerId: invitee.id });
    expect(await notificationsOf(app, sender.id, 'request_accepted')).toHaveLength(1);
  });

  it('refuses a trip that no longer fits or is no longer active (409), changing nothing', async () => {
    const pkg = await openPackage(app, sender);
    const trip = await createTrip(app, traveler);
    const request = await offered(app, traveler, pkg.id, trip.id);
    // The traveler shrank the trip's capacity after offering.
    const edited = await call(app, 'PATCH', `/api/travel-plans/${trip.id}`, traveler.cookie, { capacityKg: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    const before = await snapshot(app, pkg.id);
    const res = await answer(app, sender.cookie, request.id, 'accept');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'TRAVEL_PLAN_NO_LONGER_FITS',
      fields: { travelPlanId: [expect.stringMatching(/free capacity|kg/)] },
    });
    expect(await snapshot(app, pkg.id)).toEqual(before);
    expect((await storedRequest(app, request.id)).status).toBe('pending');
  });
});

describe('declining and withdrawing', () => {
  it('the receiving side declines; the starter is told', async () => {
    const pkg = await openPackage(app, sender);
    const trip = await createTrip(app, traveler);
    const request = await offered(app, traveler, pkg.id, trip.id);
    expect((await answer(app, traveler.cookie, request.id, 'decline')).statusCode).toBe(403);
    expect((await answer(app, outsider.cookie, request.id, 'decline')).statusCode).toBe(404);
    const declinedBefore = (await notificationsOf(app, traveler.id, 'request_declined')).length;
    const res = await answer(app, sender.cookie, request.id, 'decline');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'declined', actions: [] });
    expect((await storedRequest(app, request.id)).closedBy).toBe('receiver');
    expect(await notificationsOf(app, traveler.id, 'request_declined')).toHaveLength(declinedBefore + 1);
    expect((await storedPackage(app, pkg.id)).status).toBe('open');
    // A declined request can be followed by a new one.
    expect((await offered(app, traveler, pkg.id, trip.id)).status).toBe('pending');
  });

  it('only the starter withdraws, and only while pending', async () => {
    const pkg = await openPackage(app, sender);
    const trip = await createTrip(app, traveler);
    const request = await offered(app, traveler, pkg.id, trip.id);
    expect(refusal(await answer(app, sender.cookie, request.id, 'withdraw'))).toEqual({
      status: 403,
      code: 'REQUEST_STARTER_ONLY',
    });
    expect((await answer(app, outsider.cookie, request.id, 'withdraw')).statusCode).toBe(404);
    const res = await answer(app, traveler.cookie, request.id, 'withdraw');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'withdrawn' });
    expect((await storedRequest(app, request.id)).closedBy).toBe('starter');
    expect(await notificationsOf(app, sender.id, 'request_withdrawn')).not.toHaveLength(0);
    expect(refusal(await answer(app, traveler.cookie, request.id, 'withdraw'))).toEqual({
      status: 409,
      code: 'REQUEST_ALREADY_ANSWERED',
    });
    expect((await answer(app, sender.cookie, request.id, 'accept')).statusCode).toBe(409);
    expect((await storedPackage(app, pkg.id)).status).toBe('open');
  });
});

describe('reading requests', () => {
  it('shows a request to its two members and admins; to anyone else it does not exist', async () => {
    const pkg = await openPackage(app, sender);
    const trip = await createTrip(app, traveler);
    const request = await offered(app, traveler, pkg.id, trip.id);
    const url = `/api/requests/${request.id}`;
    expect((await call(app, 'GET', url, sender.cookie)).json()).toMatchObject({
      myRole: 'sender',
      direction: 'incoming',
      counterpart: { id: traveler.id },
    });
    expect((await call(app, 'GET', url, admin.cookie)).json()).toMatchObject({ id: request.id, actions: [] });
    expect((await call(app, 'GET', url, outsider.cookie)).statusCode).toBe(404);
    expect((await call(app, 'GET', url)).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/requests/not-a-uuid', sender.cookie)).statusCode).toBe(400);
  });

  it('lists incoming and outgoing requests newest first, by status, a page at a time', async () => {
    const lister = await verifiedMember(app, 'answer-lister@example.test', 'Lou Lister');
    const trips = await Promise.all([createTrip(app, lister), createTrip(app, lister)]);
    const made: PackageRequest[] = [];
    for (let i = 0; i < 3; i++) {
      const pkg = await openPackage(app, sender);
      made.push(await offered(app, lister, pkg.id, (trips[i % 2] ?? trips[0])?.id as string));
    }
    const invitedPkg = await openPackage(app, outsider);
    const invitation = (await invite(app, outsider.cookie, invitedPkg.id, trips[0]?.id as string)).json();
    await answer(app, lister.cookie, made[0]?.id as string, 'withdraw');

    const page = async (query: string) => {
      const res = await call(app, 'GET', `/api/requests?${query}`, lister.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return requestPageSchema.parse(res.json());
    };
    const outgoing = await page('direction=outgoing&limit=2');
    expect(outgoing.items.map((r) => r.id)).toEqual([made[2]?.id, made[1]?.id]);
    expect(outgoing.nextCursor).not.toBeNull();
    const rest = await page(`direction=outgoing&limit=2&cursor=${outgoing.nextCursor}`);
    expect(rest.items.map((r) => r.id)).toEqual([made[0]?.id]);
    expect(rest.nextCursor).toBeNull();

    expect((await page('direction=outgoing&status=pending')).items).toHaveLength(2);
    expect((await page('direction=outgoing&status=withdrawn')).items.map((r) => r.id)).toEqual([made[0]?.id]);
    const incoming = await page('direction=incoming');
    expect(incoming.items.map((r) => [r.id, r.myRole, r.actions])).toEqual([
      [invitation.id, 'traveler', ['accept', 'counter', 'decline']],
    ]);
    // The other side sees my outgoing offers as incoming.
    const senderIncoming = requestPageSchema.parse(
      (await call(app, 'GET', '/api/requests?direction=incoming&status=pending', sender.cookie)).json(),
    );
    expect(senderIncoming.items.map((r) => r.id)).toEqual(expect.arrayContaining([made[1]?.id, made[2]?.id]));
    expect((await call(app, 'GET', '/api/requests?cursor=bogus', lister.cookie)).statusCode).toBe(400);
    expect((await call(app, 'GET', '/api/requests')).statusCode).toBe(401);
  });
});
