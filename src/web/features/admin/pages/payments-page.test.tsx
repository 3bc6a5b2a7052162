// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminPayment, AdminPaymentPage } from '#shared/admin-money.ts';
import { adminPayment } from '../test/payments.ts';
import PaymentsPage from './payments-page.tsx';

// The payments screen with the HTTP layer mocked: its loading, empty, error and data states, the
// filters reaching the server's query, and the refund dialog's rules (full refund warns that it
// cancels the package, a partial one is bounded, a reason is required, after pickup it is disabled).

const http = vi.hoisted(() => vi.fn());
vi.mock('#web/lib/http.ts', () => ({ http }));
const toast = vi.hoisted(() => vi.fn());
vi.mock('#web/lib/toasts.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('#web/lib/toasts.ts')>()),
  showToast: toast,
}));

const payment = adminPayment;

const open = payment({});
const carried = payment({
  id: '00000000-0000-4000-8000-000000000002',
  packageId: '00000000-0000-4000-8000-0000000000a2',
  packageTitle: 'Camera to Lyon',
  packageStatus: 'in_transit',
  // The difference of a reward agreed above the one paid (a second payment of the package).
  kind: 'top_up',
  provider: 'sandbox',
  providerPaymentRef: null,
  providerRef: 'cs_sandbox_abc',
});
const pageOf = (items: AdminPayment[]): AdminPaymentPage => ({
  items,
  nextCursor: null,
  total: { count: items.length, estimated: false },
});

function renderPage(url = '/admin/payments') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/admin/payments', element: <PaymentsPage />, handle: { title: 'Payments' } },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

