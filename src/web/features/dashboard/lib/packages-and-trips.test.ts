import { describe, expect, it } from 'vitest';
import type { PackageStatus } from '#shared/package-status.ts';
import type { PackageSummary } from '#shared/packages.ts';
import type { PackageRequest } from '#shared/requests.ts';
import type { TravelPlan } from '#shared/travel-plans.ts';
import {
  activeSentStatuses,
  carriedPackageRows,
  draftCountText,
  findPackagesHref,
  findTravelerHref,
  routeText,
  sentPackageRows,
  tripRows,
} from './packages-and-trips.ts';

const paris = { label: 'Paris, France', city: 'Paris', countryCode: 'FR' };
const berlin = { label: 'Berlin, Germany', city: 'Berlin', countryCode: 'DE' };
const place = (p: typeof paris) => ({ ...p, lat: 0, lng: 0 });

function summary(id: string, status: PackageStatus, over: Partial<PackageSummary> = {}): PackageSummary {
  return {
    id,
    status,
    title: `Package ${id}`,
    category: null,
    size: 'S',
    weightKg: 1,
    currency: 'EUR',
    reward: 2500,
    total: 2750,
    pickup: paris,
    dropoff: berlin,
    pickupFrom: null,
    deliverBy: null,
    photo: null,
    createdAt: '2030-01-01T00:00:00Z',
    updatedAt: '2030-01-01T00:00:00Z',
    ...over,
  };
}

function accepted(
  packageId: string,
  myRole: 'sender' | 'traveler',
  packageStatus: PackageStatus,
  name: string,
  status: PackageRequest['status'] = 'accepted',
): PackageRequest {
  return {
    id: `r-${packageId}-${myRole}-${status}`,
    status,
    startedBy: 'traveler',
    myRole,
    direction: 'incoming',
    message: null,
    package: {
      id: packageId,
      title: `Package ${packageId}`,
      status: packageStatus,
      pickup: paris,
      dropoff: berlin,
      pickupFrom: null,
      deliverBy: null,
      weightKg: 1,
      reward: 2500,
      currency: 'EUR',
    },
    travelPlan: {
      id: 't1',
      departureAt: '2030-01-01T00:00:00Z',
      arrivalAt: '2030-01-02T00:00:00Z',
      transport: 'train',
    },
    proposal: { reward: 2500, by: 'traveler', counters: 0, awaitsMe: false },
    difference: null,
    counterpart: { id: `u-${name}`, name, image: null },
    actions: [],
    createdAt: '2030-01-01T00:00:00Z',
    updatedAt: '2030-01-01T00:00:00Z',
  };
}

function plan(id: string, departureAt: string, over: Partial<TravelPlan> = {}): TravelPlan {
  return {
    id,
    status: 'active',
    origin: place(paris),
    destination: place(berlin),
    departureAt,
    arrivalAt: new Date(new Date(departureAt).getTime() + 6 * 3600_000).toISOString(),
    transport: 'train',
    capacityKg: 5,
    freeCapacityKg: 5,
    notes: null,
    traveler: { id: 'me', name: 'Tess Traveler', image: null },
    mine: true,
    createdAt: '2030-01-01T00:00:00Z',
    updatedAt: '2030-01-01T00:00:00Z',
    ...over,
  };
}

