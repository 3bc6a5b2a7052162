import { queryOptions } from '@tanstack/react-query';
import type { AppMeta } from '#shared/meta.ts';
import { http } from '#web/lib/http.ts';

// What the server says about itself (`/api/meta`, server module `meta`): read by the route gate, the
// account pages, the payout form and the diagnostics (docs/decisions/0037-one-web-data-layer.md).

export const metaKeys = {
  all: ['meta'] as const,
  app: () => [...metaKeys.all, 'app'] as const,
};

export const metaQueries = {
  /** GET /api/meta: fixed for the life of the server process, so read once. */
  app: () =>
    queryOptions({
      queryKey: metaKeys.app(),
      queryFn: ({ signal }) => http<AppMeta>('/api/meta', { signal }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
