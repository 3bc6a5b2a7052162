import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import {
  type NotificationItem,
  type NotificationType,
  notificationEventName,
  notificationItemSchema,
} from '#shared/notifications.ts';
import { adminDashboardKeys } from '#web/api/admin-dashboard.ts';
import { adminSupportKeys } from '#web/api/admin-support.ts';
import { balanceKeys } from '#web/api/balances.ts';
import { packageKeys } from '#web/api/packages.ts';
import { paymentKeys } from '#web/api/payments.ts';
import { profileKeys } from '#web/api/profiles.ts';
import { requestKeys } from '#web/api/requests.ts';
import { reviewKeys } from '#web/api/reviews.ts';
import { supportKeys } from '#web/api/support.ts';
import { travelPlanKeys } from '#web/api/travel-plans.ts';
import { useLiveEvent } from '#web/lib/live-events.ts';

// What the other member just did (accepted, picked up, delivered, paid, reviewed…) arrives as a
// notification naming the package it is about (`data.packageId`, docs/product.md §7). The screens
// showing that package are in several features, so the app refreshes, in one place, exactly the
// resources the notice names: that package and what lists it, never the whole cache
// (docs/decisions/0037-one-web-data-layer.md). Only queries on screen refetch; the rest are marked
// stale and are read again when next shown.

interface Subject {
  /** The member this tab is signed in as. */
  me: string;
  /** The package the notice is about, when it names one. */
  packageId: string | null;
}

/** The package and everything read about it, or every package when the notice names none. */
const aPackage = ({ packageId }: Subject): QueryKey[] =>
  packageId === null ? [packageKeys.all, paymentKeys.all] : [packageKeys.one(packageId), paymentKeys.latest(packageId)];

/** A request changed: its lists (which show the package's state), and the trips' cards showing it. */
const aRequest = (s: Subject): QueryKey[] => [...aPackage(s), requestKeys.lists(), travelPlanKeys.allMatches()];

/** The package moved on: its lists, the requests that show its state, and the money it holds. */
const aMove = (s: Subject): QueryKey[] => [...aPackage(s), packageKeys.lists(), requestKeys.lists(), balanceKeys.all];

/** Which resources each kind of notification is about; a kind not listed refreshes nothing. */
export const refreshedBy: Partial<Record<NotificationType, (s: Subject) => QueryKey[]>> = {
  request_received: aRequest,
  request_countered: aRequest,
  // Accepted: the package is matched and rides on one of the traveler's trips now.
  request_accepted: (s) => [...aRequest(s), packageKeys.lists(), travelPlanKeys.lists()],
  request_declined: aRequest,
  request_withdrawn: (s) => [...aRequest(s), packageKeys.lists()],
  request_expired: aRequest,
  package_cancelled: aMove,
  package_picked_up: aMove,
  package_delivered: aMove,
  package_completed: aMove,
  package_expired: aMove,
  payment_succeeded: aMove,
  payment_refunded: aMove,
  payment_amount_mismatch: aMove,
  dispute_opened: aMove,
  dispute_resolved: aMove,
  // The other side added evidence: the dispute's timeline (under the package's key), nothing else moved.
  dispute_evidence_added: aPackage,
  // A review of me: my rating on my public profile, and the list of reviews I received.
  review_received: (s) => [...aPackage(s), profileKeys.mine(), profileKeys.member(s.me), reviewKeys.member(s.me)],
  payout_sent: () => [balanceKeys.all],
  // To an administrator: someone wrote to the support desk. The queue, its tickets and the count of
  // those waiting, whichever of them is on screen.
  support_ticket: () => [adminSupportKeys.all, adminDashboardKeys.attention()],
  // To a ticket's author: the team answered. Their conversations and the one open, if it is.
  support_reply: () => [supportKeys.all],
};

/** Marks what the notice names stale and refetches the part of it on screen. */
export async function refreshOnNotice(client: QueryClient, me: string, notice: NotificationItem) {
  const targets = refreshedBy[notice.type as NotificationType];
  if (!targets) return;
  const packageId = typeof notice.data.packageId === 'string' ? notice.data.packageId : null;
  await Promise.all(
    targets({ me, packageId }).map((queryKey) => client.invalidateQueries({ queryKey, refetchType: 'active' })),
  );
}

export function useRefreshOnNotice(me: string) {
  const client = useQueryClient();
  useLiveEvent(notificationEventName, notificationItemSchema, (notice) => {
    void refreshOnNotice(client, me, notice);
  });
}
