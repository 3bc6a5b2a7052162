// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminRequest, AdminRequestPage, AdminRequestRow } from '#shared/admin-requests.ts';
import { renderPage, seriousViolations } from '#web/test/render.tsx';
import RequestPage from './request-page.tsx';
import RequestsPage from './requests-page.tsx';

// The requests screens as an administrator meets them, over a mocked API: the list's states and
// filters in the URL, one request with its links, and the withdrawal's reason dialog.

const http = vi.hoisted(() => vi.fn());
vi.mock('#web/lib/http.ts', () => ({ http }));
const toast = vi.hoisted(() => vi.fn());
vi.mock('#web/lib/toasts.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('#web/lib/toasts.ts')>()),
  showToast: toast,
}));

const ID = '00000000-0000-4000-8000-0000000000a1';
const row: AdminRequestRow = {
  id: ID,
  status: 'pending',
  startedBy: 'traveler',
  package: {
    id: '00000000-0000-4000-8000-0000000000b1',
    title: 'Belgian chocolates',
    status: 'open',
    from: { city: 'Paris', countryCode: 'FR' },
    to: { city: 'Berlin', countryCode: 'DE' },
  },
  sender: { id: '00000000-0000-4000-8000-0000000000c1', name: 'Sam Sender', email: 'sam@example.test' },
  traveler: { id: '00000000-0000-4000-8000-0000000000d1', name: 'Tess Traveler', email: 'tess@example.test' },
  reward: 2500,
  currency: 'EUR',
  createdAt: '2026-05-01T10:00:00.000Z',
  expiresAt: '2026-05-03T10:00:00.000Z',
};
const page = (items: AdminRequestRow[]): AdminRequestPage => ({
  items,
  nextCursor: null,
  total: { count: items.length, estimated: false },
});
const detail: AdminRequest = {
  ...row,
  message: 'I can take it',
  package: { ...row.package, weightKg: 1.5 },
  travelPlan: {
    id: '00000000-0000-4000-8000-0000000000e1',
    status: 'active',
    from: { city: 'Paris', countryCode: 'FR' },
    to: { city: 'Berlin', countryCode: 'DE' },
    departureAt: '2026-05-03T10:00:00.000Z',
    arrivalAt: '2026-05-04T10:00:00.000Z',
  },
  timeline: [
    { kind: 'created', at: row.createdAt, by: { id: row.traveler.id, name: 'Tess Traveler', role: 'traveler' } },
  ],
  actions: ['withdraw', 'expire'],
};

beforeEach(() => {
  http.mockReset();
  toast.mockReset();
});
afterEach(cleanup);

const list = (url = '/admin/requests') =>
  renderPage(<RequestsPage />, { path: '/admin/requests', url: url, title: 'Requests' });
const one = () =>
  renderPage(<RequestPage />, { path: '/admin/requests/:id', url: `/admin/requests/${ID}`, title: 'Request' });

/** The record page's admin history, empty: these tests are about the record itself. */
const noAudit = { items: [], nextCursor: null, total: { count: 0, estimated: false } };

