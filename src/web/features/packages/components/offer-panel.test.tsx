// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TravelerMatch, TravelerMatchPage } from '#shared/matching.ts';
import type { PublicPackage } from '#shared/packages.ts';
import { noRecord } from '#shared/reliability.ts';
import { member, verifiedMember } from '#web/test/members.ts';
import { apiError, mockApi, never, renderPage, seriousViolations } from '#web/test/render.tsx';
import { OfferPanel } from './offer-panel.tsx';

// The package page's "Offer to carry it", where a listing's card leads: what is missing, the
// member's trips that fit (and the offer), none yet (a trip to add for the route), and its errors.

const PKG = '11111111-1111-4111-8111-111111111111';
const TRIP = '22222222-2222-4222-8222-222222222222';
const pkg = {
  id: PKG,
  title: 'Birthday gift for my sister',
  pickup: { label: 'Paris, France', city: 'Paris', countryCode: 'FR' },
  dropoff: { label: 'Berlin, Germany', city: 'Berlin', countryCode: 'DE' },
  sender: { id: '33333333-3333-4333-8333-333333333333', name: 'Sam Sender', image: null },
  reward: 2500,
  currency: 'EUR',
} as PublicPackage;

const fitting: TravelerMatch = {
  travelPlan: {
    id: TRIP,
    status: 'active',
    origin: { label: 'Paris, France', city: 'Paris', countryCode: 'FR' },
    destination: { label: 'Berlin, Germany', city: 'Berlin', countryCode: 'DE' },
    departureAt: '2026-12-01T08:00:00.000Z',
    arrivalAt: '2026-12-01T16:00:00.000Z',
    transport: 'train',
    freeCapacityKg: 5,
  },
  traveler: {
    id: verifiedMember().id,
    name: 'Nora Newcomer',
    image: null,
    verified: true,
    rating: null,
    reliability: noRecord,
  },
  distances: { pickupKm: 0, dropoffKm: 0, detourKm: 0 },
  pendingRequest: null,
};
const trips = (items: TravelerMatch[]): TravelerMatchPage => ({ items, nextCursor: null, radiusKm: 50 });
const MY_TRIPS = `GET /api/packages/${PKG}/my-trips`;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = (me: unknown, handlers: Record<string, () => unknown> = {}) => {
  const calls = mockApi({ 'GET /api/auth/session': () => ({ user: me }), ...handlers });
  return {
    calls,
    ...renderPage(<OfferPanel pkg={pkg} />, { url: `/user/packages/${PKG}#offer`, path: '/user/packages/:id' }),
  };
};

describe('OfferPanel', () => {
  it('says what a member still has to do before offering, and asks the server nothing', async () => {
    const { calls } = open(member());
    expect(await screen.findByRole('heading', { name: /^Before you can offer to carry it/ })).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.endsWith('/my-trips'))).toBe(false);
  });

  it('looks for the trips that fit, and says when that failed', async () => {
    open(verifiedMember(), { [MY_TRIPS]: never });
    expect(await screen.findByText('Looking for your trips that fit')).toBeTruthy();
    cleanup();
    open(verifiedMember(), { [MY_TRIPS]: () => apiError(500, 'INTERNAL') });
    expect(await screen.findByRole('heading', { name: "We couldn't look for your trips" })).toBeTruthy();
  });

  it('offers a trip for the route when none fits, coming back here once it is added', async () => {
    const { container } = open(verifiedMember(), { [MY_TRIPS]: () => trips([]) });
    const add = await screen.findByRole('link', { name: 'Add a trip for this route' });
    const href = new URL(add.getAttribute('href') as string, 'http://app.test');
    expect(href.pathname).toBe('/user/packages/carry-a-package');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      from: 'Paris',
      to: 'Berlin',
      returnTo: `/user/packages/${PKG}#offer`,
    });
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('offers to carry with a trip that fits, and then shows the offer as sent', async () => {
    let offered = false;
    const { calls, container } = open(verifiedMember(), {
      [MY_TRIPS]: () =>
        trips([offered ? { ...fitting, pendingRequest: { id: 'r1', startedBy: 'traveler' } } : fitting]),
      'POST /api/requests/offers': () => {
        offered = true;
        return { id: 'r1' };
      },
    });
    fireEvent.click(
      await screen.findByRole('button', { name: /^Offer to carry Birthday gift for my sister on your trip/ }),
    );
    // A price of my own (docs/product.md §4.5): "Propose another reward", in the package's currency.
    const price = await screen.findByRole('textbox', { name: /Propose another reward/ });
    expect(screen.getByText(/Leave it empty to agree to the €25\.00 posted/)).toBeTruthy();
    fireEvent.change(price, { target: { value: '22,50' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Offer sent')).toBeTruthy();
    const sent = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/requests/offers');
    expect(sent?.body).toMatchObject({ packageId: PKG, travelPlanId: TRIP, reward: 2250 });
    await waitFor(async () => expect(await seriousViolations(container)).toEqual([]));
  });
});
