import { CircleCheck, CreditCard, Inbox, KeyRound, PackageCheck, Star, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { type NeedsAction, useNeedsAction } from '../api/needs-action.ts';
import type { ActionItem, ActionKind } from '../lib/action-items.ts';

const words: Record<ActionKind, { icon: ReactNode; text: (item: ActionItem) => string; who: string }> = {
  answer_request: {
    icon: <Inbox />,
    text: (i) => `Answer the request for “${i.packageTitle}”`,
    who: 'From',
  },
  pay_difference: {
    icon: <CreditCard />,
    text: (i) => `Pay the difference of the agreed reward for “${i.packageTitle}”`,
    who: 'Agreed with',
  },
  show_pickup_code: {
    icon: <KeyRound />,
    text: (i) => `Show the pickup code for “${i.packageTitle}”`,
    who: 'Carried by',
  },
  share_delivery_code: {
    icon: <KeyRound />,
    text: (i) => `Share the delivery code of “${i.packageTitle}” with the recipient`,
    who: 'Carried by',
  },
  enter_pickup_code: {
    icon: <Truck />,
    text: (i) => `Enter the pickup code for “${i.packageTitle}”`,
    who: 'Sent by',
  },
  enter_delivery_code: {
    icon: <PackageCheck />,
    text: (i) => `Enter the delivery code for “${i.packageTitle}”`,
    who: 'Sent by',
  },
  confirm_delivery: {
    icon: <CircleCheck />,
    text: (i) => `Confirm the delivery of “${i.packageTitle}”`,
    who: 'Delivered by',
  },
  write_review: {
    icon: <Star />,
    text: (i) => `Review your delivery of “${i.packageTitle}”`,
    who: 'With',
  },
};

const linkClass =
  'font-medium break-words text-brand-700 underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

function Body({ needs, verifying }: { needs: NeedsAction; verifying: boolean }) {
  if (needs.isPending) {
    return (
      <div className="flex flex-col gap-3">
        <Spinner label="Looking for what needs your action" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  if (needs.isError) {
    return (
      <ErrorState title="We couldn't check what needs your action" headingLevel={3} onRetry={needs.refetch}>
        Check your connection and try again.
      </ErrorState>
    );
  }
  if (needs.items.length === 0 && verifying) {
    // The checks still missing are what needs the member: never "nothing" while they are.
    return (
      <p className="text-sm text-slate-700" data-testid="needs-action-verify">
        Your verification comes first: finish the checks in “Get verified” to publish packages and offer to carry them.
        Requests, codes, deliveries and reviews will show here as your packages move.
      </p>
    );
  }
  if (needs.items.length === 0) {
    return (
      <p className="text-sm text-slate-700" data-testid="needs-action-empty">
        Nothing needs you right now. Requests to answer, codes to share or enter, deliveries to confirm and reviews to
        write will show here as your packages move.
      </p>
    );
  }
  return (
    <ul aria-label="Needs your action" className="divide-y divide-slate-200">
      {needs.items.map((item) => {
        const w = words[item.kind];
        return (
          <li key={item.key} className="flex items-start gap-3 py-3" data-action={item.kind}>
            <span aria-hidden="true" className="mt-0.5 rounded-md bg-brand-50 p-1.5 text-brand-700 [&>svg]:size-4">
              {w.icon}
            </span>
            <div className="min-w-0">
              <Link to={item.href} className={linkClass}>
                {w.text(item)}
              </Link>
              <p className="text-sm text-slate-600">
                {w.who} {item.counterpart.name}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The top of the dashboard: the moves that wait for me, each a link to where it is made. My packages
 * and trips under way follow, in PackagesAndTripsSection.
 */
/** `verifying`: the member's profile is not verified yet, and the dashboard shows its checks first. */
export function NeedsActionSection({ verifying = false }: { verifying?: boolean }) {
  const needs = useNeedsAction();
  return (
    <Card role="region" aria-labelledby="dashboard-needs-action">
      <CardHeader>
        <CardTitle id="dashboard-needs-action">Needs your action</CardTitle>
        <CardDescription>Requests to answer, codes to share, deliveries to confirm, reviews to write.</CardDescription>
      </CardHeader>
      <CardContent>
        <Body needs={needs} verifying={verifying} />
      </CardContent>
    </Card>
  );
}
