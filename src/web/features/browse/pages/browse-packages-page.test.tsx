// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PackageBrowsePage, PublicPackageCard } from '#shared/browse.ts';
import { noRecord } from '#shared/reliability.ts';
import { member } from '#web/test/members.ts';
import { apiError, mockApi, never, renderPage, seriousViolations } from '#web/test/render.tsx';
import BrowsePackagesPage from './browse-packages-page.tsx';

// /packages: the public listing's states (loading, error, empty, cards), its filters in the address,
// and where a card's action leads a visitor and a member.

const paris = { label: 'Paris, France', city: 'Paris', countryCode: 'FR', lat: 48.85341, lng: 2.3488 };
const berlin = { label: 'Berlin, Germany', city: 'Berlin', countryCode: 'DE', lat: 52.52437, lng: 13.41053 };

const card: PublicPackageCard = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Birthday gift for my sister',
  category: 'gifts',
  size: 'S',
  weightKg: 1.5,
  currency: 'EUR',
  reward: 2500,
  pickup: { label: 'Paris, France', city: 'Paris', countryCode: 'FR' },
  dropoff: { label: 'Berlin, Germany', city: 'Berlin', countryCode: 'DE' },
  pickupFrom: '2026-12-01T09:00:00.000Z',
  deliverBy: '2026-12-20T09:00:00.000Z',
  distanceKm: 878,
  photo: null,
  sender: {
    firstName: 'Sam',
    rating: { average: 4.5, count: 2 },
    reliability: {
      ...noRecord,
      completedDeliveries: 3,
      commitments: 3,
      cancellationRate: 0,
      responses: 2,
      medianResponseMinutes: 45,
    },
  },
  createdAt: '2026-11-20T09:00:00.000Z',
};

const page = (overrides: Partial<PackageBrowsePage> = {}): PackageBrowsePage => ({
  items: [card],
  from: paris,
  to: berlin,
  radiusKm: 50,
  nextCursor: null,
  ...overrides,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = (url: string, browse: () => unknown, session: unknown = { user: null }) => {
  const calls = mockApi({
    'GET /api/browse/packages': browse,
    'GET /api/auth/session': () => session,
  });
  return { calls, ...renderPage(<BrowsePackagesPage />, { url, path: '/packages', title: 'Packages to carry' }) };
};

describe('BrowsePackagesPage', () => {
  it('shows a spinner while it searches', async () => {
    open('/packages', never);
    expect(await screen.findByText('Looking for open packages')).toBeTruthy();
  });

  it('says when the search failed, and tries again', async () => {
    let fail = true;
    open('/packages', () => (fail ? apiError(500, 'INTERNAL') : page()));
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    fail = false;
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull());
    expect(
      await screen.findByRole('heading', { name: "We couldn't search for open packages" }).catch(() => null),
    ).toBeNull();
  });

  it('says when nothing matches, with the other listing and sending as ways on', async () => {
    open('/packages?from=paris-fr&to=berlin-de', () => page({ items: [] }));
    expect(await screen.findByRole('heading', { name: 'No open packages match' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See trips on this route' }).getAttribute('href')).toBe(
      '/trips?from=paris-fr&to=berlin-de',
    );
    expect(screen.getByRole('link', { name: 'Send a package' }).getAttribute('href')).toBe(
      `/auth/register?redirect=${encodeURIComponent('/user/packages/send-a-package')}`,
    );
  });

  it('shows the cards to a visitor, each leading through sign-up to its offer', async () => {
    const { container, calls } = open('/packages?from=paris-fr&to=berlin-de&size=S&sort=reward&bogus=1', () => page());
    const offer = await screen.findByRole('link', { name: 'Offer to carry Birthday gift for my sister' });
    expect(offer.getAttribute('href')).toBe(
      `/auth/register?redirect=${encodeURIComponent(`/user/packages/${card.id}#offer`)}`,
    );
    expect(screen.getByText(/Sent by/).textContent).toContain('Sam');
    // The sender's record next to their rating (docs/product.md §11.1).
    expect(screen.getByText('3 deliveries · 0% cancelled · answers in 45 min')).toBeTruthy();
    expect(screen.getByText(/1 open package shown, within 50 km/)).toBeTruthy();
    const sent = calls.find((c) => c.url.pathname === '/api/browse/packages')?.url.searchParams;
    expect(Object.fromEntries(sent ?? [])).toEqual({
      from: 'paris-fr',
      to: 'berlin-de',
      size: 'S',
      sort: 'reward',
      limit: '12',
    });
    // The cities the server named fill the route search.
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'From' }) as HTMLInputElement).value).toBe('Paris, France'),
    );
    expect((screen.getByLabelText('Size') as HTMLSelectElement).value).toBe('S');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it("takes a member straight to the package's offer", async () => {
    open('/packages', () => page(), { user: member() });
    const offer = await screen.findByRole('link', { name: 'Offer to carry Birthday gift for my sister' });
    await waitFor(() => expect(offer.getAttribute('href')).toBe(`/user/packages/${card.id}#offer`));
  });

  it('puts the filters in the address when searched', async () => {
    const { router } = open('/packages?from=paris-fr&to=berlin-de', () => page());
    await screen.findByRole('link', { name: 'Offer to carry Birthday gift for my sister' });
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'To' }) as HTMLInputElement).value).toBe('Berlin, Germany'),
    );
    fireEvent.change(screen.getByLabelText('Weighs at most (kg)'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'deliver-by' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?from=paris-fr&to=berlin-de&maxWeightKg=3&sort=deliver-by'),
    );
  });
});
