import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCancelPackage, AdminPackageDetail } from '#shared/admin-packages.ts';
import type { Dispute, ResolveDispute } from '#shared/lifecycle.ts';
import { adminPackageKeys } from '#web/api/admin-packages.ts';
import { packageKeys } from '#web/api/packages.ts';
import { http } from '#web/lib/http.ts';

// What an administrator does to a package from its record: cancel it with the policy's refund, or
// resolve its dispute. Either moves its status and money: the record, every admin list and the
// member-side copy of the package are read again.

const path = (id: string) => `/api/admin/packages/${encodeURIComponent(id)}`;

function useAfterAction(id: string) {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: adminPackageKeys.detail(id) }),
      client.invalidateQueries({ queryKey: adminPackageKeys.lists() }),
      client.invalidateQueries({ queryKey: packageKeys.one(id) }),
    ]);
  };
}

/** POST /api/admin/packages/{id}/cancel with the reason for the audit log. */
export function useCancelPackage(id: string) {
  const after = useAfterAction(id);
  return useMutation({
    mutationFn: (body: AdminCancelPackage) => http<AdminPackageDetail>(`${path(id)}/cancel`, { method: 'POST', body }),
    onSuccess: after,
  });
}

/** POST /api/admin/packages/{id}/dispute/resolve: refund the sender (fully or partly) or release. */
export function useResolveDispute(id: string) {
  const after = useAfterAction(id);
  return useMutation({
    mutationFn: (body: ResolveDispute) => http<Dispute>(`${path(id)}/dispute/resolve`, { method: 'POST', body }),
    onSuccess: after,
  });
}
