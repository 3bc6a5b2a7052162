import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { messages } from '#server/db/schema/requests.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { collect, listen, nextEvent, openSocket, sleep } from '#server/realtime/test/sockets.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import type { ChatMessage, Conversation, MessagePage, MessagesRead } from '#shared/chat.ts';
import { chatUrl, openMemberConversation, send } from './test/helpers.ts';

/** A refusal's status and catalog code, to assert both at once. */
const refusal = (res: { statusCode: number; json: () => unknown }) => ({
  status: res.statusCode,
  code: (res.json() as { error?: { code?: string } }).error?.code,
});

let app: FastifyInstance;
let url: string;
const sockets: Socket[] = [];
let sam: { cookie: string; id: string };
let tess: { cookie: string; id: string };
let olga: { cookie: string; id: string }; // an outsider to Sam and Tess's conversation
let conversationId: string;

async function socketOf(cookie: string) {
  const socket = await openSocket(url, cookie);
  sockets.push(socket);
  return socket;
}
const get = (cookie: string | undefined, path: string) =>
  app.inject({ url: chatUrl(path), headers: cookie ? { cookie } : {} });
const post = (cookie: string | undefined, path: string, payload?: unknown) =>
  app.inject({ method: 'POST', url: chatUrl(path), headers: cookie ? { cookie } : {}, payload: payload as object });
const conversationsOf = async (cookie: string) =>
  ((await get(cookie, '/conversations')).json() as { items: Conversation[] }).items;
const totalOf = async (cookie: string) => ((await get(cookie, '/total-unread')).json() as { count: number }).count;

beforeAll(async () => {
  app = await createTestApp();
  url = await listen(app);
  sam = await signUpVerified(app, 'sam@example.test', 'Sam Sender');
  tess = await signUpVerified(app, 'tess@example.test', 'Tess Traveler');
  olga = await signUpVerified(app, 'olga@example.test', 'Olga Outsider');
  conversationId = await openMemberConversation(app, sam.id, tess.id);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app.close();
});

describe('who may read and write a conversation', () => {
  const unknown = '00000000-0000-4000-8000-000000000000';

  it('answers 401 to a visitor on every endpoint', async () => {
    for (const res of [
      await get(undefined, '/conversations'),
      await get(undefined, `/conversations/${conversationId}/messages`),
      await post(undefined, `/conversations/${conversationId}/messages`, { content: 'hi' }),
      await post(undefined, `/conversations/${conversationId}/read`),
      await get(undefined, '/total-unread'),
    ])
      expect(res.statusCode).toBe(401);
  });

  it('answers 403 to a member who is not a participant, and stores nothing', async () => {
    expect((await get(olga.cookie, `/conversations/${conversationId}/messages`)).statusCode).toBe(403);
    expect(refusal(await send(app, olga.cookie, conversationId, 'let me in'))).toEqual({
      status: 403,
      code: 'CONVERSATION_NOT_YOURS',
    });
    expect((await post(olga.cookie, `/conversations/${conversationId}/read`)).statusCode).toBe(403);
    const stored = await app.database.db.select().from(messages).where(eq(messages.content, 'let me in'));
    expect(stored).toEqual([]);
    expect(await conversationsOf(olga.cookie)).toEqual([]);
  });

  it('answers 404 for an unknown conversation and 400 for a malformed id', async () => {
    expect((await get(sam.cookie, `/conversations/${unknown}/messages`)).statusCode).toBe(404);
    expect((await send(app, sam.cookie, unknown, 'hello')).statusCode).toBe(404);
    expect((await post(sam.cookie, `/conversations/${unknown}/read`)).statusCode).toBe(404);
    expect((await get(sam.cookie, '/conversations/not-an-id/messages')).statusCode).toBe(400);
  });
});

describe('sending', () => {
  it('trims the content and refuses empty or over-long messages with the field named', async () => {
    const ok = await send(app, sam.cookie, conversationId, '  Hello Tess  ');
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ conversationId, senderId: sam.id, content: 'Hello Tess', readAt: null });
    for (const content of ['   ', '', 'x'.repeat(2001)]) {
      const bad = await send(app, sam.cookie, conversationId, content);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', fields: { content: [expect.any(String)] } },
      });
    }
    expect((await send(app, sam.cookie, conversationId, 'x'.repeat(2000))).statusCode).toBe(201);
  });

  it('pushes the stored message to both participants (every tab) and to nobody else', async () => {
    const tessTab = await socketOf(tess.cookie);
    const samOtherTab = await socketOf(sam.cookie);
    const olgaTab = await socketOf(olga.cookie);
    const olgaSaw = collect(olgaTab, 'message');
    const toTess = nextEvent<ChatMessage>(tessTab, 'message');
    const toSam = nextEvent<ChatMessage>(samOtherTab, 'message');
    const res = await send(app, sam.cookie, conversationId, 'Are you at the station?');
    const sent = res.json() as ChatMessage;
    expect(await toTess).toEqual(sent);
    expect(await toSam).toEqual(sent);
    // Stored before it was pushed: the page already has it.
    const page = (await get(tess.cookie, `/conversations/${conversationId}/messages`)).json() as MessagePage;
    expect(page.items[0]).toEqual(sent);
    await sleep(200);
    expect(olgaSaw).toEqual([]);
  });
});

