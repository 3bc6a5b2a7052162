import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { placeSlug } from '#shared/place-slug.ts';
import type { RouteAlert } from '#shared/route-alerts.ts';
import { deleteRouteAlert, routeAlertKeys, routeAlertQueries } from '#web/api/route-alerts.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog/confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';
import { errorMessage } from '#web/lib/errors/describe-error.ts';
import { formatDay } from '#web/lib/format.ts';
import { showToast } from '#web/lib/toasts.ts';

/** The listing this alert watches, so the member can look at what is there now. */
function listingOf(alert: RouteAlert): string {
  const params = new URLSearchParams({ from: placeSlug(alert.from), to: placeSlug(alert.to) });
  if (alert.after && !alert.travelPlanId) params.set('after', alert.after);
  if (alert.before && !alert.travelPlanId) params.set('before', alert.before);
  return `/${alert.kind}?${params}`;
}

function days(alert: RouteAlert): string | null {
  if (alert.travelPlanId) return 'Packages that fit your trip';
  if (alert.after && alert.before) return `From ${formatDay(alert.after)} to ${formatDay(alert.before)}`;
  if (alert.after) return `From ${formatDay(alert.after)}`;
  if (alert.before) return `Until ${formatDay(alert.before)}`;
  return null;
}

function AlertCard({ alert }: { alert: RouteAlert }) {
  const client = useQueryClient();
  const route = `${alert.from.city} → ${alert.to.city}`;
  const what = alert.kind === 'packages' ? 'New packages' : 'New trips';
  const when = days(alert);
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-5 sm:flex-row sm:items-center sm:justify-between sm:pt-6">
        <div className="min-w-0">
          <h2 className="break-words font-semibold text-slate-900">
            {what}: {route}
          </h2>
          <p className="text-sm text-slate-600">
            Within {alert.radiusKm} km of each city{when ? ` · ${when}` : ''} · found {alert.found} so far
          </p>
          <TextLink to={listingOf(alert)} className="text-sm">
            See what is listed now<span className="sr-only"> for {route}</span>
          </TextLink>
        </div>
        <ConfirmDialog
          trigger={
            <Button variant="secondary" aria-label={`Delete the alert ${route}`}>
              Delete
            </Button>
          }
          title="Delete this alert?"
          description={`You will no longer hear of ${what.toLowerCase()} from ${route}.`}
          confirmLabel="Delete the alert"
          keepLabel="Keep it"
          onConfirm={async () => {
            try {
              await deleteRouteAlert(alert.id);
            } catch (error) {
              throw new Error(errorMessage(error));
            }
            await client.invalidateQueries({ queryKey: routeAlertKeys.all });
            showToast('Alert deleted.', 'success');
          }}
        />
      </CardContent>
    </Card>
  );
}

/** /user/alerts: the member's saved routes (docs/product.md §3.5). */
export default function RouteAlertsPage() {
  const alerts = useQuery(routeAlertQueries.mine());
  let body: React.ReactNode;
  if (alerts.isPending) body = <Spinner label="Loading your alerts" />;
  else if (alerts.isError)
    body = (
      <ErrorState title="We couldn't load your alerts" onRetry={() => void alerts.refetch()}>
        {errorMessage(alerts.error)}
      </ErrorState>
    );
  else if (alerts.data.items.length === 0)
    body = (
      <EmptyState title="You have no route alerts yet">
        <p>
          Search <TextLink to="/packages">packages to carry</TextLink> or <TextLink to="/trips">trips</TextLink> between
          two cities, then choose “Alert me” to hear of new ones.
        </p>
      </EmptyState>
    );
  else
    body = (
      <ul className="flex flex-col gap-3" aria-label="Your alerts">
        {alerts.data.items.map((alert) => (
          <li key={alert.id}>
            <AlertCard alert={alert} />
          </li>
        ))}
      </ul>
    );
  return (
    <>
      <PageHeader lead="Hear of new packages or trips on the routes you care about: at once in your notifications, and by e-mail at most once a day for each alert when e-mail notifications are on." />
      <p className="mb-4 flex items-center gap-2 text-sm text-slate-600">
        <BellRing aria-hidden="true" className="size-4" />
        Each alert watches a route within a distance of its two cities.
      </p>
      {body}
    </>
  );
}
