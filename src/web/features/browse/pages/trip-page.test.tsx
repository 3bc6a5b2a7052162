// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicTripCard } from '#shared/browse.ts';
import type { PackageMatch, PackageMatchPage } from '#shared/matching.ts';
import { noRecord } from '#shared/reliability.ts';
import { verifiedMember } from '#web/test/members.ts';
import { apiError, mockApi, never, renderPage, seriousViolations } from '#web/test/render.tsx';
import TripPage from './trip-page.tsx';

// /trips/{id}: a listed trip for anyone, and its invitation panel for a visitor and for a member.

const TRIP = '22222222-2222-4222-8222-222222222222';
const PKG = '11111111-1111-4111-8111-111111111111';
const trip: PublicTripCard = {
  id: TRIP,
  origin: { label: 'Paris, France', city: 'Paris', countryCode: 'FR', lat: 48.9, lng: 2.3 },
  destination: { label: 'Berlin, Germany', city: 'Berlin', countryCode: 'DE', lat: 52.5, lng: 13.4 },
  departureAt: '2026-12-01T08:00:00.000Z',
  arrivalAt: '2026-12-01T16:00:00.000Z',
  transport: 'train',
  freeCapacityKg: 5,
  distanceKm: 877,
  traveler: { firstName: 'Tess', rating: { average: 5, count: 1 }, reliability: noRecord, verified: true },
  createdAt: '2026-11-20T09:00:00.000Z',
};
const mine: PackageMatch = {
  package: {
    id: PKG,
    status: 'open',
    title: 'Birthday gift for my sister',
    category: 'gifts',
    size: 'S',
    weightKg: 1.5,
    currency: 'EUR',
    reward: 2500,
    total: 2875,
    pickup: { label: 'Paris, France', city: 'Paris', countryCode: 'FR' },
    dropoff: { label: 'Berlin, Germany', city: 'Berlin', countryCode: 'DE' },
    pickupFrom: '2026-11-28T09:00:00.000Z',
    deliverBy: '2026-12-20T09:00:00.000Z',
    photo: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
  },
  sender: { id: verifiedMember().id, name: 'Nora Newcomer', image: null, rating: null, reliability: noRecord },
  distances: { pickupKm: 0, dropoffKm: 0, detourKm: 0 },
  pendingRequest: null,
};
const page = (items: PackageMatch[]): PackageMatchPage => ({ items, nextCursor: null, radiusKm: 50 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = (handlers: Record<string, () => unknown>, user: unknown = null) => {
  const calls = mockApi({ 'GET /api/auth/session': () => ({ user }), ...handlers });
  return { calls, ...renderPage(<TripPage />, { url: `/trips/${TRIP}#invite`, path: '/trips/:id', title: 'Trip' }) };
};
const TRIP_API = `GET /api/browse/trips/${TRIP}`;
const MINE = `GET /api/travel-plans/${TRIP}/my-packages`;

describe('TripPage', () => {
  it('loads, and says when the trip is gone or could not be loaded', async () => {
    open({ [TRIP_API]: never });
    expect(await screen.findByText('Loading the trip')).toBeTruthy();
    cleanup();
    open({ [TRIP_API]: () => apiError(404, 'TRAVEL_PLAN_NOT_FOUND') });
    expect(await screen.findByRole('heading', { name: 'This trip is no longer listed' })).toBeTruthy();
    cleanup();
    open({ [TRIP_API]: () => apiError(500, 'INTERNAL') });
    expect(await screen.findByRole('heading', { name: "We couldn't load this trip" })).toBeTruthy();
  });

  it('asks a visitor to sign up, coming back to the invitation', async () => {
    const { container } = open({ [TRIP_API]: () => trip });
    expect(await screen.findByRole('heading', { name: 'Ask Tess to carry your package' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Create an account' })).getAttribute('href')).toBe(
      `/auth/register?redirect=${encodeURIComponent(`/trips/${TRIP}#invite`)}`,
    );
    expect(screen.getByText(/Travelling:/).textContent).toContain('Tess');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it("invites the trip for a member's package that fits, or leads to sending one", async () => {
    let invited = false;
    const { calls } = open(
      {
        [TRIP_API]: () => trip,
        [MINE]: () => page([invited ? { ...mine, pendingRequest: { id: 'r1', startedBy: 'sender' } } : mine]),
        'POST /api/requests/invites': () => {
          invited = true;
          return { id: 'r1' };
        },
      },
      verifiedMember(),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Invite Tess to carry Birthday gift for my sister' }));
    // A reward of my own for this invitation (docs/product.md §4.5), in the package's currency.
    const price = await screen.findByRole('textbox', { name: /Propose another reward/ });
    fireEvent.change(price, { target: { value: 'twenty' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter an amount like 25 or 25.50, or leave it empty')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(price, { target: { value: '21.5' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      packageId: PKG,
      travelPlanId: TRIP,
      reward: 2150,
    });
    cleanup();
    open({ [TRIP_API]: () => trip, [MINE]: () => page([]) }, verifiedMember());
    expect((await screen.findByRole('link', { name: 'Send a package' })).getAttribute('href')).toBe(
      '/user/packages/send-a-package',
    );
  });
});
