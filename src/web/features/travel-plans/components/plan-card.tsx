import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { TravelPlan } from '#shared/travel-plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { formatDate } from '#web/lib/format.ts';
import { showToast } from '#web/lib/toasts.ts';
import { CancelPlanDialog } from './cancel-plan-dialog.tsx';
import { PlanStatusBadge } from './plan-status-badge.tsx';
import { TravelPlanForm } from './travel-plan-form.tsx';
import { TripAlertButton } from './trip-alert-button.tsx';
import { hasLeft, TripFacts, tripRoute } from './trip-facts.tsx';

export const choosePackageHref = (planId: string) =>
  `/user/packages/carry-a-package/choose-your-package?${new URLSearchParams({ plan: planId })}`;

/** One of my trips: what, when, how much room; for an active one, find packages (until it leaves), edit or cancel it. */
export function PlanCard({ plan, focusOnMount = false }: { plan: TravelPlan; focusOnMount?: boolean }) {
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (focusOnMount) title.current?.focus();
  }, [focusOnMount]);

  const active = plan.status === 'active';
  return (
    <article aria-labelledby={titleId}>
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <CardTitle id={titleId} ref={title} tabIndex={-1} className="focus:outline-none">
              {tripRoute(plan)}
            </CardTitle>
            <PlanStatusBadge status={plan.status} />
          </div>
          <p className="text-sm text-slate-600">
            {plan.origin.label} to {plan.destination.label}
          </p>
        </CardHeader>
        <CardContent>
          {editing ? (
            <TravelPlanForm
              plan={plan}
              label={`Edit trip ${tripRoute(plan)}`}
              onSaved={() => {
                setEditing(false);
                showToast('Your trip is saved.', 'success');
                requestAnimationFrame(() => editButton.current?.focus());
              }}
              onDiscard={() => {
                setEditing(false);
                requestAnimationFrame(() => editButton.current?.focus());
              }}
            />
          ) : (
            <>
              <TripFacts plan={plan} />
              {plan.notes ? <p className="mt-3 text-sm whitespace-pre-line text-slate-700">{plan.notes}</p> : null}
            </>
          )}
        </CardContent>
        {active && !editing ? (
          <CardFooter>
            {/* A trip that has left stays active until it is over, but can pick nothing up. */}
            {hasLeft(plan) ? null : (
              <Button asChild>
                <Link to={choosePackageHref(plan.id)} aria-describedby={titleId}>
                  <Search aria-hidden="true" className="size-4" />
                  Find packages
                  {/* Each card's link names its own trip: a list of them reads apart by screen reader. */}
                  <span className="sr-only">
                    {' '}
                    for {tripRoute(plan)}, leaving {formatDate(plan.departureAt)}
                  </span>
                </Link>
              </Button>
            )}
            {hasLeft(plan) ? null : <TripAlertButton plan={plan} route={tripRoute(plan)} describedBy={titleId} />}
            <Button ref={editButton} variant="secondary" aria-describedby={titleId} onClick={() => setEditing(true)}>
              Edit
            </Button>
            <CancelPlanDialog plan={plan} describedBy={titleId} />
          </CardFooter>
        ) : null}
      </Card>
    </article>
  );
}
