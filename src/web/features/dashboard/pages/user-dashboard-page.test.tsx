// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '#shared/auth.ts';
import { member as memberFixture } from '#web/test/members.ts';
import { mockApi, renderPage, seriousViolations } from '#web/test/render.tsx';
import UserDashboardPage from './user-dashboard-page.tsx';

// The member's dashboard over a mocked API with nothing going on: a new member's checks come first
// and "nothing needs you" is never said while they are missing; a verified member reads it.

const member = memberFixture();
const verified: Me = {
  ...member,
  phoneNumber: '+33612345678',
  phoneNumberVerified: true,
  kycStatus: 'approved',
  verifiedProfile: true,
};

const empty = () => ({ items: [], nextCursor: null });
const quiet = (me: Me) => ({
  'GET /api/auth/session': () => ({ user: me }),
  'GET /api/requests': empty,
  'GET /api/packages': empty,
  'GET /api/travel-plans': empty,
  'GET /api/balance': () => ({ currencies: [] }),
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The dashboard's own sections, top to bottom, by their heading's id. */
const sections = () =>
  screen
    .getAllByRole('region')
    .map((r) => r.getAttribute('aria-labelledby') ?? '')
    .filter((id) => id.startsWith('dashboard-'));

const open = () => renderPage(<UserDashboardPage />, { url: '/user/dashboard', title: 'Dashboard' });

describe('UserDashboardPage', () => {
  it('puts a new member’s checks first, and never says nothing needs them', async () => {
    mockApi(quiet(member));
    const { container } = open();
    await screen.findByRole('region', { name: 'Get verified' });
    expect(sections()[0]).toBe('dashboard-verification');
    expect(screen.getByRole('heading', { name: 'Get verified' })).toBeTruthy();
    expect(await screen.findByText(/Your verification comes first/)).toBeTruthy();
    expect(screen.queryByText(/Nothing needs you right now/)).toBeNull();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('tells a verified member with nothing going on that nothing needs them', async () => {
    mockApi(quiet(verified));
    open();
    expect(await screen.findByText(/Nothing needs you right now/)).toBeTruthy();
    expect(sections()[0]).toBe('dashboard-needs-action');
    expect(screen.getByRole('heading', { name: 'Your profile is verified' })).toBeTruthy();
  });

  it('asks for the difference of an agreed reward, linked to the request', async () => {
    const agreed = {
      id: '00000000-0000-4000-8000-0000000000r9',
      status: 'agreed',
      startedBy: 'traveler',
      myRole: 'sender',
      direction: 'incoming',
      message: null,
      package: {
        id: '00000000-0000-4000-8000-0000000000a9',
        title: 'Grandfather clock',
        status: 'open',
        pickup: null,
        dropoff: null,
        pickupFrom: null,
        deliverBy: null,
        weightKg: 1,
        reward: 2500,
        currency: 'EUR',
      },
      travelPlan: {
        id: 't9',
        departureAt: '2030-01-01T00:00:00Z',
        arrivalAt: '2030-01-02T00:00:00Z',
        transport: 'train',
      },
      proposal: { reward: 2800, by: 'sender', counters: 1, awaitsMe: false },
      difference: 330,
      counterpart: { id: 'u9', name: 'Tess Traveler', image: null },
      actions: ['pay_difference', 'decline'],
      createdAt: '2029-12-01T00:00:00Z',
      updatedAt: '2029-12-01T00:00:00Z',
    };
    mockApi({
      ...quiet(verified),
      'GET /api/requests': ({ url }) =>
        url.searchParams.get('status') === 'agreed' && url.searchParams.get('direction') === 'incoming'
          ? { items: [agreed], nextCursor: null }
          : empty(),
    });
    const { container } = open();
    const link = await screen.findByRole('link', {
      name: 'Pay the difference of the agreed reward for “Grandfather clock”',
    });
    expect(link.getAttribute('href')).toBe('/user/packages/requests?tab=incoming');
    expect(screen.queryByText(/Nothing needs you right now/)).toBeNull();
    expect(await seriousViolations(container)).toEqual([]);
  });
});
