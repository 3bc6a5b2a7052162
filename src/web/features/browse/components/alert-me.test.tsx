// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { member } from '#web/test/members.ts';
import { apiError, mockApi, renderPage } from '#web/test/render.tsx';
import { AlertMe } from './alert-me.tsx';

// "Alert me" on a listing between two cities: a member saves the search, a visitor signs up first.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const search = { from: 'paris-fr', to: 'berlin-de', after: '2026-12-01', before: undefined };
const url = '/packages?from=paris-fr&to=berlin-de&after=2026-12-01';

describe('AlertMe', () => {
  it('saves the listing’s route and days as an alert for a member, once per click', async () => {
    const calls = mockApi({
      'GET /api/auth/session': () => ({ user: member() }),
      'POST /api/route-alerts': () => ({ id: 'a' }),
    });
    renderPage(<AlertMe kind="packages" search={search} route="Paris → Berlin" />, { url, path: '/packages' });
    await userEvent.click(await screen.findByRole('button', { name: 'Alert me of new packages on this route' }));
    expect(await screen.findByText('Alert saved: we will tell you of new packages from Paris → Berlin.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { kind: 'packages', from: 'paris-fr', to: 'berlin-de', after: '2026-12-01' },
    ]);
  });

  it('says why it could not save', async () => {
    mockApi({
      'GET /api/auth/session': () => ({ user: member() }),
      'POST /api/route-alerts': () => apiError(409, 'ROUTE_ALERT_LIMIT'),
    });
    renderPage(<AlertMe kind="trips" search={search} route="Paris → Berlin" />, { url, path: '/packages' });
    await userEvent.click(await screen.findByRole('button', { name: 'Alert me of new trips on this route' }));
    expect(await screen.findByText(/delete one you no longer need/)).toBeTruthy();
  });

  it('sends a visitor through sign-up and back to this listing', async () => {
    mockApi({ 'GET /api/auth/session': () => ({ user: null }) });
    renderPage(<AlertMe kind="packages" search={search} route="Paris → Berlin" />, { url, path: '/packages' });
    const link = await screen.findByRole('link', { name: 'Sign up' });
    expect(link.getAttribute('href')).toBe(`/auth/register?redirect=${encodeURIComponent(url)}`);
  });
});