describe('RequestsPage', () => {
  it('shows a skeleton while loading', async () => {
    http.mockReturnValue(new Promise(() => {}));
    const { container } = list();
    expect(screen.queryByRole('link', { name: 'Belgian chocolates' })).toBeNull();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('lists the rows with their links, total and the filters sent from the URL', async () => {
    http.mockResolvedValue(page([row]));
    const { container } = list(`/admin/requests?status=pending&startedBy=traveler&q=${ID}`);
    // The table and the narrow screen's cards both render; CSS shows one.
    const links = await screen.findAllByRole('link', { name: 'Belgian chocolates' });
    for (const link of links) expect(link.getAttribute('href')).toBe(`/admin/requests/${ID}`);
    expect(screen.getByText(/1 request/)).toBeTruthy();
    expect(screen.getAllByText('Tess Traveler').length).toBeGreaterThan(0);
    expect(http).toHaveBeenCalledWith(
      '/api/admin/requests',
      expect.objectContaining({ query: { status: 'pending', startedBy: 'traveler', q: ID, sort: '-created' } }),
    );
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says when nothing matches and offers to clear the filters', async () => {
    http.mockResolvedValue(page([]));
    const { container } = list('/admin/requests?status=expired');
    expect(await screen.findByText('No requests match')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('shows an error with a retry', async () => {
    http.mockRejectedValue(new Error('down'));
    const { container } = list();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });
});

describe('RequestPage', () => {
  it('shows the request with links to its package, members and trip', async () => {
    http.mockImplementation(async (url: string) => (url === '/api/admin/audit' ? noAudit : detail));
    const { container } = one();
    await screen.findByRole('heading', { level: 1, name: /Belgian chocolates/ });
    expect(screen.getByRole('link', { name: 'Belgian chocolates' }).getAttribute('href')).toBe(
      `/admin/packages/${row.package.id}`,
    );
    expect(screen.getByRole('link', { name: 'Sam Sender' }).getAttribute('href')).toBe(`/admin/users/${row.sender.id}`);
    expect(screen.getByRole('link', { name: 'Paris → Berlin' }).getAttribute('href')).toBe(
      `/admin/travel-plans/${detail.travelPlan.id}`,
    );
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('offers a retry when the request cannot be loaded', async () => {
    http.mockRejectedValue(new Error('down'));
    one();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('withdraws with a required reason, then shows the new status', async () => {
    const user = userEvent.setup();
    http.mockImplementation(async (url: string, options?: { method?: string }) => {
      if (url === '/api/admin/audit') return noAudit;
      if (options?.method === 'POST') return { ...detail, status: 'withdrawn', actions: [] };
      return detail;
    });
    one();
    await user.click(await screen.findByRole('button', { name: 'Withdraw request' }));
    const dialog = await screen.findByRole('dialog');
    expect(await seriousViolations(dialog)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));
    expect(await within(dialog).findByText(/Say why/)).toBeTruthy();
    expect(http).not.toHaveBeenCalledWith(expect.stringContaining('/withdraw'), expect.anything());

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Reported as spam');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.stringContaining('withdrawn'), 'success'));
    expect(http).toHaveBeenCalledWith(`/api/admin/requests/${ID}/withdraw`, {
      method: 'POST',
      body: { reason: 'Reported as spam' },
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Withdraw request' })).toBeNull());
    expect(screen.getAllByText('Withdrawn').length).toBeGreaterThan(0);
  });

  it('says what becomes of the difference when it ends an agreement not yet paid', async () => {
    const user = userEvent.setup();
    http.mockImplementation(async (url: string) =>
      url === '/api/admin/audit' ? noAudit : { ...detail, status: 'agreed' },
    );
    one();
    await user.click(await screen.findByRole('button', { name: 'Withdraw request' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/before the sender pays the difference/)).toBeTruthy();
    expect(within(dialog).getByText(/still arriving goes back in full/)).toBeTruthy();
    expect(within(dialog).queryByText(/stops waiting for an answer/)).toBeNull();
  });

  it('closes as expired with a reason, then shows the new status', async () => {
    const user = userEvent.setup();
    http.mockImplementation(async (url: string, options?: { method?: string }) => {
      if (url === '/api/admin/audit') return noAudit;
      if (options?.method === 'POST') return { ...detail, status: 'expired', actions: [] };
      return detail;
    });
    one();
    await user.click(await screen.findByRole('button', { name: 'Close as expired' }));
    const dialog = await screen.findByRole('dialog');
    expect(await seriousViolations(dialog)).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Trip called off by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Close as expired' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.stringContaining('expired'), 'success'));
    expect(http).toHaveBeenCalledWith(`/api/admin/requests/${ID}/expire`, {
      method: 'POST',
      body: { reason: 'Trip called off by phone' },
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Close as expired' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Withdraw request' })).toBeNull();
  });
});
