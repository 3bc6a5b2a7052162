// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrencyBalance } from '#shared/balances.ts';
import type { AppMeta } from '#shared/meta.ts';
import type { Payout } from '#shared/payouts.ts';
import { mockApi, renderPage, seriousViolations } from '#web/test/render.tsx';
import { PayoutForm } from './payout-form.tsx';

// The payout form over a mocked API: after paying out all of one currency, it moves to one still
// available (never "Up to €0.00" with the other currency hidden until a reload).

const meta: AppMeta = { buildId: 'test', demoMode: false, googleSignIn: false, payoutMethods: ['bank'] };
const balance = (currency: 'EUR' | 'GBP', available: number): CurrencyBalance => ({
  currency,
  available,
  pending: 0,
  paidOut: 0,
  requested: 0,
});
const payout: Payout = {
  id: '00000000-0000-4000-8000-0000000000p1',
  amount: 1250,
  currency: 'EUR',
  status: 'requested',
  method: 'bank',
  bankLast4: '3000',
  stripeAccountId: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  sentAt: null,
};

/** The balances as the dashboard holds them; the test swaps them as a refetch would. */
let setBalances: (next: CurrencyBalance[]) => void = () => {};
function Holder() {
  const [balances, set] = useState([balance('EUR', 1250), balance('GBP', 2400)]);
  setBalances = set;
  return <PayoutForm balances={balances} />;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Ask for all of the euros to a bank account, and see it requested. */
async function payOutAllEuros(user: ReturnType<typeof userEvent.setup>) {
  expect(await screen.findByText('Up to €12.50.')).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Pay out all €12.50' }));
  await user.type(screen.getByRole('textbox', { name: /Account holder/ }), 'Tess Traveler');
  await user.type(screen.getByRole('textbox', { name: /IBAN/ }), 'DE89370400440532013000');
  await user.click(screen.getByRole('button', { name: 'Request payout' }));
  expect(await screen.findByText(/Payout of €12.50 requested/)).toBeTruthy();
}

describe('PayoutForm', () => {
  it('moves to the currency still available once one is paid out in full', async () => {
    const calls = mockApi({ 'GET /api/meta': () => meta, 'POST /api/payouts': () => payout });
    const { container } = renderPage(<Holder />, { url: '/user/dashboard' });
    await payOutAllEuros(userEvent.setup());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ amount: 1250, currency: 'EUR' });

    // Refetched after the request, without the euros.
    act(() => setBalances([balance('GBP', 2400)]));
    await waitFor(() => expect(screen.getByText('Up to £24.00.')).toBeTruthy());
    expect(screen.getByRole('textbox', { name: /Amount \(GBP\)/ })).toBeTruthy();
    expect(screen.queryByText(/€0\.00/)).toBeNull();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('moves there too when the refetch lands before the request has settled', async () => {
    mockApi({
      'GET /api/meta': () => meta,
      // The dashboard's balance query is refetched before the mutation's promise resolves.
      'POST /api/payouts': async () => {
        act(() => setBalances([balance('GBP', 2400)]));
        await new Promise((resolve) => setTimeout(resolve, 20));
        return payout;
      },
    });
    renderPage(<Holder />, { url: '/user/dashboard' });
    await payOutAllEuros(userEvent.setup());
    await waitFor(() => expect(screen.getByText('Up to £24.00.')).toBeTruthy());
    expect(screen.getByRole('textbox', { name: /Amount \(GBP\)/ })).toBeTruthy();
    expect(screen.queryByText(/€0\.00/)).toBeNull();
  });
});
