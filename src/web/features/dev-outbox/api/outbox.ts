import { useQuery } from '@tanstack/react-query';
import { devOutboxQueries } from '#web/api/dev-outbox.ts';

/** GET /api/dev/outbox (demo mode only): the newest e-mails and text messages, newest first. */
export function useOutbox(to: string | null) {
  return useQuery({
    ...devOutboxQueries.list(to ? { to } : {}),
    // Someone waiting for an e-mail comes back to this tab: show what arrived meanwhile.
    refetchOnWindowFocus: 'always',
  });
}
