import { and, asc, count, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { packages } from '#server/db/schema/packages.ts';
import { conversations, requests } from '#server/db/schema/requests.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import { orderedPair } from '#server/modules/chat/public.ts';
import { misfitsOf } from '#server/modules/requests/public.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import type { RequestStarter } from '#shared/requests.ts';
import { demoCities, demoSeed } from './seed-packages.ts';
import { type EventTimes, eventTimesOf } from './timeline.ts';

// Demo mode's requests: the accepted request behind every package Tess carries, with the
// one conversation between Sam and Tess that the first acceptance opened, and a few more: two still
// open to answer, one declined, one withdrawn and one expired, so /user/packages/requests has
// something on both sides and agrees with the demo notifications (seed-notifications.ts). Seeded
// once, after the packages and trips.

const SENDER = 'sender@tagalong.test';
const TRAVELER = 'traveler@tagalong.test';
const DAY = 24 * 60 * 60 * 1000;

type City = keyof typeof demoCities;

/** A request on one of Sam's packages and one of Tess's trips that was never accepted. */
interface DemoRequest {
  title: string;
  trip: [from: City, to: City];
  startedBy: RequestStarter;
  status: 'pending' | 'declined' | 'withdrawn' | 'expired';
  message: string;
  /** Days before the time the demo data is written; each is after the package was published. */
  madeDaysAgo: number;
  /** An expired request ends when its package left `open`, so it has none. */
  answeredDaysAgo?: number;
  /** Counter-offers made on it (docs/product.md §4.5): the last reward proposed and by whom. */
  negotiated?: { reward: number; by: RequestStarter; counters: number };
}

const others: DemoRequest[] = [
  // Tess answers it: the notification "Sam Sender invited your Paris → Berlin trip…".
  {
    title: 'Birthday gift for my sister',
    trip: ['paris', 'berlin'],
    startedBy: 'sender',
    status: 'pending',
    message: 'Hi Tess! Your Paris → Berlin train fits my sister’s birthday gift. It is a small wrapped box.',
    madeDaysAgo: 0.2,
  },
  // Sam answers it: the trip fits the books, so accepting works.
  {
    title: "Children's books",
    trip: ['london', 'amsterdam'],
    startedBy: 'traveler',
    status: 'pending',
    message: 'Hello Sam! I take the train to Amsterdam next week and have room for the books.',
    madeDaysAgo: 0.4,
  },
  // The notifications "The traveler proposes €18.00…" (Sam had countered €15.00) and "Your offer for
  // "Winter jacket" was declined".
  {
    title: 'Winter jacket',
    trip: ['munich', 'vienna'],
    startedBy: 'traveler',
    status: 'declined',
    message: 'I can take the jacket on my train to Vienna.',
    madeDaysAgo: 2.5,
    answeredDaysAgo: 2.2,
    negotiated: { reward: 1800, by: 'traveler', counters: 2 },
  },
  // Tess cancelled this trip, which withdrew her offer (the notification to Sam says so).
  {
    title: 'Family photo album',
    trip: ['warsaw', 'berlin'],
    startedBy: 'traveler',
    status: 'withdrawn',
    message: 'I take the bus from Warsaw to Berlin on Thursday and can bring the album.',
    madeDaysAgo: 1.5,
    answeredDaysAgo: 1.2,
  },
  // Sam never answered; the offer expired with the package when its deliver-by date passed.
  {
    title: 'Concert tickets',
    trip: ['lisbon', 'madrid'],
    startedBy: 'traveler',
    status: 'expired',
    message: 'I fly to Madrid this week and can hand the tickets over in person.',
    madeDaysAgo: 6,
  },
];

/** Who ends a demo request of each status: the receiver declines, the starter withdraws, time expires. */
const closedByOf = { pending: null, declined: 'receiver', withdrawn: 'starter', expired: 'system' } as const;

/**
 * Seeds the demo requests once: skipped when Sam's packages or Tess's trips already have any request
 * (a restart, or a demo someone has been using), and when the demo accounts are missing. A pending
 * request is seeded only when it could be made now (open package, active trip that fits), so
 * answering it in the demo works.
 */
export async function seedDemoRequests(
  db: Database,
  log: FastifyBaseLogger,
  settings: SettingsStore,
  now = new Date(),
): Promise<void> {
  const accounts = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.email, [SENDER, TRAVELER]));
  const senderId = accounts.find((a) => a.email === SENDER)?.id;
  const travelerId = accounts.find((a) => a.email === TRAVELER)?.id;
  if (!senderId || !travelerId) return;
  const [existing] = await db
    .select({ n: count() })
    .from(requests)
    .innerJoin(packages, eq(packages.id, requests.packageId))
    .where(or(eq(packages.senderId, senderId), eq(requests.travelerId, travelerId)));
  if (Number(existing?.n ?? 0) > 0) return;

  const { matchRadiusMaxKm } = await settings.current();
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const skipped: string[] = [];
  let seeded = 0;

  await db.transaction(async (tx) => {
    const carried = await tx
      .select()
      .from(packages)
      .where(and(eq(packages.senderId, senderId), isNotNull(packages.travelerId), isNotNull(packages.travelPlanId)));
    const opened: (typeof conversations.$inferInsert & { createdAt: Date })[] = [];
    for (const pkg of carried) {
      const events = await eventTimesOf(tx, pkg.id);
      const matched = events.matched ?? pkg.updatedAt;
      const published = events.open;
      const madeAt = published ? new Date((published.getTime() + matched.getTime()) / 2) : matched;
      const invited = demoSeed.packages.some((p) => p.title === pkg.title && p.invited);
      // Cancelling a matched package withdraws its accepted request (requests/capacity.ts).
      const cancelledAt = pkg.status === 'cancelled' ? (events.cancelled ?? null) : null;
      const respondedAt = cancelledAt ?? matched;
      const carrierId = pkg.travelerId as string;
      await tx.insert(requests).values({
        packageId: pkg.id,
        travelerId: carrierId,
        travelPlanId: pkg.travelPlanId as string,
        startedBy: invited ? 'sender' : 'traveler',
        status: cancelledAt ? 'withdrawn' : 'accepted',
        createdAt: madeAt,
        updatedAt: respondedAt,
        respondedAt,
        // Accepted by the side it was sent to (the reliability figures read it, docs/product.md §11.1).
        closedBy: 'receiver',
      });
      opened.push({
        packageId: pkg.id,
        ...orderedPair(pkg.senderId, carrierId),
        openedBy: invited ? carrierId : pkg.senderId,
        createdAt: matched,
      });
      seeded++;
    }
    // As answer.ts does, the first acceptance between two members opens their conversation and the
    // later ones reuse it: one per pair, opened for its earliest match.
    opened.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    for (const conversation of opened)
      await tx
        .insert(conversations)
        .values(conversation)
        .onConflictDoNothing({ target: [conversations.userA, conversations.userB] });

    for (const spec of others) {
      const [pkg] = await tx
        .select()
        .from(packages)
        .where(and(eq(packages.senderId, senderId), eq(packages.title, spec.title)));
      const [plan] = await tx
        .select()
        .from(travelPlans)
        .where(
          and(
            eq(travelPlans.travelerId, travelerId),
            eq(travelPlans.originCity, demoCities[spec.trip[0]].city),
            eq(travelPlans.destinationCity, demoCities[spec.trip[1]].city),
          ),
        )
        .orderBy(asc(travelPlans.departureAt))
        .limit(1);
      const answerable =
        pkg?.status === 'open' &&
        plan?.status === 'active' &&
        (await misfitsOf(tx, pkg, plan, matchRadiusMaxKm, now)).length === 0;
      if (!pkg || !plan || (spec.status === 'pending' && !answerable)) {
        skipped.push(spec.title);
        continue;
      }
      const answeredAt =
        spec.status === 'expired'
          ? leftOpenAt(await eventTimesOf(tx, pkg.id))
          : spec.answeredDaysAgo === undefined
            ? null
            : ago(spec.answeredDaysAgo);
      const made = await tx
        .insert(requests)
        .values({
          packageId: pkg.id,
          travelerId,
          travelPlanId: plan.id,
          startedBy: spec.startedBy,
          status: spec.status,
          message: spec.message,
          createdAt: ago(spec.madeDaysAgo),
          updatedAt: answeredAt ?? ago(spec.madeDaysAgo),
          respondedAt: answeredAt,
          closedBy: closedByOf[spec.status],
          ...(spec.negotiated
            ? {
                reward: spec.negotiated.reward,
                proposedBy: spec.negotiated.by,
                counters: spec.negotiated.counters,
              }
            : {}),
        })
        // The one-pending-per-package-and-traveler index: never a second one.
        .onConflictDoNothing()
        .returning({ id: requests.id });
      seeded += made.length;
    }
  });
  log.info({ requests: seeded, skipped }, 'demo requests created');
}

/** When its pending requests expired (docs/product.md §4): the first move after `open`. */
function leftOpenAt(events: EventTimes): Date | null {
  const opened = events.open;
  if (!opened) return null;
  const later = Object.values(events)
    .filter((at) => at > opened)
    .sort((a, b) => a.getTime() - b.getTime());
  return later[0] ?? null;
}

/** For the tests: what the demo data is made of. */
export const demoRequests = { others };
