import { queryOptions } from '@tanstack/react-query';
import type { PublicSettings } from '#shared/settings.ts';
import { http } from '#web/lib/http.ts';

// The limits and fee the server applies (`/api/settings/public`, server module `settings`), so forms
// validate and price a package exactly as the server will
// (docs/decisions/0037-one-web-data-layer.md).

export const settingsKeys = {
  all: ['settings'] as const,
  public: () => [...settingsKeys.all, 'public'] as const,
};

export const settingsQueries = {
  /**
   * GET /api/settings/public: changed rarely, but an administrator's change (a fee, the maintenance
   * notice) should reach open pages within half a minute, or at once on returning to the tab.
   */
  public: () =>
    queryOptions({
      queryKey: settingsKeys.public(),
      queryFn: ({ signal }) => http<PublicSettings>('/api/settings/public', { signal }),
      staleTime: 30_000,
    }),
};
