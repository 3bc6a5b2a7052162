import { Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirectTarget } from '#shared/routes.ts';
import { type TravelPlan, type TravelPlanStatus, travelPlanStatuses } from '#shared/travel-plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { showToast } from '#web/lib/toasts.ts';
import { useSearchedRoute } from '../api/searched-route.ts';
import { NoTravelPlans, PlanList } from '../components/plan-list.tsx';
import { TravelPlanForm } from '../components/travel-plan-form.tsx';
import { tripRoute } from '../components/trip-facts.tsx';

const tabLabel: Record<TravelPlanStatus, string> = { active: 'Active', completed: 'Completed', cancelled: 'Cancelled' };
const isStatus = (value: string | null): value is TravelPlanStatus =>
  (travelPlanStatuses as readonly (string | null)[]).includes(value);

/** /user/packages/carry-a-package: my trips (active first), add, edit, cancel, and find packages for one. */
export default function CarryAPackagePage() {
  const [params, setParams] = useSearchParams();
  const status: TravelPlanStatus = isStatus(params.get('status'))
    ? (params.get('status') as TravelPlanStatus)
    : 'active';
  // A route searched on the home page opens the form with those cities.
  const searchedFrom = params.get('from') ?? '';
  const searchedTo = params.get('to') ?? '';
  const searched = useSearchedRoute(searchedFrom, searchedTo);
  const [adding, setAdding] = useState(Boolean(searchedFrom || searchedTo));
  const [savedId, setSavedId] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);

  const openForm = () => {
    setAdding(true);
    setSavedId(null);
  };
  useEffect(() => {
    if (adding && searched.ready) formHeading.current?.focus();
  }, [adding, searched.ready]);

  const closeForm = () => {
    setAdding(false);
    if (searchedFrom || searchedTo) {
      const next = new URLSearchParams(params);
      next.delete('from');
      next.delete('to');
      setParams(next, { replace: true });
    }
  };

  // Added for a package seen elsewhere (its page's "Add a trip for this route"): back to it, to offer.
  const navigate = useNavigate();
  const returnTo = safeRedirectTarget(params.get('returnTo'));

  const onSaved = (plan: TravelPlan) => {
    showToast(`Your trip ${tripRoute(plan)} is added.`, 'success');
    if (returnTo) {
      navigate(returnTo);
      return;
    }
    closeForm();
    setSavedId(plan.id);
    if (status !== 'active') setParams({}, { replace: true });
  };

  return (
    <>
      <PageHeader
        lead="Tell us about a trip you are already making: where from, where to, when, and how much room you have. Then choose a package to carry for a reward."
        actions={
          adding ? null : (
            <Button ref={addButton} onClick={openForm}>
              <Plus aria-hidden="true" className="size-4" />
              Add a trip
            </Button>
          )
        }
      />
      {adding ? (
        <section aria-labelledby="add-trip-title" className="mb-8">
          <Card>
            <CardHeader>
              <CardTitle id="add-trip-title" ref={formHeading} tabIndex={-1} className="focus:outline-none">
                Add a trip
              </CardTitle>
            </CardHeader>
            <CardContent>
              {searched.ready ? (
                <TravelPlanForm
                  label="Add a trip"
                  initialValues={{ origin: searched.origin, destination: searched.destination }}
                  onSaved={onSaved}
                  onDiscard={() => {
                    closeForm();
                    requestAnimationFrame(() => addButton.current?.focus());
                  }}
                />
              ) : (
                <PageSpinner label="Looking up the cities you searched for" />
              )}
            </CardContent>
          </Card>
        </section>
      ) : null}

      <Tabs
        value={status}
        onValueChange={(value) => setParams(value === 'active' ? {} : { status: value }, { replace: true })}
      >
        <TabsList aria-label="My trips by status">
          {travelPlanStatuses.map((s) => (
            <TabsTrigger key={s} value={s}>
              {tabLabel[s]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="active">
          <PlanList
            status="active"
            focusPlanId={savedId}
            empty={adding ? <NoActiveTripsWhileAdding /> : <NoTravelPlans onAdd={openForm} />}
          />
        </TabsContent>
        <TabsContent value="completed">
          <PlanList
            status="completed"
            empty={
              <EmptyState title="No completed trips">
                Trips you have made appear here once they are over, with the packages you carried on them.
              </EmptyState>
            }
          />
        </TabsContent>
        <TabsContent value="cancelled">
          <PlanList
            status="cancelled"
            empty={
              <EmptyState title="No cancelled trips">
                Trips you cancel are kept here, so you can see what you had planned.
              </EmptyState>
            }
          />
        </TabsContent>
      </Tabs>
    </>
  );
}

function NoActiveTripsWhileAdding() {
  return (
    <EmptyState title="No active trips yet">
      Fill in the form above: once your trip is added, it appears here with a “Find packages” action.
    </EmptyState>
  );
}