describe('my packages as sender on the dashboard', () => {
  it('asks the API for every status still going somewhere, neither drafts nor finished ones', () => {
    expect([...activeSentStatuses]).toEqual(['open', 'matched', 'in_transit', 'delivered', 'disputed']);
  });

  it('sends an open package to the search for its traveler, and names who carries the others', () => {
    const rows = sentPackageRows(
      [summary('p1', 'open'), summary('p2', 'matched'), summary('p3', 'disputed')],
      [accepted('p2', 'sender', 'matched', 'Tess Traveler'), accepted('p3', 'sender', 'disputed', 'Max Mover')],
    );
    expect(rows.map((r) => [r.id, r.status, r.route, r.note, r.href, r.findTravelerHref])).toEqual([
      ['p1', 'open', 'Paris → Berlin', 'Waiting for a traveler', '/user/packages/p1', findTravelerHref('p1')],
      ['p2', 'matched', 'Paris → Berlin', 'Carried by Tess Traveler', '/user/packages/p2', null],
      ['p3', 'disputed', 'Paris → Berlin', 'Carried by Max Mover', '/user/packages/p3', null],
    ]);
    expect(findTravelerHref('p1')).toBe('/user/packages/send-a-package/searching-for-traveler?package=p1');
  });

  it('keeps the order the server gives (last changed first)', () => {
    const rows = sentPackageRows([summary('b', 'in_transit'), summary('a', 'open'), summary('c', 'delivered')], []);
    expect(rows.map((r) => r.id)).toEqual(['b', 'a', 'c']);
  });

  it('names no carrier from a request that is not accepted, nor from one where I am the traveler', () => {
    const rows = sentPackageRows(
      [summary('p1', 'matched'), summary('p2', 'matched')],
      [accepted('p1', 'sender', 'matched', 'Gone', 'withdrawn'), accepted('p2', 'traveler', 'matched', 'Someone')],
    );
    expect(rows.map((r) => r.note)).toEqual([null, null]);
  });

  it('says nothing of a route the package does not have yet', () => {
    expect(routeText(paris, null)).toBeNull();
    expect(routeText(undefined, berlin)).toBeNull();
    expect(sentPackageRows([summary('p1', 'open', { pickup: null })], [])[0]?.route).toBeNull();
  });

  it('counts drafts, saying when there are more than one page holds', () => {
    expect(draftCountText(1, false)).toBe('1 draft');
    expect(draftCountText(3, false)).toBe('3 drafts');
    expect(draftCountText(50, true)).toBe('50 or more drafts');
  });
});

describe('the packages I carry on the dashboard', () => {
  it('lists only those where I am the traveler, with their sender', () => {
    const rows = carriedPackageRows([
      accepted('p1', 'traveler', 'in_transit', 'Sam Sender'),
      accepted('p2', 'sender', 'matched', 'Tess Traveler'),
    ]);
    expect(rows).toEqual([
      {
        id: 'p1',
        title: 'Package p1',
        status: 'in_transit',
        route: 'Paris → Berlin',
        href: '/user/packages/p1',
        note: 'You carry it for Sam Sender',
      },
    ]);
  });
});

describe('my trips on the dashboard', () => {
  const now = new Date('2030-06-01T12:00:00Z');

  it('leads a trip that has not left to the packages that fit it', () => {
    const [row] = tripRows([plan('t1', '2030-06-05T08:00:00Z')], now);
    expect(row).toMatchObject({
      id: 't1',
      route: 'Paris → Berlin',
      departureAt: '2030-06-05T08:00:00Z',
      transport: 'train',
      underway: false,
      findPackagesHref: '/user/packages/carry-a-package/choose-your-package?plan=t1',
    });
    expect(findPackagesHref('a b')).toBe('/user/packages/carry-a-package/choose-your-package?plan=a+b');
  });

  it('shows a trip that has left as under way, with nothing left to find for it', () => {
    const [row] = tripRows([plan('t1', '2030-06-01T11:00:00Z')], now);
    expect(row).toMatchObject({ underway: true, findPackagesHref: null });
  });

  it('keeps only active trips, soonest first as the server orders them', () => {
    const rows = tripRows(
      [
        plan('t1', '2030-06-02T08:00:00Z'),
        plan('t2', '2030-06-03T08:00:00Z', { status: 'cancelled' }),
        plan('t3', '2030-06-04T08:00:00Z'),
      ],
      now,
    );
    expect(rows.map((r) => r.id)).toEqual(['t1', 't3']);
  });
});
