// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TravelPlan } from '#shared/travel-plans.ts';
import { apiError, mockApi, renderPage, seriousViolations } from '#web/test/render.tsx';
import { TripAlertButton } from './trip-alert-button.tsx';

// "Alert me of new packages" on one of my trips: the trip is saved as a route alert.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const plan = { id: '22222222-2222-4222-8222-222222222222', status: 'active' } as TravelPlan;
const open = () =>
  renderPage(
    <>
      <h2 id="trip-title">Paris → Berlin</h2>
      <TripAlertButton plan={plan} route="Paris → Berlin" describedBy="trip-title" />
    </>,
    { url: '/user/travel-plans' },
  );

describe('TripAlertButton', () => {
  it('saves the trip as an alert, named for its trip', async () => {
    const calls = mockApi({ 'POST /api/route-alerts': () => ({ id: 'a' }) });
    const { container } = open();
    await userEvent.click(screen.getByRole('button', { name: 'Alert me of new packages for Paris → Berlin' }));
    expect(
      await screen.findByText('Alert saved: we will tell you of new packages for your trip Paris → Berlin.'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { kind: 'packages', travelPlanId: plan.id },
    ]);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says why it could not save', async () => {
    mockApi({ 'POST /api/route-alerts': () => apiError(409, 'ROUTE_ALERT_LIMIT') });
    open();
    await userEvent.click(screen.getByRole('button', { name: /Alert me of new packages/ }));
    expect(await screen.findByText(/delete one you no longer need/)).toBeTruthy();
  });
});
