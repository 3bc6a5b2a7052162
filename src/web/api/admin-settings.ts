import { queryOptions } from '@tanstack/react-query';
import type { AdminSettings, AdminSettingsChange } from '#shared/admin-settings.ts';
import { http } from '#web/lib/http.ts';

// The back office's system settings (`/api/admin/settings`, docs/product.md §10): what is in force,
// and a change. A change also refreshes the public settings every page prices and warns with.

export const adminSettingsKeys = {
  all: ['admin', 'settings'] as const,
};

export const adminSettingsQueries = {
  /** GET /api/admin/settings: every setting, its default and its last change. */
  all: () =>
    queryOptions({
      queryKey: adminSettingsKeys.all,
      queryFn: ({ signal }) => http<AdminSettings>('/api/admin/settings', { signal }),
    }),
};

/** PATCH /api/admin/settings: the changed settings and the reason; answers them all as now in force. */
export const changeSettings = (change: AdminSettingsChange) =>
  http<AdminSettings>('/api/admin/settings', { method: 'PATCH', body: change });
