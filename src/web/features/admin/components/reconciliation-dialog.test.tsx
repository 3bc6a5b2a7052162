// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminReconciliation } from '#shared/admin-money.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { apiError, cleanupPage, mockApi, never, renderPage, seriousViolations } from '#web/test/render.tsx';
import { adminPayment } from '../test/payments.ts';
import { ReconciliationDialog } from './reconciliation-dialog.tsx';

// The reconciliation dialog with the server mocked: asking the provider, its failure and retry, a
// payment that matches, one that differs line by line (said in words), and one the provider lacks.

const payment = adminPayment();

const URL_KEY = `GET /api/admin/payments/${payment.id}/reconciliation`;
const CHECKED_AT = '2026-03-02T09:30:00.000Z';

const matching: AdminReconciliation = {
  paymentId: payment.id,
  provider: 'stripe',
  booked: { amount: 2750, currency: 'EUR', refunded: 0, status: 'succeeded' },
  atProvider: { reference: 'pi_test_1', status: 'succeeded', amount: 2750, currency: 'EUR', refunded: 0 },
  checkedAt: CHECKED_AT,
  differences: [],
};

const onClose = vi.fn();
function open() {
  return renderPage(<ReconciliationDialog payment={payment} onClose={onClose} />, { url: '/admin/payments' });
}

/** The comparison's row for a line: its label, what we booked, what the provider holds. */
function row(label: string) {
  const table = screen.getByRole('table', { name: 'Booked by Tagalong and held at Stripe' });
  const header = within(table).getByRole('rowheader', { name: new RegExp(`^${label}`) });
  return header.closest('tr') as HTMLElement;
}

afterEach(() => {
  cleanupPage();
  vi.unstubAllGlobals();
  onClose.mockReset();
});

describe('ReconciliationDialog', () => {
  it('says it is asking the provider while the answer comes', async () => {
    mockApi({ [URL_KEY]: never });
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Check Books for Berlin at the provider' });
    expect(within(dialog).getByRole('status').textContent).toBe('Asking Stripe');
    expect(await seriousViolations(document.body)).toEqual([]);
  });

  it('says the provider is not answering, and checks again on retry', async () => {
    let calls = 0;
    mockApi({
      [URL_KEY]: () => {
        calls += 1;
        // The http client asks a GET twice before it gives up.
        return calls <= 2 ? apiError(503, 'PAYMENT_PROVIDER_UNAVAILABLE') : matching;
      },
    });
    open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't check this payment");
    expect(alert.textContent).toContain('Stripe is not answering. Try again in a minute.');
    expect(await seriousViolations(document.body)).toEqual([]);

    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Matches the provider')).toBeTruthy();
    expect(calls).toBe(3);
  });

  it('shows a payment that matches, side by side, with the reference and the time of the check', async () => {
    mockApi({ [URL_KEY]: () => matching });
    open();
    expect(await screen.findByText('Matches the provider')).toBeTruthy();
    expect(screen.getByText('pi_test_1')).toBeTruthy();
    const amount = within(row('Amount')).getAllByRole('cell');
    expect(amount.map((c) => c.textContent)).toEqual(['€27.50', '€27.50']);
    expect(
      within(row('Status'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Succeeded', 'succeeded']);
    expect(screen.queryByText('Differs')).toBeNull();
    expect(screen.getByText(`Checked ${formatDateTime(CHECKED_AT)}`)).toBeTruthy();
    expect(await seriousViolations(document.body)).toEqual([]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('marks each line that differs in words', async () => {
    mockApi({
      [URL_KEY]: () => ({
        ...matching,
        booked: { ...matching.booked, refunded: 500, status: 'partially_refunded' },
        atProvider: { ...matching.atProvider, amount: 2700, refunded: 0 },
        differences: ['amount', 'refunded'],
      }),
    });
    open();
    expect((await screen.findByText(/Differs from the provider/)).closest('p')?.textContent).toContain(
      '2 lines differ, marked below.',
    );
    expect(row('Amount').textContent).toContain('Differs');
    expect(
      within(row('Amount'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['€27.50', '€27.00']);
    expect(row('Refunded').textContent).toContain('Differs');
    expect(
      within(row('Refunded'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['€5.00', '€0.00']);
    expect(row('Currency').textContent).not.toContain('Differs');
    expect(row('Status').textContent).not.toContain('Differs');
    expect(screen.queryByText('Matches the provider')).toBeNull();
    expect(await seriousViolations(document.body)).toEqual([]);
  });

  it('says when the provider has no payment for it', async () => {
    mockApi({ [URL_KEY]: () => ({ ...matching, atProvider: null, differences: ['missing_at_provider'] }) });
    open();
    expect(await screen.findByText('The provider has no payment for this.')).toBeTruthy();
    expect(screen.getByText(/We booked this payment as paid, but Stripe has no payment for it/)).toBeTruthy();
    expect(
      within(row('Amount'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['€27.50', 'None']);
    expect(await seriousViolations(document.body)).toEqual([]);
  });

  it('finds nothing missing for a payment never made', async () => {
    mockApi({
      [URL_KEY]: () => ({
        ...matching,
        booked: { ...matching.booked, status: 'pending' },
        atProvider: null,
        differences: [],
      }),
    });
    open();
    expect(await screen.findByText('The provider has no payment for this.')).toBeTruthy();
    expect(screen.getByText('Matches the provider')).toBeTruthy();
  });
});
