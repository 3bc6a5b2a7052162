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
});
