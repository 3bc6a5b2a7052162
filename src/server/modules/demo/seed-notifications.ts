import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { notification } from '#server/db/schema/notifications.ts';
import { packages } from '#server/db/schema/packages.ts';
import { payouts } from '#server/db/schema/payments.ts';
import { requests, reviews } from '#server/db/schema/requests.ts';
import type { Transaction } from '#server/db/transaction.ts';
import type { NotificationType } from '#shared/notifications.ts';
import type { PackageStatus } from '#shared/package-status.ts';
import { eventTimesOf } from './timeline.ts';

// Demo mode's notifications: both demo members have every kind at least once, some read.
// Each one about a package, a request or a review is written when the demo data says it happened
// (a status of the package's timeline, the request being made or answered, the review written),
// and carries the ids the services put in `data`, so it tells what the rest of the demo shows.

const SENDER = 'sender@tagalong.test';
const TRAVELER = 'traveler@tagalong.test';
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

type Who = 'sender' | 'traveler';

/** When it happened; each names one of Sam's packages but the account ones. */
type When =
  | { daysAgo: number }
  | { package: string; at: PackageStatus }
  | { request: string; at: 'made' | 'answered' }
  /** The review of `of`: when it was written, or when both were (and so became visible). */
  | { review: string; of: Who; at: 'written' | 'both' }
  /** Tess's payout (seed-payments.ts), when it was sent. */
  | { payout: 'sent' };

interface DemoNotification {
  to: Who;
  type: NotificationType;
  title: string;
  body: string;
  /** A path; `{package}` is the page of the package `when` names. */
  link: string | null;
  when: When;
  read: boolean;
}

