import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DevOutbox, devOutboxQuerySchema } from '#shared/dev-outbox.ts';
import { http } from '#web/lib/http.ts';

// What the embedded mail and SMS providers "sent" (`/api/dev/outbox`, server module `dev-outbox`,
// demo mode only) (docs/decisions/0037-one-web-data-layer.md).

/** The query string of GET /api/dev/outbox, as the contract accepts it. */
export type DevOutboxParams = z.input<typeof devOutboxQuerySchema>;

export const devOutboxKeys = {
  all: ['dev-outbox'] as const,
  list: (params: DevOutboxParams) => [...devOutboxKeys.all, 'list', params] as const,
};

export const devOutboxQueries = {
  /** GET /api/dev/outbox: the newest e-mails and text messages, newest first. */
  list: (params: DevOutboxParams) =>
    queryOptions({
      queryKey: devOutboxKeys.list(params),
      queryFn: ({ signal }) => http<DevOutbox>('/api/dev/outbox', { query: params, signal }),
    }),
};
