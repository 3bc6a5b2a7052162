import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BellPlus } from 'lucide-react';
import { useLocation } from 'react-router';
import type { RouteAlertKind } from '#shared/route-alerts.ts';
import { routeAlertKeys, saveRouteAlert } from '#web/api/route-alerts.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';
import { errorMessage } from '#web/lib/errors/describe-error.ts';
import { useSession } from '#web/lib/session.ts';
import { showToast } from '#web/lib/toasts.ts';

/**
 * "Alert me" on a listing between two cities (docs/product.md §3.5): saves the search as a route
 * alert for a member; a visitor signs up first and comes back to this listing.
 */
export function AlertMe({
  kind,
  search,
  route,
}: {
  kind: RouteAlertKind;
  /** The listing's cities (slugs) and days, as its address holds them. */
  search: { from: string; to: string; after?: string | undefined; before?: string | undefined };
  /** "Paris → Berlin", for the words. */
  route: string;
}) {
  const session = useSession();
  const location = useLocation();
  const client = useQueryClient();
  const noun = kind === 'packages' ? 'packages' : 'trips';
  const save = useMutation({
    mutationFn: () => saveRouteAlert({ kind, ...search }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: routeAlertKeys.all });
      showToast(`Alert saved: we will tell you of new ${noun} from ${route}.`, 'success');
    },
    onError: (error) => showToast(errorMessage(error), 'error'),
  });
  if (session.isPending) return null;
  if (!session.data) {
    const back = `${location.pathname}${location.search}`;
    return (
      <p className="text-sm text-slate-700">
        <TextLink to={`/auth/register?redirect=${encodeURIComponent(back)}`}>Sign up</TextLink> to hear of new {noun} on
        this route.
      </p>
    );
  }
  return (
    <Button variant="secondary" disabled={save.isPending} onClick={() => save.mutate()}>
      <BellPlus aria-hidden="true" className="size-4" />
      Alert me of new {noun} on this route
    </Button>
  );
}
