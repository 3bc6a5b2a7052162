import { describe, expect, it } from 'vitest';
import type { PackageStatus } from '#shared/package-status.ts';
import type { PackageRequest } from '#shared/requests.ts';
import { actionItems, completedPackageIds, inProgress } from './action-items.ts';

let n = 0;
function request(
  over: Partial<Pick<PackageRequest, 'status' | 'myRole' | 'direction' | 'actions'>> & {
    packageStatus?: PackageStatus;
  } = {},
): PackageRequest {
  n += 1;
  const id = `r${n}`;
  return {
    id,
    status: over.status ?? 'accepted',
    startedBy: 'traveler',
    myRole: over.myRole ?? 'sender',
    direction: over.direction ?? 'incoming',
    message: null,
    package: {
      id: `p${n}`,
      title: `Package ${n}`,
      status: over.packageStatus ?? 'matched',
      pickup: null,
      dropoff: null,
      pickupFrom: null,
      deliverBy: null,
      weightKg: 1,
      reward: 2500,
      currency: 'EUR',
    },
    travelPlan: {
      id: `t${n}`,
      departureAt: '2030-01-01T00:00:00Z',
      arrivalAt: '2030-01-02T00:00:00Z',
      transport: 'train',
    },
    proposal: { reward: 2500, by: 'traveler', counters: 0, awaitsMe: false },
    difference: null,
    counterpart: { id: `u${n}`, name: `Member ${n}`, image: null },
    actions: over.actions ?? [],
    createdAt: '2030-01-01T00:00:00Z',
    updatedAt: '2030-01-01T00:00:00Z',
  };
}

const kinds = (items: ReturnType<typeof actionItems>) => items.map((i) => i.kind);

describe('what needs my action now', () => {
  it('asks the sender and the traveler for the move each package status waits for', () => {
    const sender = (packageStatus: PackageStatus) => request({ myRole: 'sender', packageStatus });
    const traveler = (packageStatus: PackageStatus) => request({ myRole: 'traveler', packageStatus });
    expect(kinds(actionItems([], [sender('matched')], new Set()))).toEqual(['show_pickup_code']);
    expect(kinds(actionItems([], [sender('in_transit')], new Set()))).toEqual(['share_delivery_code']);
    expect(kinds(actionItems([], [sender('delivered')], new Set()))).toEqual(['confirm_delivery']);
    expect(kinds(actionItems([], [traveler('matched')], new Set()))).toEqual(['enter_pickup_code']);
    expect(kinds(actionItems([], [traveler('in_transit')], new Set()))).toEqual(['enter_delivery_code']);
    // Nothing for the traveler to do while the sender confirms, nor during a dispute.
    expect(actionItems([], [traveler('delivered'), sender('disputed'), traveler('disputed')], new Set())).toEqual([]);
  });

  it('asks for a review only of completed packages still open to my review', () => {
    const done = request({ packageStatus: 'completed' });
    const reviewed = request({ myRole: 'traveler', packageStatus: 'completed' });
    const items = actionItems([], [done, reviewed], new Set([done.package.id]));
    expect(items).toMatchObject([
      { kind: 'write_review', packageId: done.package.id, href: `/user/packages/${done.package.id}` },
    ]);
  });

  it('lists the requests I must answer first, and never one I only wait on', () => {
    const offer = request({ status: 'pending', actions: ['accept', 'decline'] });
    const mine = request({ status: 'pending', direction: 'outgoing', actions: ['withdraw'] });
    const items = actionItems([mine, offer], [request({ myRole: 'sender', packageStatus: 'delivered' })], new Set());
    expect(kinds(items)).toEqual(['answer_request', 'confirm_delivery']);
    expect(items[0]).toMatchObject({ href: '/user/packages/requests?tab=incoming', counterpart: offer.counterpart });
  });

  it('asks for an answer to a counter-offer on my own request, and for the difference of an agreement', () => {
    const countered = request({ status: 'pending', direction: 'outgoing', actions: ['accept', 'counter', 'withdraw'] });
    const owed = request({ status: 'agreed', direction: 'incoming', actions: ['pay_difference', 'decline'] });
    const waiting = request({ status: 'agreed', myRole: 'traveler', direction: 'outgoing', actions: ['withdraw'] });
    const items = actionItems([owed, waiting, countered], [], new Set());
    expect(kinds(items)).toEqual(['answer_request', 'pay_difference']);
    expect(items.map((i) => i.href)).toEqual([
      '/user/packages/requests?tab=outgoing',
      '/user/packages/requests?tab=incoming',
    ]);
  });

  it('counts one package once even when both lists hold its match, and ignores requests no longer accepted', () => {
    const match = request({ packageStatus: 'in_transit' });
    const withdrawn = request({ status: 'withdrawn', myRole: 'traveler', packageStatus: 'matched' });
    expect(kinds(actionItems([], [match, { ...match }, withdrawn], new Set()))).toEqual(['share_delivery_code']);
  });

  it('picks the completed packages to ask about, newest first, at most a few', () => {
    const list = [
      request({ packageStatus: 'completed' }),
      request({ packageStatus: 'matched' }),
      request({ packageStatus: 'completed' }),
      request({ packageStatus: 'completed' }),
    ];
    expect(completedPackageIds(list, 2)).toEqual([list[0]?.package.id, list[2]?.package.id]);
  });

  it('keeps the matches still under way, once each, as my active packages and trips', () => {
    const carried = request({ myRole: 'traveler', packageStatus: 'in_transit' });
    const sent = request({ packageStatus: 'disputed' });
    const done = request({ packageStatus: 'completed' });
    const gone = request({ status: 'withdrawn', packageStatus: 'matched' });
    expect(inProgress([carried, { ...carried }, sent, done, gone]).map((r) => r.id)).toEqual([carried.id, sent.id]);
  });
});
