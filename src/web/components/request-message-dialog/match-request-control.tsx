import { type LucideIcon, Undo2 } from 'lucide-react';
import { Link } from 'react-router';
import type { MatchPendingRequest } from '#shared/matching.ts';
import type { Currency } from '#shared/money.ts';
import type { RequestStarter } from '#shared/requests.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog/confirm-dialog.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { fieldErrors } from '#web/lib/errors/describe-error.ts';
import { useFocusAfterSwap } from '#web/lib/focus-after-swap.ts';
import { showToast } from '#web/lib/toasts.ts';
import { RequestMessageDialog, RequestSendError } from './request-message-dialog.tsx';

const linkClass =
  'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * A match card's request control ("Offer to carry", "Invite"): while a request between the card's
 * package and traveler is pending (one at most, whoever started it) it shows that request instead,
 * mine with Withdraw, or theirs with a link to answer it under Requests. Sending or withdrawing
 * swaps this control for the other, so the focus follows to the new one.
 */
export function MatchRequestControl({
  pendingRequest,
  otherSide,
  otherName,
  describeError,
  theirs,
  mine,
  start,
}: {
  pendingRequest: MatchPendingRequest;
  /** Who the other member is in the request: a pending request they started is theirs to answer. */
  otherSide: RequestStarter;
  otherName: string;
  /** The words for a refused send or withdrawal. */
  describeError: (err: unknown) => string;
  theirs: { badge: string; text: string };
  mine: {
    badge: string;
    withdrawLabel: string;
    confirmTitle: string;
    confirmDescription: string;
    withdrawnToast: string;
    withdraw: (requestId: string) => Promise<unknown>;
  };
  start: {
    icon: LucideIcon;
    label: string;
    ariaLabel: string;
    title: string;
    description: string;
    messageHint: string;
    sendLabel: string;
    sentToast: string;
    /** The package's reward, when the member may propose another. */
    reward?: { posted: number; currency: Currency };
    send: (message: string | undefined, reward: number | undefined) => Promise<unknown>;
  };
}) {
  const focus = useFocusAfterSwap(pendingRequest?.id ?? null);

  if (pendingRequest?.startedBy === otherSide) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <Badge variant="warning">{theirs.badge}</Badge>
        <span>
          {theirs.text}{' '}
          <Link to="/user/packages/requests" className={linkClass}>
            Answer in Requests
          </Link>
        </span>
      </p>
    );
  }
  if (pendingRequest) {
    return (
      <div
        ref={focus.ref}
        tabIndex={-1}
        className="flex flex-wrap items-center justify-between gap-2 rounded-sm text-sm text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <p className="flex flex-wrap items-center gap-2">
          <Badge variant="info">{mine.badge}</Badge>
          <span>Waiting for {otherName}’s answer.</span>
        </p>
        <ConfirmDialog
          trigger={
            <Button variant="secondary" size="sm" aria-label={mine.withdrawLabel}>
              <Undo2 aria-hidden="true" className="size-4" />
              Withdraw
            </Button>
          }
          title={mine.confirmTitle}
          description={mine.confirmDescription}
          keepLabel="Keep it"
          confirmLabel="Withdraw"
          onConfirm={async () => {
            try {
              focus.arm();
              await mine.withdraw(pendingRequest.id);
            } catch (err) {
              focus.disarm();
              throw new Error(describeError(err));
            }
            showToast(mine.withdrawnToast, 'success');
          }}
        />
      </div>
    );
  }
  const Icon = start.icon;
  return (
    <RequestMessageDialog
      trigger={
        <Button ref={focus.ref} aria-label={start.ariaLabel}>
          <Icon aria-hidden="true" className="size-4" />
          {start.label}
        </Button>
      }
      title={start.title}
      description={start.description}
      messageLabel={`Message to ${otherName}`}
      messageHint={start.messageHint}
      sendLabel={start.sendLabel}
      {...(start.reward ? { reward: start.reward } : {})}
      onSend={async (message, reward) => {
        try {
          focus.arm();
          await start.send(message, reward);
        } catch (err) {
          focus.disarm();
          const fields = fieldErrors(err);
          if (fields.reward) throw new RequestSendError(fields.reward, 'reward');
          throw new RequestSendError(fields.message ?? describeError(err), fields.message ? 'message' : null);
        }
        showToast(start.sentToast, 'success');
      }}
    />
  );
}
