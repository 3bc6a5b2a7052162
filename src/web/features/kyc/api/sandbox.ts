import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SandboxCheck, SandboxDecision } from '#shared/kyc.ts';
import { kycKeys } from '#web/components/identity-check/queries.ts';
import { http } from '#web/lib/http.ts';

const sandboxKeys = {
  check: (token: string) => [...kycKeys.all, 'sandbox', token] as const,
  decide: (token: string) => [...kycKeys.all, 'sandbox', token, 'decide'] as const,
};

/** GET /api/kyc/sandbox/{token}: the embedded provider's check behind its page. */
export function useSandboxCheck(token: string) {
  return useQuery({
    queryKey: sandboxKeys.check(token),
    queryFn: () => http<SandboxCheck>(`/api/kyc/sandbox/${encodeURIComponent(token)}`),
    retry: false,
  });
}

export function useSandboxDecision(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: sandboxKeys.decide(token),
    mutationFn: (decision: SandboxDecision) =>
      http<{ redirectTo: string }>(`/api/kyc/sandbox/${encodeURIComponent(token)}/decision`, {
        method: 'POST',
        body: decision,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: kycKeys.all }),
  });
}
