// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminAttention } from '#shared/admin-dashboard.ts';
import type { AdminPackagePage, AdminPackageRow } from '#shared/admin-packages.ts';
import { apiError, mockApi, never, renderPage, seriousViolations } from '#web/test/render.tsx';
import AdminDashboardPage from './admin-dashboard-page.tsx';

// The admin dashboard's disputes queue over a mocked API: the oldest disputes with their age, linked
// to their packages and to the whole queue, and its loading, empty and error states.

const HOUR = 60 * 60 * 1000;
const row = (id: string, title: string, openedHoursAgo: number): AdminPackageRow => ({
  id,
  title,
  status: 'delivered',
  route: { from: 'Paris', to: 'Berlin' },
  sender: { id: '00000000-0000-4000-8000-0000000000c1', name: 'Sam Sender' },
  traveler: { id: '00000000-0000-4000-8000-0000000000d1', name: 'Tess Traveler' },
  reward: 2500,
  currency: 'EUR',
  createdAt: '2026-05-01T10:00:00.000Z',
  deliverBy: '2026-05-20T10:00:00.000Z',
  disputed: true,
  disputeOpenedAt: new Date(Date.now() - openedHoursAgo * HOUR).toISOString(),
});
const page = (items: AdminPackageRow[], count = items.length): AdminPackagePage => ({
  items,
  nextCursor: null,
  total: { count, estimated: false },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const attention: AdminAttention = {
  disputes: { total: { count: 7, estimated: false }, oldestAt: new Date(Date.now() - 50 * HOUR).toISOString() },
  kycPending: { count: 1500, estimated: true },
  payoutsRequested: { count: 2, estimated: false },
  paymentMismatches: { count: 0, estimated: false },
  refundsFailed: { count: 4, estimated: false },
  supportOpen: { total: { count: 3, estimated: false }, oldestAt: new Date(Date.now() - 5 * HOUR).toISOString() },
};
const ATTENTION = 'GET /api/admin/dashboard/attention';
// The figures and the period have their own tests (admin-dashboard-figures.test.tsx): here they stay loading.
const figuresLater = { 'GET /api/admin/dashboard/figures': never, 'GET /api/admin/dashboard/period': never };

const dashboard = () => renderPage(<AdminDashboardPage />, { url: '/admin/dashboard', title: 'Admin dashboard' });

describe('AdminDashboardPage: disputes waiting', () => {
  it('lists the oldest open disputes with their age, and links to the whole queue', async () => {
    const ID = '00000000-0000-4000-8000-0000000000a1';
    const calls = mockApi({
      ...figuresLater,
      [ATTENTION]: () => attention,
      'GET /api/admin/packages': () =>
        page([row(ID, 'Broken vase', 50), row(`${ID.slice(0, -1)}2`, 'Wet books', 3)], 7),
    });
    const { container } = dashboard();
    const first = await screen.findByRole('link', { name: 'Broken vase' });
    expect(first.getAttribute('href')).toBe(`/admin/packages/${ID}`);
    expect(screen.getByText('2 days')).toBeTruthy();
    expect(screen.getByText('3 hours')).toBeTruthy();
    expect(screen.getByText('7 open, the oldest first.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All open disputes' }).getAttribute('href')).toBe(
      '/admin/packages?status=disputed',
    );
    const queue = calls.find((c) => c.url.pathname === '/api/admin/packages');
    expect(Object.fromEntries(queue?.url.searchParams ?? [])).toEqual({ status: 'disputed', limit: '5' });
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says when no dispute is waiting', async () => {
    mockApi({ ...figuresLater, [ATTENTION]: () => attention, 'GET /api/admin/packages': () => page([]) });
    const { container } = dashboard();
    expect(await screen.findByText(/No dispute is waiting/)).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('shows a loading state', async () => {
    mockApi({ ...figuresLater, [ATTENTION]: never, 'GET /api/admin/packages': never });
    const { container } = dashboard();
    expect(await screen.findByText('Loading the disputes…')).toBeTruthy();
    expect(screen.getByText('Loading what needs you…')).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('shows an error with a retry', async () => {
    mockApi({
      ...figuresLater,
      [ATTENTION]: () => attention,
      'GET /api/admin/packages': () => apiError(500, 'INTERNAL'),
    });
    dashboard();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByText('The disputes could not be loaded')).toBeTruthy();
  });
});

describe('AdminDashboardPage: needs you now', () => {
  it('counts what waits, estimated where large, each linked to its list', async () => {
    mockApi({ ...figuresLater, [ATTENTION]: () => attention, 'GET /api/admin/packages': () => page([]) });
    const { container } = dashboard();
    const disputes = await screen.findByRole('link', { name: 'Open disputes' });
    expect(disputes.getAttribute('href')).toBe('/admin/packages?status=disputed');
    expect(screen.getByText(/oldest waiting 2 days/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Support tickets waiting' }).getAttribute('href')).toBe(
      '/admin/support?status=open',
    );
    expect(screen.getByText(/oldest waiting 5 hours/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Identity checks under way' }).getAttribute('href')).toBe(
      '/admin/users?kycStatus=pending',
    );
    expect(screen.getByText(/About 1,500|About 1.500|About 1 500/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Payments with the wrong amount' }).getAttribute('href')).toBe(
      '/admin/payments?status=amount_mismatch',
    );
    const refunds = screen.getByRole('link', { name: 'Failed automatic refunds' });
    expect(refunds.getAttribute('href')).toBe('/admin/payments?refundFailed=true');
    expect(refunds.closest('li')?.textContent).toContain('4');
    expect(screen.getByRole('link', { name: 'Payout requests' }).getAttribute('href')).toBe(
      '/admin/transactions?view=payouts',
    );
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('shows an error with a retry when the counts cannot be loaded', async () => {
    mockApi({
      ...figuresLater,
      [ATTENTION]: () => apiError(500, 'INTERNAL'),
      'GET /api/admin/packages': () => page([]),
    });
    dashboard();
    expect(await screen.findByText('What needs you could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
