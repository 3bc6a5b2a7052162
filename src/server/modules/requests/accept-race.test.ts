import { and, eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { packageEvents } from '#server/db/schema/packages.ts';
import { conversations } from '#server/db/schema/requests.ts';
import { otherOf } from '#server/modules/chat/mapping.ts';
import { createTestApp } from '#server/test/app.ts';
import {
  answer,
  createTrip,
  type Member,
  notificationsOf,
  offered,
  openPackage,
  storedPackage,
  storedPlan,
  storedRequest,
  verifiedMember,
} from './test/helpers.ts';

// Two travelers' requests for one package accepted at the same moment leave
// exactly one accepted and the other declined, the package matched once, capacity reserved once.
// With DATABASE_URL set the two acceptances run on two PostgreSQL connections at once.

let app: FastifyInstance;
let sender: Member;
let first: Member;
let second: Member;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  sender = await verifiedMember(app, 'race-sender@example.test', 'Race Sender');
  first = await verifiedMember(app, 'race-first@example.test', 'First Traveler');
  second = await verifiedMember(app, 'race-second@example.test', 'Second Traveler');
});
afterAll(() => app.close());

it('two acceptances racing for one package leave exactly one accepted', async () => {
  const winners = new Set<string>();
  for (let round = 0; round < 3; round++) {
    const pkg = await openPackage(app, sender);
    const firstTrip = await createTrip(app, first);
    const secondTrip = await createTrip(app, second);
    const a = await offered(app, first, pkg.id, firstTrip.id);
    const b = await offered(app, second, pkg.id, secondTrip.id);

    const results = await Promise.all([
      answer(app, sender.cookie, a.id, 'accept'),
      answer(app, sender.cookie, b.id, 'accept'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);

    const winner = results[0]?.statusCode === 200 ? { request: a, trip: firstTrip, traveler: first } : null;
    const { request, trip, traveler } = winner ?? { request: b, trip: secondTrip, traveler: second };
    const loser = winner
      ? { request: b, trip: secondTrip, traveler: second }
      : { request: a, trip: firstTrip, traveler: first };

    expect((await storedRequest(app, request.id)).status).toBe('accepted');
    expect((await storedRequest(app, loser.request.id)).status).toBe('declined');
    expect(await storedPackage(app, pkg.id)).toMatchObject({ status: 'matched', travelerId: traveler.id });
    expect((await storedPlan(app, trip.id)).reservedGrams).toBe(1500);
    expect((await storedPlan(app, loser.trip.id)).reservedGrams).toBe(0);
    const matches = await app.database.db
      .select()
      .from(packageEvents)
      .where(and(eq(packageEvents.packageId, pkg.id), eq(packageEvents.toStatus, 'matched')));
    expect(matches).toHaveLength(1);
    // One conversation per pair: each winner's, opened the first time they won, none for a loser.
    winners.add(traveler.id);
    const opened = await app.database.db
      .select()
      .from(conversations)
      .where(or(eq(conversations.userA, sender.id), eq(conversations.userB, sender.id)));
    expect(opened.map((c) => otherOf(c, sender.id)).sort()).toEqual([...winners].sort());
    const declined = (await notificationsOf(app, loser.traveler.id, 'request_declined')).filter(
      (n) => (n.data as { requestId?: string }).requestId === loser.request.id,
    );
    expect(declined).toHaveLength(1);
  }
});

it('two packages accepted at once onto the last free kilograms of one trip: only one fits', async () => {
  const traveler = await verifiedMember(app, 'race-tight@example.test', 'Tight Traveler');
  // Room for one 1.5 kg package, not two.
  const trip = await createTrip(app, traveler, { capacityKg: 2 });
  const one = await openPackage(app, sender);
  const two = await openPackage(app, sender);
  const a = await offered(app, traveler, one.id, trip.id);
  const b = await offered(app, traveler, two.id, trip.id);

  const results = await Promise.all([
    answer(app, sender.cookie, a.id, 'accept'),
    answer(app, sender.cookie, b.id, 'accept'),
  ]);
  expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  expect((await storedPlan(app, trip.id)).reservedGrams).toBe(1500);
  const statuses = [(await storedPackage(app, one.id)).status, (await storedPackage(app, two.id)).status].sort();
  expect(statuses).toEqual(['matched', 'open']);
  const requestStatuses = [(await storedRequest(app, a.id)).status, (await storedRequest(app, b.id)).status].sort();
  expect(requestStatuses).toEqual(['accepted', 'pending']);
});
