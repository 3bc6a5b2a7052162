// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { FetchError } from 'ofetch';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminTravelPlan, AdminTravelPlanPage, AdminTravelPlanRow } from '#shared/admin-travel-plans.ts';
import { renderPage, seriousViolations } from '#web/test/render.tsx';
import TravelPlanPage from './travel-plan-page.tsx';
import TravelPlansPage from './travel-plans-page.tsx';

// The travel-plan screens over a mocked API: the list's states and filters, one trip with what it
// carries and its requests, and the cancellation's reason dialog with the server's refusal shown.

const http = vi.hoisted(() => vi.fn());
vi.mock('#web/lib/http.ts', () => ({ http }));
const toast = vi.hoisted(() => vi.fn());
vi.mock('#web/lib/toasts.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('#web/lib/toasts.ts')>()),
  showToast: toast,
}));

const ID = '00000000-0000-4000-8000-0000000000f1';
const traveler = { id: '00000000-0000-4000-8000-0000000000d1', name: 'Tess Traveler', email: 'tess@example.test' };
const row: AdminTravelPlanRow = {
  id: ID,
  status: 'active',
  traveler,
  from: { city: 'Paris', countryCode: 'FR' },
  to: { city: 'Berlin', countryCode: 'DE' },
  departureAt: '2026-05-03T10:00:00.000Z',
  arrivalAt: '2026-05-04T10:00:00.000Z',
  transport: 'train',
  capacityKg: 10,
  freeCapacityKg: 8.5,
  packagesCarried: 1,
  createdAt: '2026-05-01T10:00:00.000Z',
};
const page = (items: AdminTravelPlanRow[]): AdminTravelPlanPage => ({
  items,
  nextCursor: null,
  total: { count: 12_345, estimated: true },
});
const place = (city: string, countryCode: string) => ({ label: `${city}`, city, countryCode, lat: 48, lng: 2 });
const detail: AdminTravelPlan = {
  ...row,
  origin: place('Paris', 'FR'),
  destination: place('Berlin', 'DE'),
  notes: null,
  updatedAt: row.createdAt,
  packages: [
    {
      id: '00000000-0000-4000-8000-0000000000b1',
      title: 'Belgian chocolates',
      status: 'matched',
      weightKg: 1.5,
      sender: { id: '00000000-0000-4000-8000-0000000000c1', name: 'Sam Sender', email: 'sam@example.test' },
    },
  ],
  requests: [],
  requestsTotal: 0,
  timeline: [
    { kind: 'created', at: row.createdAt },
    { kind: 'departure', at: row.departureAt },
    { kind: 'arrival', at: row.arrivalAt },
  ],
  actions: ['cancel'],
};

beforeEach(() => {
  http.mockReset();
  toast.mockReset();
});
afterEach(cleanup);

const list = (url = '/admin/travel-plans') =>
  renderPage(<TravelPlansPage />, { path: '/admin/travel-plans', url: url, title: 'Travel plans' });
const one = () =>
  renderPage(<TravelPlanPage />, {
    path: '/admin/travel-plans/:id',
    url: `/admin/travel-plans/${ID}`,
    title: 'Travel plan',
  });

/** The record page's admin history, empty: these tests are about the record itself. */
const noAudit = { items: [], nextCursor: null, total: { count: 0, estimated: false } };

describe('TravelPlansPage', () => {
  it('shows a skeleton while loading', async () => {
    http.mockReturnValue(new Promise(() => {}));
    const { container } = list();
    expect(screen.queryAllByRole('link', { name: 'Paris → Berlin' })).toEqual([]);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('lists trips with links, an estimated total, and the URL filters sent to the server', async () => {
    http.mockResolvedValue(page([row]));
    const { container } = list('/admin/travel-plans?status=active&fromCity=Par&sort=departure');
    const links = await screen.findAllByRole('link', { name: 'Paris → Berlin' });
    for (const link of links) expect(link.getAttribute('href')).toBe(`/admin/travel-plans/${ID}`);
    expect(screen.getByText(/About/)).toBeTruthy();
    expect(http).toHaveBeenCalledWith(
      '/api/admin/travel-plans',
      expect.objectContaining({ query: { status: 'active', fromCity: 'Par', sort: 'departure' } }),
    );
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says when there are none yet', async () => {
    http.mockResolvedValue({ ...page([]), total: { count: 0, estimated: false } });
    const { container } = list();
    expect(await screen.findByText('No travel plans yet')).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('shows an error with a retry', async () => {
    http.mockRejectedValue(new Error('down'));
    list();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

function refusal(status: number, code: string, message: string) {
  const err = new FetchError(message);
  Object.assign(err, {
    response: new Response(null, { status }),
    status,
    data: { error: { code, message, requestId: 'r1' } },
  });
  return err;
}

describe('TravelPlanPage', () => {
  it('shows the trip with its traveler, the packages it carries and its timeline', async () => {
    http.mockImplementation(async (url: string) => (url === '/api/admin/audit' ? noAudit : detail));
    const { container } = one();
    await screen.findByRole('heading', { level: 1, name: 'Trip Paris → Berlin' });
    expect(screen.getByRole('link', { name: 'Belgian chocolates' }).getAttribute('href')).toBe(
      `/admin/packages/${detail.packages[0]?.id}`,
    );
    expect(screen.getByRole('link', { name: 'Tess Traveler' }).getAttribute('href')).toBe(
      `/admin/users/${traveler.id}`,
    );
    expect(screen.getByText('No request names this trip.')).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says there is no such trip on a 404', async () => {
    http.mockRejectedValue(refusal(404, 'TRAVEL_PLAN_NOT_FOUND', 'There is no such travel plan.'));
    one();
    expect(await screen.findByText('There is no such travel plan')).toBeTruthy();
  });

  it("cancels with a reason, and shows the server's refusal in the dialog", async () => {
    const user = userEvent.setup();
    http.mockImplementation(async (url: string, options?: { method?: string }) => {
      if (url === '/api/admin/audit') return noAudit;
      if (options?.method === 'POST') {
        throw refusal(
          409,
          'TRAVEL_PLAN_HAS_ACCEPTED_PACKAGES',
          'This trip carries accepted packages: cancel carrying them from their package pages first.',
        );
      }
      return detail;
    });
    one();
    await user.click(await screen.findByRole('button', { name: 'Cancel trip' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Fraudulent trip');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel trip' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toMatch(/carries accepted packages/));
    expect(http).toHaveBeenCalledWith(`/api/admin/travel-plans/${ID}/cancel`, {
      method: 'POST',
      body: { reason: 'Fraudulent trip' },
    });
    expect(toast).not.toHaveBeenCalled();
    expect(await seriousViolations(dialog)).toEqual([]);
  });

  it('shows the cancelled trip once the server agrees', async () => {
    const user = userEvent.setup();
    http.mockImplementation(async (url: string, options?: { method?: string }) => {
      if (url === '/api/admin/audit') return noAudit;
      return options?.method === 'POST' ? { ...detail, status: 'cancelled', actions: [] } : detail;
    });
    one();
    await user.click(await screen.findByRole('button', { name: 'Cancel trip' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Fraudulent trip');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel trip' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.stringContaining('Trip cancelled'), 'success'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel trip' })).toBeNull());
  });
});
