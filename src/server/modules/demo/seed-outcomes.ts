import { disputes, reviews } from '#server/db/schema/requests.ts';
import type { Transaction } from '#server/db/transaction.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import { disputeReasonLabel } from '#shared/lifecycle.ts';
import type { EventTimes } from './timeline.ts';

// What two demo packages left behind besides their timeline, so the notifications about them
// (seed-notifications.ts) have something real behind them: the Tea set's dispute, which Alex Admin
// resolved for Tess, and the reviews Sam and Tess wrote each other after the Board game. Seeded with
// the packages, in their transaction.

const HOUR = 60 * 60 * 1000;

/** Opened by Sam when the Tea set was delivered (its "disputed" event), resolved at its "completed". */
export const demoDispute = {
  title: 'Tea set',
  reason: 'damaged' as const,
  details: 'One of the four cups arrived with a chip on its rim.',
  resolutionNote:
    'The chipped cup was packed loose in the box by the sender, and the box itself was undamaged. Released to the traveler.',
  // As the lifecycle services write them (disputes.ts, resolve.ts).
  openedNote: `Dispute opened by the sender: ${disputeReasonLabel.damaged}`,
  resolvedNote: 'Dispute resolved by an administrator: the reward is released to the traveler',
};

/**
 * Both sides reviewed each other after the Board game was completed (`afterHours` later), so both
 * reviews are shown.
 */
export const demoReviews = {
  title: 'Board game',
  items: [
    {
      by: 'sender',
      rating: 5,
      comment: 'Friendly, on time, and the box arrived as it left. Thank you Tess!',
      afterHours: 3,
    },
    {
      by: 'traveler',
      rating: 5,
      comment: 'Well packed and ready at the agreed time. Easy to carry for.',
      afterHours: 20,
    },
  ],
} as const;

export async function seedOutcomes(
  tx: Transaction,
  seeded: Map<string, { id: string; times: EventTimes }>,
  who: { senderId: string; travelerId: string; adminId: string | null },
): Promise<void> {
  const disputed = seeded.get(demoDispute.title);
  if (disputed?.times.disputed && disputed.times.completed) {
    const [row] = await tx
      .insert(disputes)
      .values({
        packageId: disputed.id,
        openedBy: who.senderId,
        reason: demoDispute.reason,
        details: demoDispute.details,
        status: 'resolved',
        resolution: 'release_traveler',
        resolutionNote: demoDispute.resolutionNote,
        resolvedBy: who.adminId,
        resolvedAt: disputed.times.completed,
        createdAt: disputed.times.disputed,
      })
      .returning({ id: disputes.id });
    // Every admin action is in the audit log (docs/product.md §8), this one too.
    await recordAudit(tx, {
      actorId: who.adminId,
      action: 'dispute.release_traveler',
      subject: { type: 'package', id: disputed.id },
      before: { status: 'disputed' },
      after: { status: 'completed' },
      reason: demoDispute.resolutionNote,
      data: { disputeId: row?.id },
      at: disputed.times.completed,
    });
  }

  const reviewed = seeded.get(demoReviews.title);
  const completed = reviewed?.times.completed;
  if (reviewed && completed) {
    await tx.insert(reviews).values(
      demoReviews.items.map((review) => ({
        packageId: reviewed.id,
        authorId: review.by === 'sender' ? who.senderId : who.travelerId,
        subjectId: review.by === 'sender' ? who.travelerId : who.senderId,
        rating: review.rating,
        comment: review.comment,
        createdAt: new Date(completed.getTime() + review.afterHours * HOUR),
      })),
    );
  }
}
