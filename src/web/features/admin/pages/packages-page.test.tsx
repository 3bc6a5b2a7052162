// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminPackagePage, AdminPackageRow } from '#shared/admin-packages.ts';
import { apiFailure, cleanupPage, renderAt, seriousViolations } from '#web/test/render.tsx';
import PackagesPage from './packages-page.tsx';

// /admin/packages against a mocked API: what it asks for (tabs, search, cities, sort in the query
// string), and its loading, empty, error and data states, each without a serious axe violation.

// A plain function, not vi.fn: Vitest waits on the promises a mock returns, and would fail the test
// on the rejection the page is meant to show.
const api = vi.hoisted(() => ({
  calls: [] as [string, { query?: Record<string, string> } | undefined][],
  answer: (): Promise<unknown> => Promise.resolve(undefined),
}));
vi.mock('#web/lib/http.ts', () => ({
  http: (url: string, options?: { query?: Record<string, string> }) => {
    api.calls.push([url, options]);
    return api.answer();
  },
}));
const answerWith = (value: unknown) => {
  api.answer = () => Promise.resolve(value);
};

const row = (over: Partial<AdminPackageRow> = {}): AdminPackageRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Birthday gift',
  status: 'open',
  route: { from: 'Paris', to: 'Berlin' },
  sender: { id: '00000000-0000-4000-8000-0000000000a1', name: 'Sam Sender' },
  traveler: null,
  reward: 2500,
  currency: 'EUR',
  createdAt: '2026-05-01T10:00:00.000Z',
  deliverBy: '2026-05-20T10:00:00.000Z',
  disputed: false,
  disputeOpenedAt: null,
  ...over,
});

const page = (items: AdminPackageRow[], over: Partial<AdminPackagePage> = {}): AdminPackagePage => ({
  items,
  nextCursor: null,
  total: { count: items.length, estimated: false },
  ...over,
});

const renderList = (path = '/admin/packages') =>
  renderAt(path, [{ path: '/admin/packages', element: <PackagesPage />, title: 'Packages' }]);

/** The query string of the last list request. */
const lastQuery = () => api.calls.at(-1)?.[1]?.query;

beforeEach(() => {
  api.calls = [];
});
afterEach(cleanupPage);

describe('/admin/packages', () => {
  it('shows placeholder rows while loading', async () => {
    let answer: (page: AdminPackagePage) => void = () => {};
    api.answer = () => new Promise((resolve) => (answer = resolve));
    const { container } = renderList();
    expect(screen.getByRole('table', { name: 'Packages' }).getAttribute('aria-busy')).toBe('true');
    expect(await seriousViolations(container)).toEqual([]);
    answer(page([]));
    expect(await screen.findByRole('heading', { name: 'No packages yet' })).toBeTruthy();
  });

  it('lists packages as links to their records, newest first, with the total', async () => {
    answerWith(
      page([row(), row({ id: '00000000-0000-4000-8000-000000000002', title: 'Books', reward: null })], {
        total: { count: 12000, estimated: true },
      }),
    );
    const { container } = renderList();
    const table = await screen.findByRole('table', { name: 'Packages' });
    const link = await within(table).findByRole('link', { name: 'Birthday gift' });
    expect(link.getAttribute('href')).toBe('/admin/packages/00000000-0000-4000-8000-000000000001');
    expect(screen.getByText(/About 12,000 packages/)).toBeTruthy();
    expect(within(table).getAllByText('Paris → Berlin')).toHaveLength(2);
    expect(lastQuery()).toEqual({ sort: '-created' });
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('asks for a tab, a search, cities and a sort through the query string', async () => {
    answerWith(page([row()]));
    renderList();
    const user = userEvent.setup();
    await within(screen.getByRole('table')).findByRole('link', { name: 'Birthday gift' });
    await user.click(screen.getByRole('tab', { name: 'In transit' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: 'in_transit' }));
    await user.type(screen.getByLabelText('From city'), 'par');
    await user.type(screen.getByLabelText('To city'), 'ber');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ pickupCity: 'par', dropoffCity: 'ber' }));
    await user.click(screen.getByRole('button', { name: 'Reward' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: '-reward' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search packages' }), 'gift');
    await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'gift', status: 'in_transit' }));
  });

  it('shows the disputes queue with each dispute’s age and no sort', async () => {
    answerWith(
      page([
        row({
          status: 'disputed',
          disputed: true,
          disputeOpenedAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000 - 1000).toISOString(),
        }),
      ]),
    );
    const { container } = renderList('/admin/packages?status=disputed');
    expect(await within(screen.getByRole('table')).findByText('3 days')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Dispute open for' })).toBeTruthy();
    expect(lastQuery()).toEqual({ status: 'disputed' });
    expect(within(screen.getByRole('table')).queryByRole('button', { name: 'Reward' })).toBeNull();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says when nothing matches, and offers to clear the filters', async () => {
    answerWith(page([]));
    const { container } = renderList('/admin/packages?status=disputed');
    expect(await screen.findByRole('heading', { name: 'No open disputes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('shows the error with a retry', async () => {
    api.answer = () => Promise.reject(apiFailure(500, 'INTERNAL'));
    const { container } = renderList();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });
});
