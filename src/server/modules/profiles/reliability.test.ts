import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { packageEvents, packages } from '#server/db/schema/packages.ts';
import { requests } from '#server/db/schema/requests.ts';
import { insertPackage, insertTravelPlan, insertUser } from '#server/modules/matching/test/factory.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { noRecord } from '#shared/reliability.ts';
import { reliability, reliabilityOf } from './reliability.ts';

// Reliability from hand-made histories (docs/product.md §11.1): every figure below is counted by hand
// from the rows this file writes.

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
const ids = { sam: '', tess: '', una: '', admin: '', nobody: '' };
const T0 = new Date('2026-10-01T08:00:00Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

async function event(packageId: string, actorId: string | null, fromStatus: string | null, toStatus: string) {
  await db.insert(packageEvents).values({ packageId, actorId, fromStatus, toStatus, createdAt: T0 });
}

async function request(
  values: Pick<typeof requests.$inferInsert, 'packageId' | 'travelerId' | 'travelPlanId' | 'startedBy' | 'status'> & {
    closedBy?: string | null;
    answeredAfterMinutes?: number;
  },
) {
  const { answeredAfterMinutes, closedBy, ...rest } = values;
  await db.insert(requests).values({
    ...rest,
    closedBy: closedBy ?? null,
    createdAt: T0,
    respondedAt: answeredAfterMinutes === undefined ? null : minutes(answeredAfterMinutes),
  });
}

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  ids.sam = await insertUser(db, { name: 'Sam Sender' });
  ids.tess = await insertUser(db, { name: 'Tess Traveler' });
  ids.una = await insertUser(db, { name: 'Una Both' });
  ids.admin = await insertUser(db, { name: 'Ada Admin', role: 'admin' });
  ids.nobody = await insertUser(db, { name: 'New Member' });
  const tessTrip = await insertTravelPlan(db, ids.tess);
  const unaTrip = await insertTravelPlan(db, ids.una);

  // P1, Sam's: Tess offered, Sam accepted after 30 min, delivered and completed.
  const p1 = await insertPackage(db, ids.sam, { status: 'completed' });
  await request({
    packageId: p1.id,
    travelerId: ids.tess,
    travelPlanId: tessTrip.id,
    startedBy: 'traveler',
    status: 'accepted',
    closedBy: 'receiver',
    answeredAfterMinutes: 30,
  });
  await event(p1.id, ids.sam, 'open', 'matched');

  // P2, Sam's: Sam invited Tess, who accepted after 4 h, then withdrew before pickup; Una then
  // offered, Sam accepted after 10 min, and Sam cancelled the matched package.
  const p2 = await insertPackage(db, ids.sam, { status: 'cancelled' });
  await request({
    packageId: p2.id,
    travelerId: ids.tess,
    travelPlanId: tessTrip.id,
    startedBy: 'sender',
    status: 'withdrawn',
    closedBy: 'receiver',
    answeredAfterMinutes: 240,
  });
  await event(p2.id, ids.tess, 'open', 'matched');
  await event(p2.id, ids.tess, 'matched', 'open');
  await request({
    packageId: p2.id,
    travelerId: ids.una,
    travelPlanId: unaTrip.id,
    startedBy: 'traveler',
    // Withdrawn when Sam cancelled the match (requests/capacity.ts): still Una's commitment.
    status: 'withdrawn',
    closedBy: 'receiver',
    answeredAfterMinutes: 10,
  });
  await event(p2.id, ids.sam, 'open', 'matched');
  await event(p2.id, ids.sam, 'matched', 'cancelled');

  // P3, Sam's, still open: Una's offer declined by Sam after 2 h; Sam's invitation to Tess declined
  // by the system a minute later (not Tess's answer); an offer of Tess's that expired.
  const p3 = await insertPackage(db, ids.sam);
  await request({
    packageId: p3.id,
    travelerId: ids.una,
    travelPlanId: unaTrip.id,
    startedBy: 'traveler',
    status: 'declined',
    closedBy: 'receiver',
    answeredAfterMinutes: 120,
  });
  await request({
    packageId: p3.id,
    travelerId: ids.tess,
    travelPlanId: tessTrip.id,
    startedBy: 'sender',
    status: 'declined',
    closedBy: 'system',
    answeredAfterMinutes: 1,
  });
  await request({
    packageId: p3.id,
    travelerId: ids.tess,
    travelPlanId: tessTrip.id,
    startedBy: 'traveler',
    status: 'expired',
    closedBy: 'system',
    answeredAfterMinutes: 5000,
  });

  // P4, Una's: Una invited Tess, who accepted after 20 min; an administrator cancelled it (nobody's cancellation).
  const p4 = await insertPackage(db, ids.una, { status: 'cancelled' });
  await request({
    packageId: p4.id,
    travelerId: ids.tess,
    travelPlanId: tessTrip.id,
    startedBy: 'sender',
    status: 'accepted',
    closedBy: 'receiver',
    answeredAfterMinutes: 20,
  });
  await event(p4.id, ids.tess, 'open', 'matched');
  await event(p4.id, ids.admin, 'matched', 'cancelled');

  // P5, Una's, carried by Tess to completion; P6, Una's draft.
  const p5 = await insertPackage(db, ids.una, { status: 'completed' });
  await insertPackage(db, ids.una, { status: 'draft' });
  await db
    .update(packages)
    .set({ travelerId: ids.tess })
    .where(inArray(packages.id, [p1.id, p5.id]));
});
afterAll(() => handle.close());

describe('reliability from the records', () => {
  it('counts a sender: completions, matches and their own cancellations, and how fast they answer offers', async () => {
    expect(await reliability(db, ids.sam)).toEqual({
      completedDeliveries: 1, // P1
      commitments: 3, // P1 matched once, P2 twice
      cancellations: 1, // P2, cancelled while matched
      cancellationRate: 0.333,
      // P1 after 30 min, P3 after 120; P2's acceptance of Una's offer ended withdrawn, and its time
      // of answer with it (the request's respondedAt is when it was withdrawn).
      responses: 2,
      medianResponseMinutes: 75,
    });
  });

  it('counts a traveler: carried to completion, accepted requests and withdrawals, only their own answers', async () => {
    expect(await reliability(db, ids.tess)).toEqual({
      completedDeliveries: 2, // P1, P5
      commitments: 3, // P1 and P4 accepted, P2 accepted then withdrawn
      cancellations: 1, // P2 withdrawn
      cancellationRate: 0.333,
      responses: 1, // P4 after 20 min; P2's answer ended withdrawn, the system declined P3's
      medianResponseMinutes: 20,
    });
  });

  it('counts both sides of one member, and not an administrator’s cancellation against anyone', async () => {
    expect(await reliability(db, ids.una)).toEqual({
      completedDeliveries: 1, // P5 as sender
      commitments: 2, // P4 matched as sender, P2 accepted as traveler
      cancellations: 0,
      cancellationRate: 0,
      responses: 0,
      medianResponseMinutes: null,
    });
    expect(await reliability(db, ids.admin)).toEqual(noRecord);
  });

  it('answers a page of members in one call, with no record for a newcomer', async () => {
    const page = await reliabilityOf(db, [ids.sam, ids.nobody, ids.tess, ids.sam]);
    expect([...page.keys()]).toEqual([ids.sam, ids.nobody, ids.tess]);
    expect(page.get(ids.nobody)).toEqual(noRecord);
    expect(page.get(ids.sam)?.medianResponseMinutes).toBe(75);
    expect((await reliabilityOf(db, [])).size).toBe(0);
  });
});
