import { useQuery } from '@tanstack/react-query';
import type { DevOutbox } from '#shared/dev-outbox.ts';
import { http } from '#web/lib/http.ts';

export const devOutboxKeys = {
  all: ['dev-outbox'] as const,
  list: (to: string | null) => ['dev-outbox', 'list', to ?? ''] as const,
};

/** GET /api/dev/outbox (demo mode only): the newest e-mails and text messages, newest first. */
export function useOutbox(to: string | null) {
  return useQuery({
    queryKey: devOutboxKeys.list(to),
    queryFn: () => http<DevOutbox>('/api/dev/outbox', { query: to ? { to } : undefined }),
    // Someone waiting for an e-mail comes back to this tab: show what arrived meanwhile.
    refetchOnWindowFocus: 'always',
  });
}
