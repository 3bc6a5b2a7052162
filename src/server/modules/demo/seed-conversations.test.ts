import { asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { packageEvents, packages } from '#server/db/schema/packages.ts';
import { conversations, messages, requests } from '#server/db/schema/requests.ts';
import { buildStartedApp, testConfig } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import type { Conversation, ConversationList, MessagePage } from '#shared/chat.ts';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import type { PackageView } from '#shared/packages.ts';
import { demoChat } from './seed-conversations.ts';

// Demo mode's chat: Sam and Tess have one conversation (one per pair), opened for the first package
// Tess was matched with; it holds what they wrote about each package in time order, the chocolates
// last with Tess's last two messages unread, the other exchanges timed by their package's timeline;
// a restart adds nothing.

const MINUTE = 60 * 1000;
let database: DatabaseHandle;
let app: FastifyInstance;

/** The same database for two starts: the app's close must not close it in between. */
const startApp = () =>
  buildStartedApp(testConfig({ demoMode: true }), { database: { ...database, close: async () => undefined } });

async function signIn(email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}
const conversationsOf = async (cookie: string) =>
  (await app.inject({ url: '/api/communication/chat/conversations', headers: { cookie } })).json() as ConversationList;
const messagesOf = async (cookie: string, id: string) =>
  (
    await app.inject({ url: `/api/communication/chat/conversations/${id}/messages`, headers: { cookie } })
  ).json() as MessagePage;
const counts = async () => {
  const [m] = await database.db.select({ n: count() }).from(messages);
  const [c] = await database.db.select({ n: count() }).from(conversations);
  return { messages: m?.n, conversations: c?.n };
};

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startApp();
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** Sam and Tess's one conversation, oldest message first. */
async function theirConversation(cookie: string) {
  const list = await conversationsOf(cookie);
  expect(list.items).toHaveLength(1);
  const [conversation] = list.items;
  const page = await messagesOf(cookie, conversation?.id as string);
  expect(page.nextBefore).toBeNull();
  return { conversation: conversation as Conversation, oldestFirst: page.items.slice().reverse() };
}
const chocolatesContents = demoChat.messages.map((m) => m[2]);

describe('the demo conversations', () => {
  it('give Sam one conversation with Tess, opened for her first match, the chocolates last and unread', async () => {
    const sam = await signIn('sender@tagalong.test');
    const { conversation, oldestFirst } = await theirConversation(sam);
    expect(conversation.recipient.name).toBe('Tess Traveler');
    const [firstMatch] = await database.db
      .select({ packageId: packageEvents.packageId })
      .from(packageEvents)
      .where(eq(packageEvents.toStatus, 'matched'))
      .orderBy(asc(packageEvents.createdAt))
      .limit(1);
    expect(conversation.package?.id).toBe(firstMatch?.packageId);
    expect(conversation).toMatchObject({
      unreadCount: 2,
      lastMessage: { content: chocolatesContents.at(-1) },
    });
    const historyCount = Object.values(demoChat.histories).reduce((n, h) => n + h.length, 0);
    expect(oldestFirst).toHaveLength(chocolatesContents.length + historyCount);
    // Tess's last two (about the chocolates) are the newest and the only unread ones.
    expect(oldestFirst.slice(-2).map((m) => [m.content, m.readAt])).toEqual(
      chocolatesContents.slice(-2).map((content) => [content, null]),
    );
    for (const m of oldestFirst.slice(0, -2)) expect(m.readAt, m.content).not.toBeNull();
    const total = await app.inject({ url: '/api/communication/chat/total-unread', headers: { cookie: sam } });
    expect(total.json()).toEqual({ count: 2 });

    // The chocolates' package page links this same conversation.
    const [chocolates] = await database.db.select().from(packages).where(eq(packages.title, demoChat.packageTitle));
    const pkg = (
      await app.inject({ url: `/api/packages/${chocolates?.id}`, headers: { cookie: sam } })
    ).json() as PackageView;
    expect(pkg).toMatchObject({ status: 'matched', conversationId: conversation.id });
  });

  it("tell the chocolates' story as the request does: Tess offered, Sam accepted, she thanks him", async () => {
    const tess = await signIn('traveler@tagalong.test');
    const [chocolates] = await database.db.select().from(packages).where(eq(packages.title, demoChat.packageTitle));
    const [request] = await database.db
      .select()
      .from(requests)
      .where(eq(requests.packageId, chocolates?.id as string));
    expect(request).toMatchObject({ startedBy: 'traveler', status: 'accepted' });
    const { oldestFirst } = await theirConversation(tess);
    const told = oldestFirst.filter((m) => chocolatesContents.includes(m.content));
    expect(told.map((m) => m.content)).toEqual(chocolatesContents);
    const opening = told[0];
    expect(opening?.senderId).toBe(request?.travelerId);
    expect(opening?.content).toMatch(/accepting my offer/);
    expect(opening?.content).not.toMatch(/I accepted/);
    const total = await app.inject({ url: '/api/communication/chat/total-unread', headers: { cookie: tess } });
    expect(total.json()).toEqual({ count: 0 });
  });

  it('time every other exchange by its package: after the conversation opened, at the moments it names, before the chocolates', async () => {
    const tess = await signIn('traveler@tagalong.test');
    const { conversation, oldestFirst } = await theirConversation(tess);
    const times = oldestFirst.map((m) => new Date(m.createdAt).getTime());
    expect(times).toEqual(times.slice().sort((a, b) => a - b));
    const chocolatesLast = times.at(-1) as number;
    const opened = new Date(conversation.createdAt).getTime();
    for (const [title, history] of Object.entries(demoChat.histories)) {
      const contents = history.map((h) => h[3]);
      const told = oldestFirst.filter((m) => contents.includes(m.content));
      expect(
        told.map((m) => m.content),
        title,
      ).toEqual(contents);
      const [pkg] = await database.db.select().from(packages).where(eq(packages.title, title));
      const events = await database.db
        .select()
        .from(packageEvents)
        .where(eq(packageEvents.packageId, pkg?.id as string));
      for (const [i, [status, minutes]] of history.entries()) {
        const at = new Date(told[i]?.createdAt as string).getTime();
        const event = events.find((e) => e.toStatus === status)?.createdAt.getTime() ?? 0;
        expect(at, `${title}: ${status}`).toBe(event + minutes * MINUTE);
        expect(at, title).toBeGreaterThan(opened);
        expect(at, title).toBeLessThan(chocolatesLast);
      }
    }
  });

  it('are seeded once: a restart on the same data adds nothing', async () => {
    const before = await counts();
    await app.close();
    app = await startApp();
    await app.ready();
    expect(await counts()).toEqual(before);
  });
});
