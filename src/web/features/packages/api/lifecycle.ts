import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dispute, HandoverCode, OpenDispute } from '#shared/lifecycle.ts';
import type { HandoffStep, PackageView } from '#shared/packages.ts';
import type { PackageReviewState, WriteReview } from '#shared/reviews.ts';
import { packageKeys, packageQueries } from '#web/api/packages.ts';
import { paymentKeys } from '#web/api/payments.ts';
import { errorStatus } from '#web/lib/errors/describe-error.ts';
import { http } from '#web/lib/http.ts';
import { packageMutationKeys } from './package-keys.ts';

// The delivery lifecycle on the package page (docs/product.md §2): the handover codes, the
// sender's confirmation, the traveler's withdrawal, disputes and reviews. Each move answers with the
// package as the caller now sees it, which replaces the page's copy at once.

const path = (id: string) => `/api/packages/${encodeURIComponent(id)}`;

export type CodeKind = 'pickup' | 'delivery';

/** A package moved on: its page, its lists, its codes and its money line are all new. */
async function afterMove(client: QueryClient, view: PackageView) {
  client.setQueryData(packageKeys.detail(view.id), view);
  await Promise.all([
    client.invalidateQueries({ queryKey: packageKeys.lists() }),
    client.invalidateQueries({ queryKey: packageKeys.codes(view.id) }),
    client.invalidateQueries({ queryKey: paymentKeys.latest(view.id) }),
  ]);
}

/** GET /api/packages/{id}/codes: the pickup code until the pickup, the delivery code until the delivery (sender). */
export function usePackageCodes(id: string, enabled: boolean) {
  return useQuery({ ...packageQueries.codes(id), enabled });
}

/**
 * POST /api/packages/{id}/pickup | deliver with the code the traveler typed. A wrong code is counted
 * on the server; once the step locks (429), the package is read again for its lock time.
 */
export function useEnterCode(id: string, kind: CodeKind) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: packageMutationKeys.move(id, kind),
    mutationFn: (body: HandoverCode) =>
      http<PackageView>(`${path(id)}/${kind === 'pickup' ? 'pickup' : 'deliver'}`, { method: 'POST', body }),
    onSuccess: (view) => afterMove(client, view),
    onError: async (err) => {
      if (errorStatus(err) === 429) await client.invalidateQueries({ queryKey: packageKeys.detail(id) });
    },
  });
}

/** POST /api/packages/{id}/delivery-code/sms: the delivery code, texted to the recipient (sender). */
export function useSendDeliveryCode(id: string) {
  return useMutation({
    mutationKey: packageMutationKeys.move(id, 'delivery-code-sms'),
    mutationFn: async () => {
      await http(`${path(id)}/delivery-code/sms`, { method: 'POST' });
    },
  });
}

/** POST /api/packages/{id}/confirm: the sender confirms the delivery; the reward goes to the traveler. */
export function useConfirmDelivery(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: packageMutationKeys.move(id, 'confirm'),
    mutationFn: () => http<PackageView>(`${path(id)}/confirm`, { method: 'POST' }),
    onSuccess: async (view) => {
      await afterMove(client, view);
      await client.invalidateQueries({ queryKey: packageKeys.review(id) });
    },
  });
}

/** POST /api/packages/{id}/withdraw-traveler: the traveler gives the package back before the pickup. */
export function useWithdrawAsTraveler(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: packageMutationKeys.move(id, 'withdraw-traveler'),
    mutationFn: () => http<PackageView>(`${path(id)}/withdraw-traveler`, { method: 'POST' }),
    onSuccess: (view) => afterMove(client, view),
  });
}

/** GET /api/packages/{id}/dispute: the package's latest dispute (its two members, admins). */
export function useDispute(id: string, enabled: boolean) {
  return useQuery({ ...packageQueries.dispute(id), enabled });
}

/** POST /api/packages/{id}/dispute: the money stays held until an admin decides. */
export function useOpenDispute(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: packageMutationKeys.move(id, 'dispute'),
    mutationFn: (body: OpenDispute) => http<Dispute>(`${path(id)}/dispute`, { method: 'POST', body }),
    onSuccess: async (dispute) => {
      client.setQueryData(packageKeys.dispute(id), dispute);
      await Promise.all([
        client.invalidateQueries({ queryKey: packageKeys.detail(id) }),
        client.invalidateQueries({ queryKey: packageKeys.lists() }),
      ]);
    },
  });
}

/**
 * POST /api/packages/{id}/dispute/evidence (multipart): words and/or photos, by a party. The answer
 * is the dispute's new timeline, which replaces the cached one.
 */
export function useAddEvidence(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: packageMutationKeys.move(id, 'evidence'),
    mutationFn: ({ text, photos }: { text?: string | undefined; photos: File[] }) => {
      const form = new FormData();
      if (text) form.append('text', text);
      for (const photo of photos) form.append('photo', photo);
      return http<Dispute>(`${path(id)}/dispute/evidence`, { method: 'POST', body: form });
    },
    onSuccess: (dispute) => client.setQueryData(packageKeys.dispute(id), dispute),
  });
}

/** POST /api/packages/{id}/handoff-photo?step=: the traveler's photo of the handover just made. */
export function useAddHandoffPhoto(id: string, step: HandoffStep) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: packageMutationKeys.move(id, `handoff-photo-${step}`),
    mutationFn: (photo: File) => {
      const form = new FormData();
      form.append('photo', photo);
      return http<PackageView>(`${path(id)}/handoff-photo`, { method: 'POST', query: { step }, body: form });
    },
    onSuccess: (view) => client.setQueryData(packageKeys.detail(view.id), view),
  });
}

/** GET /api/packages/{id}/review: may I review, mine, and theirs once revealed. */
export function useReviewState(id: string, enabled: boolean) {
  return useQuery({ ...packageQueries.review(id), enabled });
}

/** POST /api/packages/{id}/review: once per member and package. */
export function useWriteReview(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: packageMutationKeys.move(id, 'review'),
    mutationFn: (body: WriteReview) => http<PackageReviewState>(`${path(id)}/review`, { method: 'POST', body }),
    onSuccess: async (state) => {
      client.setQueryData(packageKeys.review(id), state);
      // The package's own actions lose "review".
      await client.invalidateQueries({ queryKey: packageKeys.detail(id) });
    },
  });
}
