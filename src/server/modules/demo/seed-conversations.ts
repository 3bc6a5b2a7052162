import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { packages } from '#server/db/schema/packages.ts';
import { conversations, messages } from '#server/db/schema/requests.ts';
import type { Transaction } from '#server/db/transaction.ts';
import { orderedPair } from '#server/modules/chat/public.ts';
import type { PackageStatus } from '#shared/package-status.ts';
import { type EventTimes, eventTimesOf } from './timeline.ts';

// Demo mode's chat. Sam Sender and Tess Traveler have one conversation (docs/product.md §7: one
// per pair), opened when the first request between them was accepted (seed-requests.ts); here it gets
// what the two wrote about each package she carried, in time order. The talk about the matched
// "Belgian chocolates" is the latest and under way (Tess's last two messages unread); the matched
// "Cosmetics gift set" has no message yet; the others are short exchanges at the moments of their
// package's timeline, all read. Seeded once.

const SENDER = 'sender@tagalong.test';
const TRAVELER = 'traveler@tagalong.test';
const PACKAGE = 'Belgian chocolates';
const MINUTE = 60 * 1000;

type Who = 'sender' | 'traveler';

/**
 * The talk about the chocolates, in minutes before the time the demo data is written: the latest in the conversation.
 * Tess offered to carry them and Sam accepted, so she thanks him. The last two Sam has not read yet.
 */
const chat: [minutesAgo: number, from: Who, content: string][] = [
  [
    26 * 60,
    'traveler',
    'Hi Sam! Thanks for accepting my offer for your chocolates. I take the Brussels → Paris train.',
  ],
  [26 * 60 - 12, 'sender', 'Great, thank you Tess! They are in a small box, well wrapped.'],
  [25 * 60, 'traveler', 'Where would suit you for the pickup? I am near Brussels-Midi.'],
  [24 * 60 + 30, 'sender', 'Brussels-Midi works. Tomorrow at 9:00, by the main entrance?'],
  [
    45,
    'traveler',
    'Perfect, see you at Brussels-Midi at 9:00 for the chocolates. I will ask you for the pickup code then.',
  ],
  [40, 'traveler', 'I will be wearing a green jacket 🙂'],
];

/**
 * What they wrote about the other packages, each message some minutes after (or before) a status of
 * its package. Read in one conversation, interleaved, each names what it is about.
 */
const histories: Record<string, [at: PackageStatus, minutes: number, from: Who, content: string][]> = {
  'Documents for a visa appointment': [
    ['matched', 20, 'sender', 'Thank you for taking the documents, Tess! The appointment in Prague is next week.'],
    ['matched', 95, 'traveler', 'Happy to help. My bus leaves from Berlin ZOB; shall we meet there?'],
    ['in_transit', 10, 'traveler', 'Got the envelope with your documents, thanks Sam. On our way to Prague.'],
  ],
  'Running shoes': [
    [
      'matched',
      30,
      'traveler',
      'Thanks for inviting me to take the running shoes! I drive to New York, they fit easily.',
    ],
    ['in_transit', -45, 'sender', 'The shoe box is at the front desk of my building, just ask for Sam.'],
  ],
  'Italian cookbooks': [
    ['in_transit', -60, 'sender', 'For the cookbooks: see you at Roma Termini, by the café at platform 1?'],
    ['delivered', 15, 'traveler', 'The cookbooks are with Marco in Milan now. He says hi!'],
  ],
  'Wireless headphones': [
    ['delivered', 10, 'traveler', 'Lucas has the headphones, safe and sound.'],
    ['completed', -30, 'sender', 'He loves them. Confirming now, thank you Tess!'],
  ],
  'Tea set': [
    ['delivered', 20, 'traveler', 'The tea set is with Chloé. The box never left my hands.'],
    ['disputed', -20, 'sender', 'Chloé found a chipped cup. Sorry, I have to open a dispute so someone can look.'],
    ['disputed', 40, 'traveler', 'I understand. The box was intact when I handed it over; the admins will see.'],
  ],
  'Board game': [
    ['matched', 25, 'traveler', 'Thanks for inviting me to carry your board game, Sam! Vienna → Prague works well.'],
    ['delivered', 5, 'traveler', 'Eva has the board game. Enjoy!'],
  ],
  'Guitar strings': [
    [
      'cancelled',
      -10,
      'sender',
      'Sorry Tess, my friend found guitar strings in Munich after all, so I am cancelling that package.',
    ],
    ['cancelled', 45, 'traveler', 'No problem at all, thanks for telling me.'],
  ],
};

interface Line {
  at: Date;
  from: Who;
  content: string;
  read: boolean;
}

function chocolatesLines(now: Date): Line[] {
  const last = chat.length - 1;
  return chat.map(([minutes, from, content], i) => ({
    at: new Date(now.getTime() - minutes * MINUTE),
    from,
    content,
    read: i < last - 1,
  }));
}

function historyLines(title: string, events: EventTimes): Line[] {
  const lines: Line[] = [];
  for (const [status, minutes, from, content] of histories[title] ?? []) {
    const event = events[status];
    // A package whose timeline lacks that status (a data folder from an older seed) gets no exchange.
    if (!event) return [];
    lines.push({ at: new Date(event.getTime() + minutes * MINUTE), from, content, read: true });
  }
  return lines;
}

/** Everything Sam and Tess wrote about the packages she carried, oldest first. */
async function threadOf(tx: Transaction, senderId: string, now: Date): Promise<Line[]> {
  const carried = await tx
    .select({ id: packages.id, title: packages.title })
    .from(packages)
    .where(and(eq(packages.senderId, senderId), inArray(packages.title, Object.keys(histories))));
  const lines = chocolatesLines(now);
  for (const pkg of carried) lines.push(...historyLines(pkg.title, await eventTimesOf(tx, pkg.id)));
  return lines.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * Writes Sam and Tess's messages once: only into their conversation while it has none (so a restart,
 * or a conversation a member has written in, is left alone). Skipped when the demo accounts or their
 * conversation are missing.
 */
export async function seedDemoConversations(db: Database, log: FastifyBaseLogger, now = new Date()): Promise<void> {
  const accounts = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.email, [SENDER, TRAVELER]));
  const senderId = accounts.find((a) => a.email === SENDER)?.id;
  const travelerId = accounts.find((a) => a.email === TRAVELER)?.id;
  if (!senderId || !travelerId) return;
  const ids: Record<Who, string> = { sender: senderId, traveler: travelerId };
  const pair = orderedPair(senderId, travelerId);

  const written = await db.transaction(async (tx) => {
    const [conversation] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.userA, pair.userA), eq(conversations.userB, pair.userB)));
    if (!conversation) return 0;
    const [said] = await tx.select({ n: count() }).from(messages).where(eq(messages.conversationId, conversation.id));
    if (Number(said?.n ?? 0) > 0) return 0;
    const thread = await threadOf(tx, senderId, now);
    const last = thread.at(-1);
    if (!last) return 0;
    await tx.insert(messages).values(
      thread.map((line) => ({
        conversationId: conversation.id,
        senderId: ids[line.from],
        content: line.content,
        createdAt: line.at,
        readAt: line.read ? new Date(line.at.getTime() + 2 * MINUTE) : null,
      })),
    );
    await tx.update(conversations).set({ lastMessageAt: last.at }).where(eq(conversations.id, conversation.id));
    return thread.length;
  });
  log.info({ messages: written }, 'demo conversation written');
}

/** For the tests: what the demo data is made of. */
export const demoChat = { messages: chat, histories, packageTitle: PACKAGE };
