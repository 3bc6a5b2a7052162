import { HandHelping } from 'lucide-react';
import type { MatchPendingRequest } from '#shared/matching.ts';
import { MatchRequestControl } from '#web/components/request-message-dialog/match-request-control.tsx';
import { describeError } from '#web/lib/errors/describe-error.ts';
import { useOfferToCarry, useWithdrawOffer } from '../api/offers.ts';

/**
 * "Offer to carry": the traveler offers this trip for the package, with an optional message to its
 * sender. While a request between the package and me is pending (one at most, whoever started it),
 * the card shows it instead: my offer, which I may withdraw here, or the sender's invitation, which I
 * answer under Requests.
 */
export function OfferButton({
  packageId,
  packageTitle,
  planId,
  senderName,
  pendingRequest,
}: {
  packageId: string;
  packageTitle: string;
  planId: string;
  senderName: string;
  pendingRequest: MatchPendingRequest;
}) {
  const offer = useOfferToCarry();
  const withdraw = useWithdrawOffer();

  return (
    <MatchRequestControl
      pendingRequest={pendingRequest}
      otherSide="sender"
      otherName={senderName}
      describeError={requestErrorWords}
      theirs={{ badge: 'They invited you', text: `${senderName} invited you to carry it.` }}
      mine={{
        badge: 'Offer sent',
        withdrawLabel: `Withdraw your offer for ${packageTitle}`,
        confirmTitle: 'Withdraw your offer?',
        confirmDescription: `${senderName} will no longer be able to accept it. You can offer again while “${packageTitle}” is open.`,
        withdrawnToast: 'Offer withdrawn.',
        withdraw: (requestId) => withdraw.mutateAsync(requestId),
      }}
      start={{
        icon: HandHelping,
        label: 'Offer to carry',
        ariaLabel: `Offer to carry ${packageTitle}`,
        title: `Offer to carry “${packageTitle}”`,
        description: `${senderName} is asked to let you carry it on this trip. If they accept, the package is yours to carry, its reward is held for you until delivery, and the space is taken from your free capacity.`,
        messageHint: 'Say hello, and when and where the pickup would suit you.',
        sendLabel: 'Send offer',
        sentToast: `Offer sent to ${senderName}.`,
        send: (message) => offer.mutateAsync({ packageId, travelPlanId: planId, message }),
      }}
    />
  );
}

/** Which rule a refused offer broke leads its words; the field's message says how. */
const offerRefusals: Record<string, string> = {
  travelPlanId: 'This trip cannot carry this package.',
  packageId: 'You cannot carry your own package.',
};

function requestErrorWords(err: unknown): string {
  const view = describeError(err);
  const lead = view.field ? offerRefusals[view.field] : undefined;
  return lead ? `${lead} ${view.message}` : view.message;
}
