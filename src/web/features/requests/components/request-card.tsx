import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeftRight, Check, CreditCard, Undo2, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Currency, formatMoney } from '#shared/money.ts';
import type { PackageRequest } from '#shared/requests.ts';
import { transportLabel } from '#shared/travel-plans.ts';
import { packageKeys } from '#web/api/packages.ts';
import { requestKeys } from '#web/api/requests.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog/confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { PackageSummaryCard, routeLine } from '#web/components/ui/package-summary.tsx';
import { errorCode, errorMessage, errorParams } from '#web/lib/errors/describe-error.ts';
import { formatDateTime, formatKg } from '#web/lib/format.ts';
import { useSingleFlight } from '#web/lib/single-flight.ts';
import { showToast } from '#web/lib/toasts.ts';
import { useAcceptRequest, useDeclineRequest, usePayDifference, useWithdrawRequest } from '../api/requests.ts';
import { CounterForm } from './counter-form.tsx';
import { RequestStatusBadge } from './request-status-badge.tsx';
import { TravelerAvatar } from './traveler-avatar.tsx';

const linkClass =
  'font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** Who started it and who answers, in one sentence around the other member's name. */
function Who({ request }: { request: PackageRequest }) {
  const { counterpart, direction, myRole } = request;
  const name = (
    <Link to={`/user/view/${counterpart.id}`} className={linkClass}>
      {counterpart.name}
    </Link>
  );
  if (direction === 'incoming') {
    return myRole === 'sender' ? (
      <>{name} offers to carry your package</>
    ) : (
      <>{name} invites you to carry their package</>
    );
  }
  return myRole === 'traveler' ? (
    <>You offered to carry {name}’s package</>
  ) : (
    <>You invited {name} to carry your package</>
  );
}

/** The reward on the table when it is not simply the package's (docs/product.md §4.5), and whose turn it is. */
function ProposalLine({ request }: { request: PackageRequest }) {
  const { proposal, package: pkg, counterpart, status } = request;
  if (proposal.counters === 0 && proposal.reward === pkg.reward) return null;
  const money = (amount: number) => formatMoney(amount, pkg.currency as Currency);
  const posted = pkg.reward === null || pkg.reward === proposal.reward ? '' : ` (posted: ${money(pkg.reward)})`;
  let text: string;
  if (status === 'agreed') {
    const owed = money(request.difference ?? 0);
    text =
      request.myRole === 'sender'
        ? `Agreed at ${money(proposal.reward)}${posted}. Pay the difference of ${owed} to confirm the match.`
        : `Agreed at ${money(proposal.reward)}${posted}. Waiting for ${counterpart.name} to pay the difference of ${owed}; the package is yours to carry once it is paid.`;
  } else if (status === 'accepted') text = `Agreed reward: ${money(proposal.reward)}.`;
  else if (status !== 'pending') text = `Last proposal: ${money(proposal.reward)}${posted}.`;
  else if (proposal.awaitsMe)
    text = `${counterpart.name} proposes ${money(proposal.reward)}${posted}. Accept it, counter, or decline.`;
  else text = `You proposed ${money(proposal.reward)}${posted}. Waiting for ${counterpart.name}’s answer.`;
  return (
    <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-950" data-testid="proposal">
      {text}
    </p>
  );
}

/**
 * One request: the package (title, cities, dates), the other member, the state, the message, and
 * the answers the viewer may give now (the server's `actions`). Declining and withdrawing ask first.
 */
