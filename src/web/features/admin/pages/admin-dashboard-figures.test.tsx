// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardDay, DashboardFigures, DashboardPeriod, PeriodMoney } from '#shared/admin-dashboard.ts';
import { type Currency, formatMoney } from '#shared/money.ts';
import { packageStatuses, packageStatusLabel } from '#shared/package-status.ts';
import { formatDay } from '#web/lib/format.ts';
import { apiError, MockResponse, mockApi, never, renderPage, seriousViolations } from '#web/test/render.tsx';
import AdminDashboardPage from './admin-dashboard-page.tsx';

// The admin dashboard's figures over a mocked API: the marketplace now (counts linked to their
// lists, escrow by currency) and a period's money and daily charts, whose period lives in the URL
// and whose days are UTC. Charts measure nothing in jsdom: what they show is asserted on the table
// each one comes with, the same figures screen-reader and keyboard users read.

// Late on 31 May in UTC: already 1 June east of Greenwich, so a local "today" would ask for other days.
const NOW = new Date('2026-05-31T23:30:00.000Z');

/**
 * Recharts sizes a chart from its container's ResizeObserver, and jsdom lays nothing out: each chart
 * is told it has a phone's width, so it draws (and axe reads) its SVG as a browser would.
 */
class PhoneSizedObserver {
  readonly #callback: ResizeObserverCallback;
  constructor(callback: ResizeObserverCallback) {
    this.#callback = callback;
  }
  observe(target: Element) {
    const contentRect = { width: 320, height: 256 } as DOMRectReadOnly;
    this.#callback([{ target, contentRect } as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  vi.stubGlobal('ResizeObserver', PhoneSizedObserver);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const FIGURES = 'GET /api/admin/dashboard/figures';
const PERIOD = 'GET /api/admin/dashboard/period';
const elsewhere = { 'GET /api/admin/dashboard/attention': never, 'GET /api/admin/packages': never };

const figures: DashboardFigures = {
  members: { total: { count: 1500, estimated: true }, verified: { count: 820, estimated: false } },
  packagesByStatus: packageStatuses.map((status, i) => ({ status, total: { count: i + 1, estimated: false } })),
  activeTrips: { count: 12, estimated: false },
  escrowHeld: [
    { amount: 123_450, currency: 'EUR' },
    { amount: 9_900, currency: 'GBP' },
  ],
};

const money = (currency: Currency, paidIn: number, more: Partial<PeriodMoney> = {}): PeriodMoney => ({
  currency,
  paidIn,
  released: 0,
  fees: 0,
  refunded: 0,
  paidOut: 0,
  ...more,
});

const quiet = (day: string): DashboardDay => ({
  day,
  packagesCreated: 0,
  packagesCompleted: 0,
  membersJoined: 0,
  money: [],
});

/** Every day from `from` to `to`, zeros but for `busy`; the totals are the days' sums. */
function period(from: string, to: string, busy: Record<string, Partial<DashboardDay>> = {}): DashboardPeriod {
  const days: DashboardDay[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    days.push({ ...quiet(day), ...busy[day] });
  }
  const totals = new Map<Currency, PeriodMoney>();
  for (const m of days.flatMap((d) => d.money)) {
    const sum = totals.get(m.currency) ?? money(m.currency, 0);
    totals.set(m.currency, {
      currency: m.currency,
      paidIn: sum.paidIn + m.paidIn,
      released: sum.released + m.released,
      fees: sum.fees + m.fees,
      refunded: sum.refunded + m.refunded,
      paidOut: sum.paidOut + m.paidOut,
    });
  }
  return { from, to, money: [...totals.values()], days };
}

/** The server's answer for whatever days were asked for, with activity on 30 May. */
const busyPeriod = ({ url }: { url: URL }) =>
  period(url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? '', {
    '2026-05-30': {
      packagesCreated: 4,
      packagesCompleted: 3,
      membersJoined: 7,
      money: [
        money('EUR', 25_000, { fees: 2_500, released: 20_000, refunded: 1_000, paidOut: 5_000 }),
        money('USD', 40_000, { fees: 4_000, released: 30_000 }),
      ],
    },
  });

const periodCalls = (calls: { url: URL }[]) =>
  calls
    .filter((c) => c.url.pathname === '/api/admin/dashboard/period')
    .map((c) => Object.fromEntries(c.url.searchParams));

const dashboard = (url = '/admin/dashboard') =>
  renderPage(<AdminDashboardPage />, { url, path: '/admin/dashboard', title: 'Admin dashboard' });

describe('AdminDashboardPage: the marketplace now', () => {
  it('shows a loading state', async () => {
    mockApi({ ...elsewhere, [FIGURES]: never, [PERIOD]: never });
    const { container } = dashboard();
    expect(await screen.findByText('Loading the figures…')).toBeTruthy();
    expect(screen.getByText('Loading the period’s figures…')).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    mockApi({
      ...elsewhere,
      [FIGURES]: () => (fail ? apiError(500, 'INTERNAL') : figures),
      [PERIOD]: never,
    });
    dashboard();
    const figuresCard = (await screen.findByText('The figures could not be loaded')).closest('section');
    fail = false;
    await userEvent.click(within(figuresCard as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Active trips' })).toBeTruthy();
  });

  it('counts members, trips and packages by status, each linked to its list, and escrow by currency', async () => {
    mockApi({ ...elsewhere, [FIGURES]: () => figures, [PERIOD]: never });
    const { container } = dashboard();
    const members = await screen.findByRole('link', { name: 'Members' });
    expect(members.getAttribute('href')).toBe('/admin/users');
    const card = members.closest('section') as HTMLElement;
    expect(within(card).getByText(/About 1,500|About 1.500|About 1 500/)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Verified members' }).getAttribute('href')).toBe(
      '/admin/users?tab=verified',
    );
    expect(within(card).getByText((820).toLocaleString())).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Active trips' }).getAttribute('href')).toBe(
      '/admin/travel-plans?status=active',
    );
    expect(within(card).getByText(formatMoney(123_450, 'EUR'))).toBeTruthy();
    expect(within(card).getByText(formatMoney(9_900, 'GBP'))).toBeTruthy();
    for (const status of packageStatuses) {
      const link = within(card).getByRole('link', { name: packageStatusLabel[status] });
      expect(link.getAttribute('href')).toBe(`/admin/packages?status=${status}`);
    }
    const disputed = within(card).getByRole('link', { name: 'Disputed' }).closest('li') as HTMLElement;
    expect(within(disputed).getByText(String(packageStatuses.indexOf('disputed') + 1))).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });
});

describe('AdminDashboardPage: a period', () => {
  it('asks for the last 30 UTC days by default, today the last', async () => {
    const calls = mockApi({ ...elsewhere, [FIGURES]: never, [PERIOD]: busyPeriod });
    dashboard();
    await screen.findByRole('heading', { name: 'Money in EUR' });
    expect(periodCalls(calls)).toEqual([{ from: '2026-05-02', to: '2026-05-31' }]);
    expect((screen.getByLabelText('Period') as HTMLSelectElement).value).toBe('30d');
    expect(screen.getByText(`${formatDay('2026-05-02')} to ${formatDay('2026-05-31')}, 30 days.`)).toBeTruthy();
  });

  it('asks for another preset’s days and keeps the choice in the URL', async () => {
    const calls = mockApi({ ...elsewhere, [FIGURES]: never, [PERIOD]: busyPeriod });
    const { router } = dashboard();
    await screen.findByRole('heading', { name: 'Money in EUR' });
    await userEvent.selectOptions(screen.getByLabelText('Period'), 'Last 7 days');
    await waitFor(() => expect(periodCalls(calls).at(-1)).toEqual({ from: '2026-05-25', to: '2026-05-31' }));
    expect(router.state.location.search).toBe('?period=7d');
    await userEvent.selectOptions(screen.getByLabelText('Period'), 'Last 12 months');
    await waitFor(() => expect(periodCalls(calls).at(-1)).toEqual({ from: '2025-06-01', to: '2026-05-31' }));
    expect(router.state.location.search).toBe('?period=12m');
    await userEvent.selectOptions(screen.getByLabelText('Period'), 'Last 30 days');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens a preset from the URL', async () => {
    const calls = mockApi({ ...elsewhere, [FIGURES]: never, [PERIOD]: busyPeriod });
    dashboard('/admin/dashboard?period=90d');
    await screen.findByRole('heading', { name: 'Money in EUR' });
    expect(periodCalls(calls)).toEqual([{ from: '2026-03-03', to: '2026-05-31' }]);
  });

  it('shows chosen days, checked before they are asked for', async () => {
    const calls = mockApi({ ...elsewhere, [FIGURES]: never, [PERIOD]: busyPeriod });
    const { router, container } = dashboard();
    await screen.findByRole('heading', { name: 'Money in EUR' });
    await userEvent.selectOptions(screen.getByLabelText('Period'), 'Choose the days');
    const from = screen.getByLabelText('From') as HTMLInputElement;
    const to = screen.getByLabelText('To') as HTMLInputElement;
    expect([from.value, to.value]).toEqual(['2026-05-02', '2026-05-31']);

    await userEvent.clear(from);
    await userEvent.type(from, '2026-06-10');
    await userEvent.click(screen.getByRole('button', { name: 'Show these days' }));
    expect(screen.getByText('Choose an end on or after the start')).toBeTruthy();
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(periodCalls(calls)).toHaveLength(1);

    await userEvent.clear(from);
    await userEvent.type(from, '2026-05-20');
    await userEvent.click(screen.getByRole('button', { name: 'Show these days' }));
    await waitFor(() => expect(periodCalls(calls).at(-1)).toEqual({ from: '2026-05-20', to: '2026-05-31' }));
    expect(router.state.location.search).toBe('?from=2026-05-20&to=2026-05-31');
    expect(screen.queryByText('Choose an end on or after the start')).toBeNull();
    expect(await seriousViolations(container)).toEqual([]);

    // Back: the picker says what the URL says again.
    await act(() => router.navigate(-1));
    await waitFor(() => expect((screen.getByLabelText('Period') as HTMLSelectElement).value).toBe('30d'));
    expect(screen.queryByLabelText('From')).toBeNull();
  });

  it('says the server’s refusal of the days in the URL beside the inputs', async () => {
    mockApi({
      ...elsewhere,
      [FIGURES]: never,
      [PERIOD]: () =>
        new MockResponse(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'VALIDATION_FAILED',
            fields: { from: ['Choose at most 366 days'] },
            requestId: 'test',
          },
        }),
    });
    const { container } = dashboard('/admin/dashboard?from=2024-01-01&to=2026-05-31');
    const message = await screen.findByText('Choose at most 366 days');
    const from = screen.getByLabelText('From');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(from.getAttribute('aria-describedby')).toContain(message.id);
    expect((screen.getByLabelText('Period') as HTMLSelectElement).value).toBe('custom');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('shows the totals of the chosen currency', async () => {
    mockApi({ ...elsewhere, [FIGURES]: never, [PERIOD]: busyPeriod });
    const { router } = dashboard();
    const heading = await screen.findByRole('heading', { name: 'Money in EUR' });
    const totals = heading.closest('div')?.parentElement as HTMLElement;
    expect(within(totals).getByText(formatMoney(25_000, 'EUR'))).toBeTruthy();
    expect(within(totals).getByText(formatMoney(20_000, 'EUR'))).toBeTruthy();
    expect(within(totals).getByText(formatMoney(2_500, 'EUR'))).toBeTruthy();
    expect(within(totals).getByText(formatMoney(1_000, 'EUR'))).toBeTruthy();
    expect(within(totals).getByText(formatMoney(5_000, 'EUR'))).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'USD');
    const usd = (await screen.findByRole('heading', { name: 'Money in USD' })).closest('div')?.parentElement;
    expect(within(usd as HTMLElement).getByText(formatMoney(40_000, 'USD'))).toBeTruthy();
    expect(within(usd as HTMLElement).queryByText(formatMoney(25_000, 'EUR'))).toBeNull();
    expect(router.state.location.search).toBe('?currency=USD');
    expect(screen.getByRole('figure', { name: 'GMV and fee revenue per day, in USD' })).toBeTruthy();
  });

  it('has no currency picker when one currency moved', async () => {
    mockApi({
      ...elsewhere,
      [FIGURES]: never,
      [PERIOD]: ({ url }) =>
        period(url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? '', {
          '2026-05-30': { money: [money('GBP', 1_200)] },
        }),
    });
    dashboard();
    expect(await screen.findByRole('heading', { name: 'Money in GBP' })).toBeTruthy();
    expect(screen.queryByLabelText('Currency')).toBeNull();
  });

  it('gives every chart a caption and a table of its days', async () => {
    mockApi({ ...elsewhere, [FIGURES]: never, [PERIOD]: busyPeriod });
    const { container } = dashboard('/admin/dashboard?period=7d');
    const packages = await screen.findByRole('figure', { name: 'New packages and completions per day' });
    expect(screen.getByRole('figure', { name: 'New members per day' })).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'GMV and fee revenue per day, in EUR' })).toBeTruthy();
    // The drawing is there for the eye only: the table below says the same to everyone.
    await waitFor(() => expect(packages.querySelector('svg.recharts-surface')).not.toBeNull());
    expect(packages.querySelector('svg.recharts-surface')?.closest('[aria-hidden="true"]')).not.toBeNull();

    await userEvent.click(within(packages).getByText('Show new packages and completions as a table'));
    const table = within(packages).getByRole('table', { name: 'New packages and completions per day' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(1 + 7);
    const busy = within(table)
      .getByRole('rowheader', { name: formatDay('2026-05-30') })
      .closest('tr') as HTMLElement;
    expect(
      within(busy)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4', '3']);

    const gmv = screen.getByRole('figure', { name: 'GMV and fee revenue per day, in EUR' });
    await userEvent.click(within(gmv).getByText('Show GMV and fee revenue as a table'));
    const gmvRow = within(gmv)
      .getByRole('rowheader', { name: formatDay('2026-05-30') })
      .closest('tr') as HTMLElement;
    expect(
      within(gmvRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([formatMoney(25_000, 'EUR'), formatMoney(2_500, 'EUR')]);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says so when nothing happened in the period, instead of flat charts', async () => {
    mockApi({
      ...elsewhere,
      [FIGURES]: never,
      [PERIOD]: ({ url }) => period(url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? ''),
    });
    const { container } = dashboard();
    expect(await screen.findByRole('heading', { name: 'Nothing happened in these days' })).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    mockApi({
      ...elsewhere,
      [FIGURES]: never,
      [PERIOD]: (request) => (fail ? apiError(500, 'INTERNAL') : busyPeriod(request)),
    });
    dashboard();
    expect(await screen.findByText('The period’s figures could not be loaded')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Money in EUR' })).toBeTruthy();
  });
});
