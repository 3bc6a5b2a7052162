// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '#shared/auth.ts';
import type { KycState } from '#shared/kyc.ts';
import { member as memberFixture } from '#web/test/members.ts';
import { apiError, MockResponse, mockApi, never, renderPage, seriousViolations } from '#web/test/render.tsx';
import { IdentityCheckCard } from './identity-check-card.tsx';

// The identity check's card over a mocked API: each state, and the KYC rules holding the next start
// back (it says from when, and where to ask for help) instead of a button the server would refuse.

const member = memberFixture({
  name: 'Mia Member',
  email: 'mia@example.test',
  phoneNumber: '+33612345678',
  phoneNumberVerified: true,
  kycStatus: 'declined',
});
const state = (over: Partial<KycState> = {}): KycState => ({
  status: 'declined',
  reasons: ['The photo is blurred'],
  attempt: null,
  returnTo: null,
  canStart: true,
  startableAt: null,
  ...over,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = (me: Me = member) =>
  renderPage(<IdentityCheckCard me={me} />, { url: '/user/profile/my-profile', title: 'My profile' });

describe('IdentityCheckCard', () => {
  it('asks for the mobile number first', () => {
    mockApi({ 'GET /api/kyc': never });
    open({ ...member, phoneNumberVerified: false, kycStatus: 'not_started' });
    expect(screen.getByText(/Confirm your mobile number first/)).toBeTruthy();
  });

  it('shows a loading state, then an error with a retry', async () => {
    mockApi({ 'GET /api/kyc': never });
    const { container } = open();
    expect(screen.getByRole('status', { name: 'Loading your identity check' })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
    cleanup();
    mockApi({ 'GET /api/kyc': () => apiError(500, 'INTERNAL') });
    open();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('offers another try after a decline, with the reason', async () => {
    mockApi({ 'GET /api/kyc': () => state() });
    const { container } = open();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByText('The photo is blurred')).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says from when the next check may start while the rules hold it back, with no button to press', async () => {
    mockApi({ 'GET /api/kyc': () => state({ canStart: false, startableAt: '2026-03-21T09:00:00.000Z' }) });
    const { container } = open();
    const hold = await screen.findByTestId('identity-check-hold');
    expect(hold.textContent).toMatch(/You can start another check from .*2026/);
    expect(screen.getByRole('link', { name: 'Write to our team' }).getAttribute('href')).toBe('/need-help');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('shows the server’s refusal when a start is held back meanwhile', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/kyc': () => state(),
      'POST /api/kyc/start': () =>
        new MockResponse(429, {
          error: {
            code: 'KYC_TOO_MANY_ATTEMPTS',
            message: 'Too many',
            params: { until: '2026-03-21T09:00:00.000Z' },
            requestId: 'test',
          },
        }),
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/as many identity checks as we allow in 30 days/)).toBeTruthy();
  });
});