const notes: DemoNotification[] = [
  {
    to: 'sender',
    type: 'request_received',
    title: 'New offer for your package',
    body: 'Tess Traveler offered to carry "Belgian chocolates".',
    link: '/user/packages/requests',
    when: { request: 'Belgian chocolates', at: 'made' },
    read: true,
  },
  {
    to: 'traveler',
    type: 'request_accepted',
    title: 'Request accepted',
    body: 'Sam Sender accepted your offer for "Belgian chocolates". Say hello in Messages.',
    link: '{package}',
    when: { request: 'Belgian chocolates', at: 'answered' },
    read: true,
  },
  {
    to: 'traveler',
    type: 'request_received',
    title: 'You are invited to carry a package',
    body: 'Sam Sender invited your Paris → Berlin trip for "Birthday gift for my sister".',
    link: '/user/packages/requests',
    when: { request: 'Birthday gift for my sister', at: 'made' },
    read: false,
  },
  {
    to: 'sender',
    type: 'request_countered',
    title: 'A new reward is proposed',
    body: 'The traveler proposes €18.00 to carry "Winter jacket". Accept it, or counter.',
    link: '/user/packages/requests',
    when: { request: 'Winter jacket', at: 'made' },
    read: true,
  },
  {
    to: 'traveler',
    type: 'request_declined',
    title: 'Request declined',
    body: 'The sender declined your offer to carry "Winter jacket".',
    link: '/user/packages/requests',
    when: { request: 'Winter jacket', at: 'answered' },
    read: true,
  },
  {
    to: 'sender',
    type: 'request_received',
    title: 'New offer for your package',
    body: 'Tess Traveler offered to carry "Children\'s books" on her London → Amsterdam train.',
    link: '/user/packages/requests',
    when: { request: "Children's books", at: 'made' },
    read: false,
  },
  {
    to: 'sender',
    type: 'request_withdrawn',
    title: 'Request withdrawn',
    body: 'The traveler cancelled their trip, so their offer to carry "Family photo album" was withdrawn.',
    link: '/user/packages/requests',
    when: { request: 'Family photo album', at: 'answered' },
    read: true,
  },
  {
    to: 'traveler',
    type: 'request_expired',
    title: 'Request expired',
    body: 'Your offer to carry "Concert tickets" expired: the package is no longer looking for a traveler.',
    link: '/user/packages/requests',
    when: { request: 'Concert tickets', at: 'answered' },
    read: true,
  },
  {
    to: 'sender',
    type: 'payment_succeeded',
    title: 'Payment received',
    body: 'Your payment for "Belgian chocolates" went through. The package is published.',
    link: '{package}',
    when: { package: 'Belgian chocolates', at: 'open' },
    read: true,
  },
  {
    to: 'sender',
    type: 'payment_refunded',
    title: 'Package cancelled and refunded',
    body: '"Guitar strings" is cancelled. €8.00 is on its way back to you; the platform fee is kept because a traveler had been matched.',
    link: '{package}',
    when: { package: 'Guitar strings', at: 'cancelled' },
    read: true,
  },
  {
    to: 'traveler',
    type: 'package_cancelled',
    title: 'Package cancelled',
    body: 'The sender cancelled "Guitar strings". You no longer carry it, and your trip has its room back.',
    link: '{package}',
    when: { package: 'Guitar strings', at: 'cancelled' },
    read: true,
  },
  {
    to: 'sender',
    type: 'package_picked_up',
    title: 'Package picked up',
    body: 'Tess Traveler picked up "Documents for a visa appointment". It is on its way.',
    link: '{package}',
    when: { package: 'Documents for a visa appointment', at: 'in_transit' },
    read: false,
  },
  {
    to: 'sender',
    type: 'package_delivered',
    title: 'Package delivered',
    body: '"Italian cookbooks" was delivered. Confirm it to release the payment.',
    link: '{package}',
    when: { package: 'Italian cookbooks', at: 'delivered' },
    read: false,
  },
  {
    to: 'traveler',
    type: 'package_completed',
    title: 'Delivery confirmed',
    body: 'Sam Sender confirmed the delivery of "Wireless headphones". Your reward is on its way.',
    link: '{package}',
    when: { package: 'Wireless headphones', at: 'completed' },
    read: true,
  },
  {
    to: 'sender',
    type: 'package_expired',
    title: 'Package expired',
    body: '"Concert tickets" passed its deliver-by date without a traveler.',
    link: '{package}',
    when: { package: 'Concert tickets', at: 'expired' },
    read: true,
  },
  {
    to: 'traveler',
    type: 'dispute_opened',
    title: 'A dispute was opened',
    body: 'Sam Sender opened a dispute about "Tea set": the package arrived damaged. An administrator will look into it.',
    link: '{package}',
    when: { package: 'Tea set', at: 'disputed' },
    read: true,
  },
  {
    to: 'sender',
    type: 'dispute_evidence_added',
    title: 'New evidence in a dispute',
    body: 'The traveler added evidence to the dispute on "Tea set".',
    link: '{package}',
    when: { package: 'Tea set', at: 'disputed' },
    read: true,
  },
  ...(['sender', 'traveler'] as const).map(
    (to): DemoNotification => ({
      to,
      type: 'dispute_resolved',
      title: 'Dispute resolved',
      body: 'The dispute about "Tea set" was resolved: the reward was released to the traveler.',
      link: '{package}',
      when: { package: 'Tea set', at: 'completed' },
      read: true,
    }),
  ),
  // As reviews/service.ts tells them: the first review to the member reviewed, who cannot read it
  // yet; the second one to both, whose reviews are now visible.
  {
    to: 'traveler',
    type: 'review_received',
    title: 'Sam Sender reviewed you',
    body: 'Write your review of "Board game" to read theirs. Both show when you have both written one.',
    link: '{package}',
    when: { review: 'Board game', of: 'traveler', at: 'written' },
    read: true,
  },
  ...(['sender', 'traveler'] as const).map(
    (to): DemoNotification => ({
      to,
      type: 'review_received',
      title: 'Your review is visible',
      body: `You have both reviewed "Board game": ${to === 'sender' ? 'Tess Traveler' : 'Sam Sender'}'s review of you is now on your profile.`,
      link: '/user/profile/my-profile',
      when: { review: 'Board game', of: to, at: 'both' },
      read: to === 'traveler',
    }),
  ),
  // Tess's trip to Berlin is also an alert (docs/product.md §3.5): Sam's gift was news to her.
  {
    to: 'traveler',
    type: 'route_alert',
    title: 'A new package on your route: Paris → Berlin',
    body: '"Birthday gift for my sister" needs carrying from Paris to Berlin.',
    link: '{package}',
    when: { package: 'Birthday gift for my sister', at: 'open' },
    read: true,
  },
  {
    to: 'traveler',
    type: 'payout_sent',
    title: 'Payout sent',
    body: 'Your payout of €35.00 is on its way to your bank account.',
    link: '/user/dashboard',
    when: { payout: 'sent' },
    read: false,
  },
  {
    to: 'sender',
    type: 'kyc_approved',
    title: 'Your identity is confirmed',
    body: 'You can now send packages and pay for them.',
    link: '/user/profile/my-profile',
    when: { daysAgo: 30 },
    read: true,
  },
  {
    to: 'traveler',
    type: 'kyc_declined',
    title: 'Your identity check was declined',
    body: 'The photo of your document was blurred. You tried again and were approved.',
    link: '/user/profile/my-profile',
    when: { daysAgo: 31 },
    read: true,
  },
  {
    to: 'traveler',
    type: 'kyc_approved',
    title: 'Your identity is confirmed',
    body: 'You can now carry packages.',
    link: '/user/profile/my-profile',
    when: { daysAgo: 30.5 },
    read: true,
  },
  ...(['sender', 'traveler'] as const).map(
    (to): DemoNotification => ({
      to,
      type: 'broadcast',
      title: 'Welcome to Tagalong',
      body: 'This is a demo: the money is pretend and every message stays on this server.',
      link: '/user/dashboard',
      when: { daysAgo: 0.05 },
      read: false,
    }),
  ),
];

