import { MailPlus } from 'lucide-react';
import type { MatchPendingRequest } from '#shared/matching.ts';
import type { Currency } from '#shared/money.ts';
import { MatchRequestControl } from '#web/components/request-message-dialog/match-request-control.tsx';
import { errorMessage } from '#web/lib/errors/describe-error.ts';
import { useInviteTraveler, useWithdrawRequest } from '../api/requests.ts';

/**
 * "Invite": the sender asks this traveler to carry the package on this trip, with an optional
 * message. While a request between the package and this traveler is pending (one at most, on any of
 * their trips), the card shows it instead: my invitation, which I may withdraw here, or their offer,
 * which I answer under Requests.
 */
export function InviteButton({
  packageId,
  travelPlanId,
  travelerName,
  route,
  pendingRequest,
  reward,
}: {
  packageId: string;
  travelPlanId: string;
  travelerName: string;
  /** The trip's route, so the buttons name it for screen readers among many cards. */
  route: string;
  pendingRequest: MatchPendingRequest;
  /** The package's reward, when the invitation may propose another. */
  reward?: { posted: number; currency: Currency };
}) {
  const invite = useInviteTraveler();
  const withdraw = useWithdrawRequest();

  return (
    <MatchRequestControl
      pendingRequest={pendingRequest}
      otherSide="traveler"
      otherName={travelerName}
      describeError={errorMessage}
      theirs={{ badge: 'They offered to carry it', text: `${travelerName} offered to carry your package.` }}
      mine={{
        badge: 'Invitation sent',
        withdrawLabel: `Withdraw your invitation to ${travelerName} (${route})`,
        confirmTitle: 'Withdraw your invitation?',
        confirmDescription: `${travelerName} will no longer be able to accept it. You can invite them again while your package is open.`,
        withdrawnToast: 'Invitation withdrawn.',
        withdraw: (requestId) => withdraw.mutateAsync(requestId),
      }}
      start={{
        icon: MailPlus,
        label: 'Invite',
        ariaLabel: `Invite ${travelerName} (${route})`,
        title: `Invite ${travelerName}`,
        description: `${travelerName} is asked to carry your package on this trip (${route}). If they accept, your package is matched with them and every other request for it is declined.`,
        messageHint: 'Say hello, and anything useful for the handover.',
        sendLabel: 'Send invitation',
        sentToast: `Invitation sent to ${travelerName}.`,
        ...(reward ? { reward } : {}),
        send: (message, proposed) => invite.mutateAsync({ packageId, travelPlanId, message, reward: proposed }),
      }}
    />
  );
}