export function RequestCard({ request }: { request: PackageRequest }) {
  const queryClient = useQueryClient();
  const accept = useAcceptRequest();
  const decline = useDeclineRequest();
  const withdraw = useWithdrawRequest();
  const payDifference = usePayDifference();
  const [error, setError] = useState<string | null>(null);
  const [countering, setCountering] = useState(false);
  const { package: pkg, travelPlan: trip, proposal } = request;
  const proposedMoney = formatMoney(proposal.reward, pkg.currency as Currency);
  const differs = proposal.reward !== pkg.reward;
  const can = (action: PackageRequest['actions'][number]) => request.actions.includes(action);

  const onAccept = useSingleFlight(async () => {
    setError(null);
    const accepted = () =>
      showToast(
        request.myRole === 'sender'
          ? 'Accepted. Show the traveler your pickup code when you hand the package over.'
          : 'Accepted. The package is yours to carry: ask the sender for the pickup code at the handover.',
        'success',
      );
    try {
      await accept.mutateAsync({ id: request.id, reward: proposal.reward });
      accepted();
    } catch (err) {
      // A counter-offer arrived since the page was drawn: show the new amount, never accept it unseen.
      if (errorCode(err) === 'REQUEST_PROPOSAL_CHANGED') {
        setError(errorMessage(err));
        await queryClient.invalidateQueries({ queryKey: requestKeys.all });
        return;
      }
      // Only the receiver accepts: a request already accepted was accepted by me (another tab, a
      // retry after a lost answer). That is the outcome I asked for, not an error.
      if (errorCode(err) === 'REQUEST_ALREADY_ANSWERED' && errorParams(err).status === 'accepted') {
        accepted();
        await queryClient.invalidateQueries({ queryKey: requestKeys.all });
        await queryClient.invalidateQueries({ queryKey: packageKeys.one(pkg.id) });
        return;
      }
      setError(errorMessage(err));
    }
  });

  const onPayDifference = useSingleFlight(async () => {
    setError(null);
    try {
      await payDifference.mutateAsync(request.id);
    } catch (err) {
      setError(errorMessage(err));
    }
  });

  return (
    <PackageSummaryCard
      pkg={pkg}
      data-request-id={request.id}
      href={`/user/packages/${pkg.id}`}
      headingAs="h2"
      route={routeLine(pkg, { by: 'city' })}
      badge={<RequestStatusBadge status={request.status} />}
      intro={
        <div className="flex items-center gap-3">
          <TravelerAvatar name={request.counterpart.name} image={request.counterpart.image} />
          <p className="min-w-0 text-sm break-words text-slate-800">
            <Who request={request} />
          </p>
        </div>
      }
      facts={[
        'pickupFrom',
        'deliverBy',
        {
          term: 'Trip departs',
          value: (
            <>
              <time dateTime={trip.departureAt}>{formatDateTime(trip.departureAt)}</time>
              <span className="block font-normal text-slate-600">{transportLabel[trip.transport]}</span>
            </>
          ),
        },
        {
          term: 'Reward',
          value: (
            <>
              {differs ? proposedMoney : pkg.reward === null ? '—' : formatMoney(pkg.reward, pkg.currency as Currency)}
              {pkg.weightKg === null ? null : (
                <span className="block font-normal text-slate-600">{formatKg(pkg.weightKg)}</span>
              )}
            </>
          ),
        },
      ]}
      factColumns={4}
    >
      <ProposalLine request={request} />
      {request.message ? (
        <figure className="rounded-md bg-slate-50 p-3 text-sm">
          <figcaption className="font-medium text-slate-700">
            {request.direction === 'outgoing' ? 'Your message' : `Message from ${request.counterpart.name}`}
          </figcaption>
          <blockquote className="mt-1 whitespace-pre-line break-words text-slate-900">{request.message}</blockquote>
        </figure>
      ) : null}

      <div role="alert" aria-atomic="true">
        {error ? <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">{error}</p> : null}
      </div>

      {countering && can('counter') ? <CounterForm request={request} onDone={() => setCountering(false)} /> : null}

      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
        <p className="text-sm text-slate-600">
          {request.direction === 'outgoing' ? 'Sent' : 'Received'}{' '}
          <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
        </p>
        <div className="flex flex-wrap gap-2">
          {can('accept') ? (
            <Button onClick={() => void onAccept()} aria-disabled={accept.isPending || undefined}>
              <Check aria-hidden="true" className="size-4" />
              {accept.isPending ? 'Accepting…' : differs ? `Accept ${proposedMoney}` : 'Accept'}
            </Button>
          ) : null}
          {can('pay_difference') ? (
            <Button onClick={() => void onPayDifference()} aria-disabled={payDifference.isPending || undefined}>
              <CreditCard aria-hidden="true" className="size-4" />
              {payDifference.isPending
                ? 'Opening the payment…'
                : `Pay the difference (${formatMoney(request.difference ?? 0, pkg.currency as Currency)})`}
            </Button>
          ) : null}
          {can('counter') && !countering ? (
            <Button variant="secondary" onClick={() => setCountering(true)}>
              <ArrowLeftRight aria-hidden="true" className="size-4" />
              Counter
            </Button>
          ) : null}
          {can('decline') ? (
            <ConfirmDialog
              trigger={
                <Button variant="secondary">
                  <X aria-hidden="true" className="size-4" />
                  Decline
                </Button>
              }
              title="Decline this request?"
              description={
                request.myRole === 'sender'
                  ? `${request.counterpart.name} will not carry “${pkg.title}”. Your package stays open for other travelers.`
                  : `You will not carry “${pkg.title}” for ${request.counterpart.name}. Your trip stays open for other packages.`
              }
              keepLabel="Keep it"
              confirmLabel="Decline"
              onConfirm={async () => {
                try {
                  await decline.mutateAsync(request.id);
                } catch (err) {
                  throw new Error(errorMessage(err));
                }
                showToast('Request declined.', 'success');
              }}
            />
          ) : null}
          {can('withdraw') ? (
            <ConfirmDialog
              trigger={
                <Button variant="secondary">
                  <Undo2 aria-hidden="true" className="size-4" />
                  Withdraw
                </Button>
              }
              title="Withdraw this request?"
              description={`${request.counterpart.name} will no longer be able to accept it. You can send a new one later while “${pkg.title}” is open.`}
              keepLabel="Keep it"
              confirmLabel="Withdraw"
              onConfirm={async () => {
                try {
                  await withdraw.mutateAsync(request.id);
                } catch (err) {
                  throw new Error(errorMessage(err));
                }
                showToast('Request withdrawn.', 'success');
              }}
            />
          ) : null}
          {request.status === 'accepted' ? (
            <Button asChild variant="secondary">
              <Link to={`/user/packages/${pkg.id}`}>Follow the delivery</Link>
            </Button>
          ) : null}
        </div>
      </div>
    </PackageSummaryCard>
  );
}
