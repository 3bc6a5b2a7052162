import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '#server/modules/packages/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import {
  answer,
  createTrip,
  invite,
  type Member,
  notificationsOf,
  offered,
  openPackage,
  storedPackage,
  storedPlan,
  storedRequest,
  verifiedMember,
} from './test/helpers.ts';

// A cancelled trip can carry nothing: its pending requests end with it, each as its own side would
// have ended it, and the senders hear why. With DATABASE_URL set the race below runs on two
// PostgreSQL connections at once.

let app: FastifyInstance;
let sender: Member;
let traveler: Member;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  sender = await verifiedMember(app, 'trip-cancel-sender@example.test', 'Cancel Sender');
  traveler = await verifiedMember(app, 'trip-cancel-traveler@example.test', 'Cancel Traveler');
});
afterAll(() => app.close());

const cancelTrip = (id: string) => call(app, 'POST', `/api/travel-plans/${id}/cancel`, traveler.cookie);

const aboutRequest = (requestId: string) => (n: { data: unknown }) =>
  (n.data as { requestId?: string }).requestId === requestId;

describe('cancelling a trip with pending requests', () => {
  it("withdraws the traveler's offers and declines the senders' invitations on it, and only on it", async () => {
    const trip = await createTrip(app, traveler);
    const otherTrip = await createTrip(app, traveler);
    const offeredPkg = await openPackage(app, sender);
    const invitedPkg = await openPackage(app, sender);
    const offer = await offered(app, traveler, offeredPkg.id, trip.id);
    const invitation = await invite(app, sender.cookie, invitedPkg.id, trip.id);
    expect(invitation.statusCode, invitation.body).toBe(201);
    const invitationId = (invitation.json() as { id: string }).id;
    const elsewherePkg = await openPackage(app, sender);
    const elsewhere = await offered(app, traveler, elsewherePkg.id, otherTrip.id);

    const res = await cancelTrip(trip.id);
    expect(res.statusCode, res.body).toBe(200);

    expect((await storedPlan(app, trip.id)).status).toBe('cancelled');
    expect((await storedRequest(app, offer.id)).status).toBe('withdrawn');
    expect((await storedRequest(app, invitationId)).status).toBe('declined');
    expect((await storedRequest(app, elsewhere.id)).status).toBe('pending');
    // The packages keep looking for a traveler.
    expect((await storedPackage(app, offeredPkg.id)).status).toBe('open');
    expect((await storedPackage(app, invitedPkg.id)).status).toBe('open');

    const withdrawn = (await notificationsOf(app, sender.id, 'request_withdrawn')).filter(aboutRequest(offer.id));
    expect(withdrawn).toHaveLength(1);
    expect(withdrawn[0]?.body).toContain('cancelled their trip');
    const declined = (await notificationsOf(app, sender.id, 'request_declined')).filter(aboutRequest(invitationId));
    expect(declined).toHaveLength(1);
    expect(declined[0]?.body).toContain('cancelled their trip');

    // Ended requests cannot be accepted afterwards.
    const late = await answer(app, sender.cookie, offer.id, 'accept');
    expect(late.statusCode).toBe(409);
  });

  it('refuses a trip that carries an accepted package and ends none of its requests', async () => {
    const trip = await createTrip(app, traveler);
    const carried = await openPackage(app, sender);
    const waiting = await openPackage(app, sender);
    const accepted = await offered(app, traveler, carried.id, trip.id);
    expect((await answer(app, sender.cookie, accepted.id, 'accept')).statusCode).toBe(200);
    const pending = await offered(app, traveler, waiting.id, trip.id);

    const res = await cancelTrip(trip.id);
    expect(res.statusCode).toBe(409);
    expect((await storedPlan(app, trip.id)).status).toBe('active');
    expect((await storedRequest(app, pending.id)).status).toBe('pending');
  });

  it('racing an acceptance on the same trip: exactly one of the two wins, never an error', async () => {
    for (let round = 0; round < 3; round++) {
      const trip = await createTrip(app, traveler);
      const pkg = await openPackage(app, sender);
      const request = await offered(app, traveler, pkg.id, trip.id);

      const [accept, cancel] = await Promise.all([
        answer(app, sender.cookie, request.id, 'accept'),
        cancelTrip(trip.id),
      ]);
      expect([accept.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);

      const plan = await storedPlan(app, trip.id);
      const stored = await storedRequest(app, request.id);
      if (accept.statusCode === 200) {
        expect(plan).toMatchObject({ status: 'active', reservedGrams: 1500 });
        expect(stored.status).toBe('accepted');
        expect((await storedPackage(app, pkg.id)).status).toBe('matched');
      } else {
        expect(plan).toMatchObject({ status: 'cancelled', reservedGrams: 0 });
        expect(stored.status).toBe('withdrawn');
        expect((await storedPackage(app, pkg.id)).status).toBe('open');
      }
    }
  });
});