interface Resolved {
  at: Date;
  data: Record<string, string | number | boolean>;
}

/** When `when` happened, and the ids behind it as the services put them in `data`; null when the demo data lacks it. */
async function resolve(tx: Transaction, when: When, ids: Record<Who, string>, now: Date): Promise<Resolved | null> {
  if ('daysAgo' in when) return { at: new Date(now.getTime() - when.daysAgo * DAY), data: {} };
  if ('payout' in when) {
    const [sent] = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.travelerId, ids.traveler), eq(payouts.status, 'sent')))
      .orderBy(desc(payouts.sentAt))
      .limit(1);
    // As markPayoutSent puts it in `data`.
    return sent?.sentAt
      ? { at: sent.sentAt, data: { payoutId: sent.id, amount: sent.amount, currency: sent.currency } }
      : null;
  }
  const title = 'package' in when ? when.package : 'request' in when ? when.request : when.review;
  const [pkg] = await tx
    .select({ id: packages.id })
    .from(packages)
    .where(and(eq(packages.senderId, ids.sender), eq(packages.title, title)));
  if (!pkg) return null;
  if ('package' in when) {
    const at = (await eventTimesOf(tx, pkg.id))[when.at];
    return at ? { at, data: { packageId: pkg.id } } : null;
  }
  if ('request' in when) {
    const [request] = await tx
      .select()
      .from(requests)
      .where(and(eq(requests.packageId, pkg.id), eq(requests.travelerId, ids.traveler)))
      .orderBy(asc(requests.createdAt))
      .limit(1);
    const at = when.at === 'made' ? request?.createdAt : request?.respondedAt;
    return request && at ? { at, data: { packageId: pkg.id, requestId: request.id } } : null;
  }
  const written = await tx.select().from(reviews).where(eq(reviews.packageId, pkg.id));
  const review = written.find((r) => r.subjectId === ids[when.of]);
  if (!review || (when.at === 'both' && written.length < 2)) return null;
  const at = when.at === 'both' ? new Date(Math.max(...written.map((r) => r.createdAt.getTime()))) : review.createdAt;
  return { at, data: { packageId: pkg.id, reviewId: review.id, revealed: when.at === 'both' } };
}

/**
 * Seeds the demo notifications once: skipped when either demo member has any marked as demo data,
 * and when the demo accounts are missing. One whose event the data lacks is left out.
 */
export async function seedDemoNotifications(db: Database, log: FastifyBaseLogger, now = new Date()): Promise<void> {
  const accounts = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.email, [SENDER, TRAVELER]));
  const senderId = accounts.find((a) => a.email === SENDER)?.id;
  const travelerId = accounts.find((a) => a.email === TRAVELER)?.id;
  if (!senderId || !travelerId) return;
  const ids: Record<Who, string> = { sender: senderId, traveler: travelerId };
  const left: string[] = [];
  let seeded = 0;

  await db.transaction(async (tx) => {
    const [already] = await tx
      .select({ n: count() })
      .from(notification)
      .where(and(inArray(notification.userId, [senderId, travelerId]), sql`${notification.data} ->> 'demo' = 'true'`));
    if (Number(already?.n ?? 0) > 0) return;
    for (const n of notes) {
      const found = await resolve(tx, n.when, ids, now);
      if (!found) {
        left.push(`${n.type}: ${n.title}`);
        continue;
      }
      const { at, data } = found;
      await tx.insert(notification).values({
        userId: ids[n.to],
        type: n.type,
        title: n.title,
        body: n.body,
        link: n.link === '{package}' ? `/user/packages/${data.packageId}` : n.link,
        data: { demo: true, ...data },
        createdAt: at,
        readAt: n.read ? new Date(Math.min(at.getTime() + 30 * MINUTE, now.getTime())) : null,
      });
      seeded++;
    }
  });
  if (seeded > 0 || left.length > 0) log.info({ notifications: seeded, left }, 'demo notifications created');
}

/** For the tests: what the demo data is made of. */
export const demoNotifications = notes;
