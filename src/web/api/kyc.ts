import { queryOptions } from '@tanstack/react-query';
import type { KycState, SandboxCheck } from '#shared/kyc.ts';
import { http } from '#web/lib/http.ts';

// The identity check (`/api/kyc…`, server module `kyc`): its state, read by the profile's onboarding
// step and the provider's return page, and the embedded provider's check behind its page
// (docs/decisions/0037-one-web-data-layer.md).

export const kycKeys = {
  all: ['kyc'] as const,
  state: () => [...kycKeys.all, 'state'] as const,
  sandbox: (token: string) => [...kycKeys.all, 'sandbox', token] as const,
};

export const kycQueries = {
  /** GET /api/kyc: where my identity check stands. */
  state: () =>
    queryOptions({
      queryKey: kycKeys.state(),
      queryFn: ({ signal }) => http<KycState>('/api/kyc', { signal }),
    }),

  /** GET /api/kyc/sandbox/{token}: the embedded provider's check behind its page. */
  sandbox: (token: string) =>
    queryOptions({
      queryKey: kycKeys.sandbox(token),
      queryFn: ({ signal }) => http<SandboxCheck>(`/api/kyc/sandbox/${encodeURIComponent(token)}`, { signal }),
      retry: false,
    }),
};
