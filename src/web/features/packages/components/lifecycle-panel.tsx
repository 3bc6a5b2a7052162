import { CircleCheck, Undo2 } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '#shared/money.ts';
import type { Package } from '#shared/packages.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog/confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { errorMessage } from '#web/lib/errors/describe-error.ts';
import { showToast } from '#web/lib/toasts.ts';
import { useConfirmDelivery, useWithdrawAsTraveler } from '../api/lifecycle.ts';
import { CodeEntry } from './code-entry.tsx';
import { DetailCard } from './detail-list.tsx';
import { DisputeDialog } from './dispute-dialog.tsx';
import { DisputeSummary } from './dispute-summary.tsx';
import { HandoffPhotoButton } from './handoff-photo-button.tsx';
import { HandoverCodes } from './handover-codes.tsx';
import { ReviewSection } from './review-section.tsx';

export type ViewerRole = 'sender' | 'traveler' | 'admin';

function Step({ title, lead, children }: { title: string; lead: ReactNode; children?: ReactNode }) {
  return (
    <DetailCard title={title} id="package-next-step">
      <div className="flex flex-col gap-4" data-testid="package-next-step">
        <p className="max-w-prose text-sm text-slate-700">{lead}</p>
        {children}
      </div>
    </DetailCard>
  );
}

function ConfirmDeliveryButton({ pkg }: { pkg: Package }) {
  const confirm = useConfirmDelivery(pkg.id);
  const reward = pkg.reward === null ? 'The reward' : formatMoney(pkg.reward, pkg.currency);
  return (
    <ConfirmDialog
      trigger={
        <Button>
          <CircleCheck aria-hidden="true" className="size-4" />
          Confirm delivery
        </Button>
      }
      title="Confirm the delivery?"
      description={`${reward} goes to the traveler and the delivery is complete. This can't be undone: if something is wrong, open a dispute instead.`}
      keepLabel="Not yet"
      confirmLabel="Confirm delivery"
      confirmVariant="primary"
      onConfirm={async () => {
        try {
          await confirm.mutateAsync();
        } catch (err) {
          throw new Error(errorMessage(err));
        }
        showToast('Delivery confirmed. Thank you! You can now review the traveler.', 'success');
      }}
    />
  );
}

function WithdrawButton({ pkg }: { pkg: Package }) {
  const withdraw = useWithdrawAsTraveler(pkg.id);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary">
          <Undo2 aria-hidden="true" className="size-4" />
          Withdraw from this delivery
        </Button>
      }
      title="Withdraw from this delivery?"
      description={`You will no longer carry “${pkg.title}”: it is open again for other travelers, and the space comes back to your trip. The sender is told at once.`}
      keepLabel="Keep carrying it"
      confirmLabel="Withdraw"
      onConfirm={async () => {
        try {
          await withdraw.mutateAsync();
        } catch (err) {
          throw new Error(errorMessage(err));
        }
        showToast('You have withdrawn. The package is open again for other travelers.', 'success');
      }}
    />
  );
}

/**
 * What happens next with a package after it is published, for the one who must act: the sender's
 * codes and confirmation, the traveler's code entry and withdrawal, a dispute, and the reviews. Each
 * control appears only when the server's `actions` offers it, so a move from the wrong state is never
 * offered.
 */
export function LifecyclePanel({ pkg, role }: { pkg: Package; role: ViewerRole }) {
  const can = (action: Package['actions'][number]) => pkg.actions.includes(action);
  const dispute = can('open_dispute') ? <DisputeDialog packageId={pkg.id} /> : null;
  const actions = (...items: ReactNode[]) => {
    const shown = items.filter(Boolean);
    if (shown.length === 0) return null;
    return (
      <div className="flex flex-wrap gap-2">
        {shown.map((item, i) => (
          // The buttons of one step keep their order, so their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Fragment key={i}>{item}</Fragment>
        ))}
      </div>
    );
  };

  if (role === 'admin' && pkg.status !== 'disputed') return null;

  switch (pkg.status) {
    case 'open':
      if (role !== 'sender') return null;
      return (
        <Step
          title="Looking for a traveler"
          lead="Your package is published. Invite travelers whose trips fit it, or wait for their offers: you accept the one you want under Requests."
        >
          {actions(
            <Button asChild>
              <Link to={`/user/packages/send-a-package/searching-for-traveler?package=${pkg.id}`}>Find a traveler</Link>
            </Button>,
            <Button asChild variant="secondary">
              <Link to="/user/packages/requests?tab=incoming">See requests</Link>
            </Button>,
          )}
        </Step>
      );
    case 'matched':
      return role === 'sender' ? (
        <Step
          title="Hand the package over"
          lead="A traveler is matched. When you meet, show them the pickup code: they type it to confirm the pickup. Give the delivery code to the recipient."
        >
          {can('show_codes') ? <HandoverCodes pkg={pkg} /> : null}
        </Step>
      ) : (
        <Step
          title="Pick the package up"
          lead="Meet the sender and ask for the pickup code: typing it here confirms that you have the package."
        >
          {can('enter_pickup_code') ? <CodeEntry pkg={pkg} kind="pickup" /> : null}
          {actions(can('withdraw_as_traveler') ? <WithdrawButton pkg={pkg} /> : null)}
        </Step>
      );
    case 'in_transit':
      return role === 'sender' ? (
        <Step
          title="On its way"
          lead="The traveler has the package. Make sure the recipient has the delivery code: the traveler types it when handing the package over."
        >
          {can('show_codes') ? <HandoverCodes pkg={pkg} /> : null}
          {actions(dispute)}
        </Step>
      ) : (
        <Step
          title="Deliver the package"
          lead="Hand the package to the recipient and ask for the delivery code: typing it here records the delivery."
        >
          {can('enter_delivery_code') ? <CodeEntry pkg={pkg} kind="delivery" /> : null}
          {actions(can('add_pickup_photo') ? <HandoffPhotoButton packageId={pkg.id} step="pickup" /> : null, dispute)}
        </Step>
      );
    case 'delivered':
      return role === 'sender' ? (
        <Step
          title="Confirm the delivery"
          lead="The traveler handed the package over with the recipient's delivery code. Confirm the delivery to release the reward to the traveler; if something is wrong, open a dispute instead. Without either, it completes by itself after a few days."
        >
          {actions(can('confirm_delivery') ? <ConfirmDeliveryButton pkg={pkg} /> : null, dispute)}
        </Step>
      ) : (
        <Step
          title="Delivered"
          lead="Well done! The reward is yours once the sender confirms the delivery, or by itself after a few days without a dispute."
        >
          {actions(
            can('add_delivery_photo') ? <HandoffPhotoButton packageId={pkg.id} step="delivery" /> : null,
            dispute,
          )}
        </Step>
      );
    case 'disputed':
      return (
        <Step title="In dispute" lead="The money stays held while an administrator looks into what happened.">
          <DisputeSummary packageId={pkg.id} />
        </Step>
      );
    case 'completed':
      if (role === 'admin') return null;
      return (
        <Step
          title="Reviews"
          lead={
            role === 'sender'
              ? 'The delivery is complete and the reward went to the traveler. How did it go?'
              : 'The delivery is complete and the reward is in your balance. How did it go?'
          }
        >
          <ReviewSection packageId={pkg.id} role={role} />
        </Step>
      );
    default:
      return null;
  }
}