async function seriousViolations(container: HTMLElement) {
  // jsdom has no layout, so colours cannot be measured; everything else axe checks still runs.
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(() => {
  cleanup();
  http.mockReset();
  toast.mockReset();
});

/** The table once the rows have come (before that it holds placeholder rows). */
async function loadedTable(title: string) {
  await screen.findAllByRole('link', { name: title });
  return screen.getByRole('table', { name: 'Payments' });
}

const listCalls = () => http.mock.calls.filter(([url]) => url === '/api/admin/payments');

describe('PaymentsPage', () => {
  it('says it is loading while the first page comes', async () => {
    http.mockReturnValue(new Promise(() => {}));
    const { container } = renderPage();
    expect((await screen.findByRole('status')).textContent).toBe('Loading payments…');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('shows the error state with a retry', async () => {
    http.mockRejectedValue(new Error('down'));
    const { container } = renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain("We couldn't load the payments.");
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('shows an empty state, and offers to clear filters when filtered', async () => {
    http.mockResolvedValue(pageOf([]));
    const { container } = renderPage();
    expect(await screen.findByRole('heading', { name: 'No payments yet' })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
    cleanup();
    renderPage('/admin/payments?status=failed');
    expect(await screen.findByRole('heading', { name: 'No payments match' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });

  it('lists payments with their money, links and references, and sends the filters to the server', async () => {
    http.mockResolvedValue(pageOf([open, carried]));
    const { container } = renderPage('/admin/payments?provider=stripe&from=2026-03-01&min=10&sort=-amount&q=pi_test_1');
    const table = await loadedTable('Books for Berlin');
    expect(within(table).getByRole('link', { name: 'Books for Berlin' }).getAttribute('href')).toBe(
      `/admin/packages/${open.packageId}`,
    );
    expect(within(table).getAllByRole('link', { name: 'Rita Sender' })[0]?.getAttribute('href')).toBe(
      `/admin/users/${open.sender.id}`,
    );
    expect(within(table).getAllByText('€27.50').length).toBeGreaterThan(0);
    expect(within(table).getByText('pi_test_1')).toBeTruthy();
    expect(within(table).getByText('cs_sandbox_abc')).toBeTruthy();
    const rowOf = (title: string) => within(table).getByRole('link', { name: title }).closest('tr') as HTMLElement;
    expect(within(rowOf('Camera to Lyon')).getByText('Difference')).toBeTruthy();
    expect(within(rowOf('Books for Berlin')).getByText('Package')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Kind' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Amount' }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('status').textContent).toBe('2 payments');
    expect(listCalls()[0]?.[1]?.query).toMatchObject({
      provider: 'stripe',
      createdFrom: '2026-03-01',
      minAmount: 1000,
      sort: '-amount',
      q: 'pi_test_1',
    });

    await userEvent.setup().selectOptions(screen.getByLabelText('Provider'), 'sandbox');
    await waitFor(() => expect(listCalls().at(-1)?.[1]?.query).toMatchObject({ provider: 'sandbox' }));
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('lists the failed automatic refunds the dashboard links to, each with when and why', async () => {
    const stuck = payment({
      refundFailure: { at: '2026-03-02T08:00:00.000Z', reason: 'Stripe could not refund the payment (HTTP 500)' },
    });
    http.mockResolvedValue(pageOf([stuck]));
    const { container } = renderPage('/admin/payments?refundFailed=true');
    const table = await loadedTable('Books for Berlin');
    expect(within(table).getByText('Automatic refund failed')).toBeTruthy();
    expect(within(table).getByText(/Stripe could not refund the payment \(HTTP 500\)/)).toBeTruthy();
    expect(listCalls()[0]?.[1]?.query).toMatchObject({ refundFailed: 'true' });
    const only = screen.getByRole('checkbox', { name: 'Failed automatic refunds only' }) as HTMLInputElement;
    expect(only.checked).toBe(true);
    expect(screen.getByRole('link', { name: 'Export payments as CSV' }).getAttribute('href')).toContain(
      'refundFailed=true',
    );
    await userEvent.setup().click(only);
    await waitFor(() => expect(listCalls().at(-1)?.[1]?.query).toMatchObject({ refundFailed: undefined }));
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('checks a row at the provider from its own button, in a dialog', async () => {
    http.mockImplementation(async (url: string) =>
      url.endsWith('/reconciliation')
        ? {
            paymentId: open.id,
            provider: 'stripe',
            booked: { amount: 2750, currency: 'EUR', refunded: 0, status: 'succeeded' },
            atProvider: { reference: 'pi_test_1', status: 'succeeded', amount: 2750, currency: 'EUR', refunded: 0 },
            checkedAt: '2026-03-02T09:30:00.000Z',
            differences: [],
          }
        : pageOf([open]),
    );
    renderPage();
    const table = await loadedTable('Books for Berlin');
    await userEvent.setup().click(within(table).getByRole('button', { name: 'Check at provider: Books for Berlin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check Books for Berlin at the provider' });
    expect(await within(dialog).findByText('Matches the provider')).toBeTruthy();
    expect(http.mock.calls.some(([url]) => url === `/api/admin/payments/${open.id}/reconciliation`)).toBe(true);
  });

  it('exports the filtered payments as CSV, without the order or the page', async () => {
    http.mockResolvedValue({ ...pageOf([open]), nextCursor: 'c2' });
    renderPage(
      '/admin/payments?status=succeeded&provider=stripe&from=2026-03-01&to=2026-03-31&min=10&sort=-amount&q=pi_test_1',
    );
    await loadedTable('Books for Berlin');
    const link = screen.getByRole('link', { name: 'Export payments as CSV' });
    expect(link.getAttribute('href')).toBe(
      '/api/admin/payments.csv?status=succeeded&provider=stripe&createdFrom=2026-03-01&createdTo=2026-03-31&minAmount=1000&q=pi_test_1',
    );
    expect(link.hasAttribute('download')).toBe(true);

    await userEvent.setup().click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(listCalls().at(-1)?.[1]?.query).toMatchObject({ cursor: 'c2' }));
    expect(screen.getByRole('link', { name: 'Export payments as CSV' }).getAttribute('href')).not.toContain('cursor');
    cleanup();
    renderPage();
    await loadedTable('Books for Berlin');
    expect(screen.getByRole('link', { name: 'Export payments as CSV' }).getAttribute('href')).toBe(
      '/api/admin/payments.csv',
    );
  });

  it('refunds everything before pickup with a warning that the package is cancelled', async () => {
    http.mockImplementation((url: string) =>
      url === '/api/admin/payments'
        ? Promise.resolve(pageOf([open]))
        : Promise.resolve({ ...open, status: 'refunded', refundedAmount: 2750, packageStatus: 'cancelled' }),
    );
    renderPage();
    const user = userEvent.setup();
    const table = await loadedTable('Books for Berlin');
    await user.click(within(table).getByRole('button', { name: 'Refund Books for Berlin' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('also cancels "Books for Berlin"');
    expect(await seriousViolations(dialog)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Refund and cancel' }));
    expect(
      within(dialog)
        .getByLabelText(/Reason/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(dialog.textContent).toContain('Write a note saying why');
    expect(http.mock.calls.filter(([, o]) => o?.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Reason/), 'Sender asked, agreed by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Refund and cancel' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Refunded €27.50. The package is cancelled.', 'success'));
    const post = http.mock.calls.find(([, o]) => o?.method === 'POST');
    expect(post?.[0]).toBe(`/api/admin/payments/${open.id}/refund`);
    expect(post?.[1]?.body).toMatchObject({ amount: 2750, note: 'Sender asked, agreed by phone' });
    expect(post?.[1]?.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('bounds a partial refund by what is left and converts it to cents', async () => {
    http.mockImplementation((url: string) =>
      url === '/api/admin/payments'
        ? Promise.resolve(pageOf([open]))
        : Promise.resolve({ ...open, status: 'partially_refunded', refundedAmount: 500 }),
    );
    renderPage();
    const user = userEvent.setup();
    const table = await loadedTable('Books for Berlin');
    await user.click(within(table).getByRole('button', { name: 'Refund Books for Berlin' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Part of it'));
    await user.type(within(dialog).getByLabelText(/Amount/), '30');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Late pickup, goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(dialog.textContent).toContain('At most €27.50 can be refunded');

    await user.clear(within(dialog).getByLabelText(/Amount/));
    await user.type(within(dialog).getByLabelText(/Amount/), '5,00');
    expect(dialog.textContent).not.toContain('also cancels');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Refunded €5.00.', 'success'));
    expect(http.mock.calls.find(([, o]) => o?.method === 'POST')?.[1]?.body).toMatchObject({ amount: 500 });
  });

  it('after pickup, explains that refunds go through a dispute and offers no refund', async () => {
    http.mockResolvedValue(pageOf([carried]));
    renderPage();
    const user = userEvent.setup();
    const table = await loadedTable('Camera to Lyon');
    await user.click(within(table).getByRole('button', { name: /Refund Camera to Lyon/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('After pickup, refunds go through a dispute');
    expect((within(dialog).getByRole('button', { name: 'Refund' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).queryByLabelText(/Reason/)).toBeNull();
    expect(await seriousViolations(dialog)).toEqual([]);
  });
});
