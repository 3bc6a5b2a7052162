// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Payment } from '#shared/payments.ts';
import { mockApi, renderPage, seriousViolations } from '#web/test/render.tsx';
import PaymentCallbackPage from './payment-callback-page.tsx';

// The payment's return page over a mocked API, opened again after the package has moved on: it says
// where the package and its money are now, and offers travelers only while the package looks for one.

const PKG = '00000000-0000-4000-8000-0000000000a1';
const payment: Payment = {
  id: '00000000-0000-4000-8000-000000000001',
  packageId: PKG,
  kind: 'package',
  status: 'succeeded',
  provider: 'sandbox',
  amount: 2750,
  reward: 2500,
  fee: 250,
  currency: 'EUR',
  refundedAmount: 0,
  failureReason: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(status: string) {
  mockApi({
    [`GET /api/packages/${PKG}/payments/latest`]: () => payment,
    [`GET /api/packages/${PKG}`]: () => ({ id: PKG, status, visibility: 'full' }),
  });
  return renderPage(<PaymentCallbackPage />, {
    path: '/user/packages/:package_id/payment/callback',
    url: `/user/packages/${PKG}/payment/callback`,
    title: 'Payment',
  });
}

describe('PaymentCallbackPage, paid', () => {
  it('offers travelers while the package is open', async () => {
    const { container } = open('open');
    const result = await screen.findByTestId('payment-result');
    expect(await within(result).findByText(/Your package is published/)).toBeTruthy();
    expect(within(result).getByRole('link', { name: 'Find a traveler' })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says a completed package is completed and its money released, with no search for a traveler', async () => {
    open('completed');
    const result = await screen.findByTestId('payment-result');
    const text = await within(result).findByText(/Your package is completed now\./);
    expect(text.textContent).toContain('Completed: the reward was released to the traveler.');
    expect(text.textContent).not.toMatch(/published|until the package is delivered/);
    expect(within(result).queryByRole('link', { name: 'Find a traveler' })).toBeNull();
    expect(within(result).getByRole('link', { name: 'See the package' })).toBeTruthy();
  });
});
