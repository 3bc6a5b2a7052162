import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '#server/modules/packages/test/helpers.ts';
import {
  answer,
  createTrip,
  invite,
  type Member,
  offer,
  openPackage,
  verifiedMember,
} from '#server/modules/requests/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { packageMatchPageSchema, travelerMatchPageSchema } from '#shared/matching.ts';
import type { Package } from '#shared/packages.ts';
import { requestSchema } from '#shared/requests.ts';
import type { TravelPlan } from '#shared/travel-plans.ts';

// The pending request on each match card (docs/product.md §4): set for the package and traveler it links,
// whoever started it and on whichever of the traveler's trips; null for every other pair, and null
// again once it is declined or withdrawn. Requests are made through the real API.

let app: FastifyInstance;
let sender: Member;
let tess: Member;
let uma: Member;
let books: Package;
let lamp: Package;
let tessTrip: TravelPlan;
let tessOtherTrip: TravelPlan;
let umaTrip: TravelPlan;

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  sender = await verifiedMember(app, 'pending-sender@example.test', 'Sia Sender');
  tess = await verifiedMember(app, 'pending-tess@example.test', 'Tess Traveler');
  uma = await verifiedMember(app, 'pending-uma@example.test', 'Uma Traveler');
  books = await openPackage(app, sender, { title: 'Two books' });
  lamp = await openPackage(app, sender, { title: 'Desk lamp' });
  tessTrip = await createTrip(app, tess);
  tessOtherTrip = await createTrip(app, tess, { transport: 'bus' });
  umaTrip = await createTrip(app, uma);
});
afterAll(() => app.close());

async function started(res: Awaited<ReturnType<typeof offer>>) {
  expect(res.statusCode, res.body).toBe(201);
  return requestSchema.parse(res.json());
}

/** Package id → its card's pendingRequest, on the traveler's trip. */
async function onTrip(member: Member, trip: TravelPlan) {
  const res = await call(app, 'GET', `/api/travel-plans/${trip.id}/matches`, member.cookie);
  expect(res.statusCode, res.body).toBe(200);
  const page = packageMatchPageSchema.parse(res.json());
  return Object.fromEntries(page.items.map((m) => [m.package.id, m.pendingRequest]));
}

/** Travel plan id → its card's pendingRequest, on the sender's package. */
async function forPackage(pkg: Package) {
  const res = await call(app, 'GET', `/api/packages/${pkg.id}/matches`, sender.cookie);
  expect(res.statusCode, res.body).toBe(200);
  const page = travelerMatchPageSchema.parse(res.json());
  return Object.fromEntries(page.items.map((m) => [m.travelPlan.id, m.pendingRequest]));
}

describe('a match card’s pending request', () => {
  it('is null while no request links the package and the traveler', async () => {
    expect(await onTrip(tess, tessTrip)).toEqual({ [books.id]: null, [lamp.id]: null });
    expect(await forPackage(books)).toEqual({ [tessTrip.id]: null, [tessOtherTrip.id]: null, [umaTrip.id]: null });
  });

  it('is the traveler’s offer on both sides, for that pair only, on every trip of that traveler', async () => {
    const request = await started(await offer(app, tess.cookie, books.id, tessTrip.id));
    const pending = { id: request.id, startedBy: 'traveler' };

    expect(await onTrip(tess, tessTrip)).toEqual({ [books.id]: pending, [lamp.id]: null });
    // One pending request per package and traveler, whatever the trip: the other trip cannot offer again.
    expect(await onTrip(tess, tessOtherTrip)).toEqual({ [books.id]: pending, [lamp.id]: null });
    expect(await onTrip(uma, umaTrip)).toEqual({ [books.id]: null, [lamp.id]: null });
    expect(await forPackage(books)).toEqual({
      [tessTrip.id]: pending,
      [tessOtherTrip.id]: pending,
      [umaTrip.id]: null,
    });
    expect(await forPackage(lamp)).toEqual({ [tessTrip.id]: null, [tessOtherTrip.id]: null, [umaTrip.id]: null });
  });

  it('is the sender’s invitation on both sides', async () => {
    const request = await started(await invite(app, sender.cookie, lamp.id, umaTrip.id));
    const pending = { id: request.id, startedBy: 'sender' };
    expect(await forPackage(lamp)).toEqual({ [tessTrip.id]: null, [tessOtherTrip.id]: null, [umaTrip.id]: pending });
    expect(await onTrip(uma, umaTrip)).toEqual({ [books.id]: null, [lamp.id]: pending });
  });

  it('is null again once the request is withdrawn or declined, and the next one shows', async () => {
    const offered = await started(await offer(app, uma.cookie, books.id, umaTrip.id));
    expect((await onTrip(uma, umaTrip))[books.id]).toEqual({ id: offered.id, startedBy: 'traveler' });
    expect((await answer(app, uma.cookie, offered.id, 'withdraw')).statusCode).toBe(200);
    expect((await onTrip(uma, umaTrip))[books.id]).toBeNull();
    expect((await forPackage(books))[umaTrip.id]).toBeNull();

    const invited = (await forPackage(lamp))[umaTrip.id];
    if (!invited) throw new Error('the invitation is not on the card');
    expect((await answer(app, uma.cookie, invited.id, 'decline')).statusCode).toBe(200);
    expect((await forPackage(lamp))[umaTrip.id]).toBeNull();
    expect((await onTrip(uma, umaTrip))[lamp.id]).toBeNull();

    const tessOffer = (await forPackage(books))[tessTrip.id];
    if (!tessOffer) throw new Error('the offer is not on the card');
    expect((await answer(app, sender.cookie, tessOffer.id, 'decline')).statusCode).toBe(200);
    expect(await onTrip(tess, tessTrip)).toEqual({ [books.id]: null, [lamp.id]: null });

    // A declined request does not block a new one, and the card shows the new one.
    const again = await started(await invite(app, sender.cookie, books.id, tessOtherTrip.id));
    expect(await forPackage(books)).toEqual({
      [tessTrip.id]: { id: again.id, startedBy: 'sender' },
      [tessOtherTrip.id]: { id: again.id, startedBy: 'sender' },
      [umaTrip.id]: null,
    });
  });
});
