// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteAlert } from '#shared/route-alerts.ts';
import { member } from '#web/test/members.ts';
import { apiError, mockApi, never, renderPage, seriousViolations } from '#web/test/render.tsx';
import RouteAlertsPage from './route-alerts-page.tsx';

// /user/alerts: a member's saved routes, in its states.

const alert: RouteAlert = {
  id: '33333333-3333-4333-8333-333333333333',
  kind: 'packages',
  from: { label: 'Paris, France', city: 'Paris', countryCode: 'FR', lat: 48.9, lng: 2.3 },
  to: { label: 'Berlin, Germany', city: 'Berlin', countryCode: 'DE', lat: 52.5, lng: 13.4 },
  radiusKm: 50,
  after: '2026-12-01',
  before: null,
  travelPlanId: null,
  found: 2,
  createdAt: '2026-11-20T09:00:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = (handlers: Record<string, (req: { url: URL; body: unknown }) => unknown>) => {
  const calls = mockApi({ 'GET /api/auth/session': () => ({ user: member() }), ...handlers });
  return { calls, ...renderPage(<RouteAlertsPage />, { url: '/user/alerts', title: 'Route alerts' }) };
};

describe('RouteAlertsPage', () => {
  it('shows a spinner, then an error with a retry', async () => {
    open({ 'GET /api/route-alerts': never });
    expect(await screen.findByText('Loading your alerts')).toBeTruthy();
    cleanup();
    open({ 'GET /api/route-alerts': () => apiError(503, 'UNAVAILABLE') });
    expect(await screen.findByRole('heading', { name: "We couldn't load your alerts" })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says how to make one when there is none', async () => {
    const { container } = open({ 'GET /api/route-alerts': () => ({ items: [] }) });
    expect(await screen.findByRole('heading', { name: 'You have no route alerts yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'packages to carry' }).getAttribute('href')).toBe('/packages');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('lists an alert with its route, days and finds, links its listing, and deletes it after asking', async () => {
    let items = [alert];
    const { calls, container } = open({
      'GET /api/route-alerts': () => ({ items }),
      [`DELETE /api/route-alerts/${alert.id}`]: () => {
        items = [];
        return null;
      },
    });
    const list = await screen.findByRole('list', { name: 'Your alerts' });
    expect(within(list).getByRole('heading', { name: 'New packages: Paris → Berlin' })).toBeTruthy();
    expect(list.textContent).toContain('Within 50 km of each city');
    expect(list.textContent).toContain('found 2 so far');
    expect(
      within(list)
        .getByRole('link', { name: /See what is listed now/ })
        .getAttribute('href'),
    ).toBe('/packages?from=paris-fr&to=berlin-de&after=2026-12-01');
    expect(await seriousViolations(container)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete the alert Paris → Berlin' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete the alert' }));
    expect(await screen.findByRole('heading', { name: 'You have no route alerts yet' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });
});