describe('paging', () => {
  it('returns 30 a page, newest first, and `before` continues without gaps or repeats', async () => {
    const cid = await openMemberConversation(app, olga.id, tess.id);
    for (let i = 1; i <= 65; i++) await send(app, i % 2 ? olga.cookie : tess.cookie, cid, `message ${i}`);
    const seen: string[] = [];
    let before: string | null = null;
    const sizes: number[] = [];
    do {
      const res = await get(olga.cookie, `/conversations/${cid}/messages${before ? `?before=${before}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as MessagePage;
      sizes.push(page.items.length);
      seen.push(...page.items.map((m) => m.content));
      before = page.nextBefore;
    } while (before);
    expect(sizes).toEqual([30, 30, 5]);
    expect(seen).toEqual(Array.from({ length: 65 }, (_, i) => `message ${65 - i}`));
  });

  it("refuses a `before` that is not one of the conversation's messages", async () => {
    const [other] = await app.database.db.select().from(messages).where(eq(messages.senderId, sam.id)).limit(1);
    const cid = await openMemberConversation(app, olga.id, sam.id);
    const res = await get(olga.cookie, `/conversations/${cid}/messages?before=${other?.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { fields: { before: [expect.any(String)] } } });
  });
});

describe('unread counts and read receipts', () => {
  it('counts what the other side sent, marks it read with a receipt, and never goes below zero', async () => {
    const a = await signUpVerified(app, 'ann@example.test', 'Ann');
    const b = await signUpVerified(app, 'bob@example.test', 'Bob');
    const c1 = await openMemberConversation(app, a.id, b.id);
    const c2 = await openMemberConversation(app, a.id, sam.id);
    await send(app, a.cookie, c1, 'one');
    await send(app, a.cookie, c1, 'two');
    await send(app, sam.cookie, c2, 'three');
    await send(app, b.cookie, c1, 'from bob');

    expect(await totalOf(b.cookie)).toBe(2);
    expect(await totalOf(a.cookie)).toBe(2); // Bob's one + Sam's one
    const list = await conversationsOf(a.cookie);
    expect(list.map((c) => [c.id, c.unreadCount])).toEqual([
      [c1, 1],
      [c2, 1],
    ]);
    expect(list[0]?.lastMessage?.content).toBe('from bob');
    expect(list[0]?.recipient).toMatchObject({ id: b.id, uid: b.id, name: 'Bob' });

    const annTab = await socketOf(a.cookie);
    const receipt = nextEvent<MessagesRead>(annTab, 'messages_read');
    const read = await post(b.cookie, `/conversations/${c1}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ conversationId: c1, marked: 2 });
    expect(await receipt).toEqual({ conversationId: c1, readerId: b.id, readAt: read.json().readAt });
    // Ann's ticks: her messages now carry readAt; Bob's own message stays unread for Ann.
    const page = (await get(a.cookie, `/conversations/${c1}/messages`)).json() as MessagePage;
    expect(page.items.map((m) => [m.content, m.readAt !== null])).toEqual([
      ['from bob', false],
      ['two', true],
      ['one', true],
    ]);
    expect(await totalOf(b.cookie)).toBe(0);
    // Reading again marks nothing and sends no receipt; the count stays at zero, not below.
    const quiet = collect(annTab, 'messages_read');
    expect((await post(b.cookie, `/conversations/${c1}/read`)).json()).toMatchObject({ marked: 0 });
    await sleep(150);
    expect(quiet).toEqual([]);
    expect(await totalOf(b.cookie)).toBe(0);
    expect((await conversationsOf(b.cookie))[0]?.unreadCount).toBe(0);
  });
});

describe('an administrator opens a conversation', () => {
  it('is admin-only, opens once per member, is audit-logged, and the member can answer', async () => {
    const admin = await signUpVerified(app, 'admin@example.test', 'Alex Admin');
    await makeAdmin(app, admin.id);
    const open = (cookie: string | undefined, userId: string) =>
      app.inject({
        method: 'POST',
        url: '/api/admin/conversations',
        headers: cookie ? { cookie } : {},
        payload: { userId },
      });
    expect((await open(undefined, sam.id)).statusCode).toBe(401);
    expect((await open(olga.cookie, sam.id)).statusCode).toBe(403);
    expect((await open(admin.cookie, admin.id)).statusCode).toBe(400);
    expect((await open(admin.cookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const first = await open(admin.cookie, olga.id);
    expect(first.statusCode).toBe(201);
    const conversation = first.json() as Conversation;
    expect(conversation).toMatchObject({ recipient: { id: olga.id, uid: olga.id }, package: null, lastMessage: null });
    const again = await open(admin.cookie, olga.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(conversation.id);
    const audit = await app.database.db.select().from(auditLog).where(eq(auditLog.action, 'conversation.open'));
    expect(audit).toMatchObject([{ actorId: admin.id, subjectId: olga.id, data: { conversationId: conversation.id } }]);

    expect((await send(app, olga.cookie, conversation.id, 'Hi admin')).statusCode).toBe(201);
    expect((await conversationsOf(olga.cookie)).map((c) => c.id)).toContain(conversation.id);
  });

  it('reuses the conversation the pair already has (one per pair), without a second audit entry', async () => {
    const admin = await signUpVerified(app, 'admin-member@example.test', 'Ava Admin');
    await makeAdmin(app, admin.id);
    // The admin also carried a package for Sam, as a member: that request opened their conversation.
    const existing = await openMemberConversation(app, sam.id, admin.id);
    const open = () =>
      app.inject({
        method: 'POST',
        url: '/api/admin/conversations',
        headers: { cookie: admin.cookie },
        payload: { userId: sam.id },
      });
    const [first, second] = await Promise.all([open(), open()]);
    for (const res of [first, second]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().id).toBe(existing);
    }
    const pairs = (await conversationsOf(sam.cookie)).filter((c) => c.recipient.id === admin.id);
    expect(pairs.map((c) => c.id)).toEqual([existing]);
    const audit = await app.database.db.select().from(auditLog).where(eq(auditLog.action, 'conversation.open'));
    expect(audit.filter((entry) => entry.actorId === admin.id)).toEqual([]);
  });
});
