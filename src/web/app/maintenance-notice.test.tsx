// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings, publicSettingsSchema } from '#shared/settings.ts';
import { apiError, mockApi, renderPage, seriousViolations } from '#web/test/render.tsx';
import { MaintenanceNotice } from './maintenance-notice.tsx';

// The administrators' notice on every page: shown while switched on with a text, and nothing
// otherwise, even when the settings cannot be read.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const publicSettings = (over: object) => ({ ...publicSettingsSchema.parse(defaultSettings), ...over });
const page = () =>
  renderPage(
    <>
      <MaintenanceNotice />
      <main>
        <p>The page</p>
      </main>
    </>,
    { url: '/' },
  );

describe('MaintenanceNotice', () => {
  it('shows the notice while it is on', async () => {
    mockApi({
      'GET /api/settings/public': () =>
        publicSettings({ maintenanceOn: true, maintenanceText: 'Payments pause tonight.' }),
    });
    const { container } = page();
    const notice = await screen.findByRole('complementary', { name: 'Service notice' });
    expect(notice.textContent).toBe('Payments pause tonight.');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('shows nothing while it is off, whatever its text', async () => {
    mockApi({
      'GET /api/settings/public': () => publicSettings({ maintenanceOn: false, maintenanceText: 'Old news' }),
    });
    page();
    await screen.findByText('The page');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(screen.queryByText('Old news')).toBeNull();
  });

  it('shows nothing when the settings cannot be read', async () => {
    const calls = mockApi({ 'GET /api/settings/public': () => apiError(500, 'INTERNAL') });
    page();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});
