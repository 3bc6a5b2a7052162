import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StartKyc } from '#shared/kyc.ts';
import { notificationEventName, notificationItemSchema } from '#shared/notifications.ts';
import { kycKeys, kycQueries } from '#web/api/kyc.ts';
import { http } from '#web/lib/http.ts';
import { useLiveEvent } from '#web/lib/live-events.ts';
import { refreshSessionEverywhere } from '#web/lib/session.ts';

// The identity check is started from the profile (the onboarding step) and from the return page
// (retry), so its hooks live here rather than in one feature; what they read is keyed in
// #web/api/kyc.ts.

const startKycKey = [...kycKeys.all, 'start'] as const;

/** GET /api/kyc; `pollMs` keeps it fresh while a result is awaited. */
export function useKycState(options: { pollMs?: number | false } = {}) {
  return useQuery({ ...kycQueries.state(), refetchInterval: options.pollMs ?? false });
}

/** Starts (or retries) the check, then leaves for the provider's page. */
export function useStartKyc() {
  return useMutation({
    mutationKey: startKycKey,
    mutationFn: (input: StartKyc) => http<{ url: string }>('/api/kyc/start', { method: 'POST', body: input }),
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
  });
}

/** A result arrives as a notification: refresh the check and the session (verifiedProfile) at once. */
export function useKycLiveUpdates() {
  const client = useQueryClient();
  useLiveEvent(notificationEventName, notificationItemSchema, (n) => {
    if (!n.type.startsWith('kyc_')) return;
    void client.invalidateQueries({ queryKey: kycKeys.state() });
    void refreshSessionEverywhere(client);
  });
}
