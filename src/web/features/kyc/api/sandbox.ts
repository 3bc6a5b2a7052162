import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SandboxDecision } from '#shared/kyc.ts';
import { kycKeys, kycQueries } from '#web/api/kyc.ts';
import { http } from '#web/lib/http.ts';

/** GET /api/kyc/sandbox/{token}: the embedded provider's check behind its page. */
export function useSandboxCheck(token: string) {
  return useQuery(kycQueries.sandbox(token));
}

export function useSandboxDecision(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...kycKeys.sandbox(token), 'decide'],
    mutationFn: (decision: SandboxDecision) =>
      http<{ redirectTo: string }>(`/api/kyc/sandbox/${encodeURIComponent(token)}/decision`, {
        method: 'POST',
        body: decision,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: kycKeys.all }),
  });
}
