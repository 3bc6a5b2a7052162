// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicTripCard, TripBrowsePage } from '#shared/browse.ts';
import { noRecord } from '#shared/reliability.ts';
import { apiError, mockApi, never, renderPage, seriousViolations } from '#web/test/render.tsx';
import BrowseTripsPage from './browse-trips-page.tsx';

// /trips: the public listing of upcoming trips, in its states.

const trip: PublicTripCard = {
  id: '22222222-2222-4222-8222-222222222222',
  origin: { label: 'Paris, France', city: 'Paris', countryCode: 'FR' },
  destination: { label: 'Berlin, Germany', city: 'Berlin', countryCode: 'DE' },
  departureAt: '2026-12-01T08:00:00.000Z',
  arrivalAt: '2026-12-01T16:00:00.000Z',
  transport: 'train',
  freeCapacityKg: 5,
  distanceKm: 878,
  traveler: { firstName: 'Tess', rating: null, reliability: noRecord, verified: true },
  createdAt: '2026-11-20T09:00:00.000Z',
};
const page = (items: PublicTripCard[]): TripBrowsePage => ({
  items,
  from: null,
  to: null,
  radiusKm: 50,
  nextCursor: null,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = (browse: () => unknown) => {
  mockApi({ 'GET /api/browse/trips': browse, 'GET /api/auth/session': () => ({ user: null }) });
  return renderPage(<BrowseTripsPage />, { url: '/trips', title: 'Trips going your way' });
};

describe('BrowseTripsPage', () => {
  it('shows a spinner, then an error with a retry', async () => {
    open(never);
    expect(await screen.findByText('Looking for trips')).toBeTruthy();
    cleanup();
    open(() => apiError(503, 'UNAVAILABLE'));
    expect(await screen.findByRole('heading', { name: "We couldn't search for trips" })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says when no trip matches', async () => {
    open(() => page([]));
    expect(await screen.findByRole('heading', { name: 'No upcoming trips match' })).toBeTruthy();
  });

  it("shows a trip with its traveler's first name, verified, and the way to its page to invite it", async () => {
    const { container } = open(() => page([trip]));
    const card = await screen.findByRole('article', { name: /^Trip from Paris to Berlin/ });
    expect(card.textContent).toContain('Travelling: Tess');
    expect(card.textContent).toContain('Verified');
    expect(card.textContent).toContain('No reviews yet');
    expect(screen.getByRole('link', { name: 'Ask Tess to carry: Paris to Berlin' }).getAttribute('href')).toBe(
      `/trips/${trip.id}#invite`,
    );
    expect(screen.getByRole('link', { name: 'Trips going your way' }).getAttribute('aria-current')).toBe('page');
    expect(await seriousViolations(container)).toEqual([]);
  });
});
