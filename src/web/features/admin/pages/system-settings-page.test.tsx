// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminSettings } from '#shared/admin-settings.ts';
import { defaultSettings } from '#shared/settings.ts';
import { apiError, mockApi, never, renderPage, seriousViolations } from '#web/test/render.tsx';
import SystemSettingsPage from './system-settings-page.tsx';

// The system settings screen over a mocked API: the values with their defaults and last change, a
// save of only what changed with a reason, and what must be fixed first refused before any request.

const ADMIN = { id: '00000000-0000-4000-8000-0000000000a1', name: 'Ada Admin' };
const settings = (over: Partial<AdminSettings> = {}): AdminSettings => ({
  values: { ...defaultSettings, feePercent: 12 },
  defaults: defaultSettings,
  changes: [{ key: 'feePercent', at: '2026-06-01T10:00:00.000Z', by: ADMIN }],
  ...over,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = () => renderPage(<SystemSettingsPage />, { url: '/admin/system-settings', title: 'System settings' });

describe('SystemSettingsPage', () => {
  it('shows a loading state', async () => {
    mockApi({ 'GET /api/admin/settings': never });
    const { container } = open();
    expect(await screen.findByText('Loading the settings…')).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('shows an error with a retry', async () => {
    mockApi({ 'GET /api/admin/settings': () => apiError(500, 'INTERNAL') });
    open();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows every setting with its default and who changed it last', async () => {
    mockApi({ 'GET /api/admin/settings': () => settings() });
    const { container } = open();
    const fee = await screen.findByRole('textbox', { name: 'Fee (%)' });
    expect((fee as HTMLInputElement).value).toBe('12');
    expect(fee.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/Default: 10 %\. Changed .* by Ada Admin\./)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Minimum fee' }) as HTMLInputElement).value).toBe('1.00');
    expect(screen.getByRole('checkbox', { name: 'Show the notice on every page' })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('saves only what changed, with the reason, and shows the values in force', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'GET /api/admin/settings': () => settings(),
      'PATCH /api/admin/settings': ({ body }) => {
        const { values } = body as { values: Partial<AdminSettings['values']> };
        return settings({ values: { ...settings().values, ...values } });
      },
    });
    open();
    const fee = await screen.findByRole('textbox', { name: 'Fee (%)' });
    await user.clear(fee);
    await user.type(fee, '15');
    await user.click(screen.getByRole('checkbox', { name: 'Show the notice on every page' }));
    await user.type(screen.getByRole('textbox', { name: 'Notice' }), 'Payments pause tonight.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('dialog');
    expect(await seriousViolations(dialog)).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'New pricing from June');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({
      values: { feePercent: 15, maintenanceOn: true, maintenanceText: 'Payments pause tonight.' },
      reason: 'New pricing from June',
    });
    expect(await screen.findByText('Settings saved. They are in force now.')).toBeTruthy();
  });

  it('marks what must be fixed and opens no dialog: a bad number, a minimum above its maximum, nothing changed', async () => {
    const user = userEvent.setup();
    const calls = mockApi({ 'GET /api/admin/settings': () => settings() });
    open();
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing has changed yet.')).toBeTruthy();

    const lowest = screen.getByRole('textbox', { name: 'Lowest reward' });
    await user.clear(lowest);
    await user.type(lowest, '2000');
    const fee = screen.getByRole('textbox', { name: 'Fee (%)' });
    await user.clear(fee);
    await user.type(fee, 'ten');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/need fixing first/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fee.getAttribute('aria-invalid')).toBe('true');

    await user.clear(fee);
    await user.type(fee, '12');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Must be at least the minimum')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Highest reward' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('changes the verification rules: senders without the identity check, fewer checks a month', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'GET /api/admin/settings': () => settings(),
      'PATCH /api/admin/settings': ({ body }) => {
        const { values } = body as { values: Partial<AdminSettings['values']> };
        return settings({ values: { ...settings().values, ...values } });
      },
    });
    open();
    const rule = await screen.findByRole('checkbox', { name: 'Senders need a verified profile' });
    expect((rule as HTMLInputElement).checked).toBe(true);
    await user.click(rule);
    const attempts = screen.getByRole('textbox', { name: 'Identity checks per member' });
    expect((attempts as HTMLInputElement).value).toBe('5');
    await user.clear(attempts);
    await user.type(attempts, '3');
    const wait = screen.getByRole('textbox', { name: /Wait after a declined check/ });
    await user.clear(wait);
    await user.type(wait, '1000');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/need fixing first/)).toBeTruthy();
    expect(wait.getAttribute('aria-invalid')).toBe('true');

    await user.clear(wait);
    await user.type(wait, '24');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Launch in a new market');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      values: { sendersNeedVerifiedProfile: false, kycAttemptsPer30Days: 3, kycRetryHours: 24 },
      reason: 'Launch in a new market',
    });
  });
});
