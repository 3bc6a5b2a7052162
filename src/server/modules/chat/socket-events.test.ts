import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#server/db/schema/requests.ts';
import { collect, listen, nextEvent, openSocket, sleep } from '#server/realtime/test/sockets.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import {
  type ChatMessage,
  markReadEventName,
  type SendMessageAck,
  sendMessageEventName,
  typingStartEventName,
} from '#shared/chat.ts';
import { openMemberConversation, send } from './test/helpers.ts';

// Over the socket: every client → server event is authorised and validated on the
// server; an outsider is refused with an ack error and nothing happens.

let app: FastifyInstance;
let url: string;
const sockets: Socket[] = [];
let sam: { cookie: string; id: string };
let tess: { cookie: string; id: string };
let olga: { cookie: string; id: string };
let conversationId: string;

async function socketOf(cookie?: string) {
  const socket = await openSocket(url, cookie);
  sockets.push(socket);
  return socket;
}
const ask = (socket: Socket, event: string, payload: unknown) =>
  socket.timeout(3000).emitWithAck(event, payload) as Promise<SendMessageAck>;
const stored = async (content: string) => app.database.db.select().from(messages).where(eq(messages.content, content));

beforeAll(async () => {
  app = await createTestApp();
  url = await listen(app);
  sam = await signUpVerified(app, 'sam@example.test', 'Sam');
  tess = await signUpVerified(app, 'tess@example.test', 'Tess');
  olga = await signUpVerified(app, 'olga@example.test', 'Olga');
  conversationId = await openMemberConversation(app, sam.id, tess.id);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app.close();
});

describe('message:send', () => {
  it('stores and pushes a participant’s message, acking it', async () => {
    const samTab = await socketOf(sam.cookie);
    const tessTab = await socketOf(tess.cookie);
    const received = nextEvent<ChatMessage>(tessTab, 'message');
    const ack = await ask(samTab, sendMessageEventName, { conversationId, content: '  over the socket ' });
    expect(ack).toMatchObject({ ok: true, message: { senderId: sam.id, content: 'over the socket' } });
    expect(await received).toEqual((ack as { message: ChatMessage }).message);
    expect(await stored('over the socket')).toHaveLength(1);
  });

  it('refuses an outsider with FORBIDDEN: nothing stored, nothing delivered', async () => {
    const olgaTab = await socketOf(olga.cookie);
    const tessTab = await socketOf(tess.cookie);
    const tessSaw = collect(tessTab, 'message');
    const ack = await ask(olgaTab, sendMessageEventName, { conversationId, content: 'sneaking in' });
    expect(ack).toEqual({
      ok: false,
      error: { code: 'CONVERSATION_NOT_YOURS', kind: 'FORBIDDEN', message: 'This conversation is not yours.' },
    });
    await sleep(150);
    expect(tessSaw).toEqual([]);
    expect(await stored('sneaking in')).toEqual([]);
  });

  it('answers an unknown conversation with its catalog code, of the NOT_FOUND kind', async () => {
    const samTab = await socketOf(sam.cookie);
    const ack = await ask(samTab, sendMessageEventName, {
      conversationId: '00000000-0000-4000-8000-000000000000',
      content: 'into the void',
    });
    expect(ack).toMatchObject({ ok: false, error: { code: 'CONVERSATION_NOT_FOUND', kind: 'NOT_FOUND' } });
    expect(await stored('into the void')).toEqual([]);
  });

  it('refuses a visitor with UNAUTHENTICATED', async () => {
    const visitor = await socketOf();
    const ack = await ask(visitor, sendMessageEventName, { conversationId, content: 'anonymous' });
    expect(ack).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED', kind: 'UNAUTHENTICATED' } });
    expect(await stored('anonymous')).toEqual([]);
  });

  it('drops bad payloads (no sender may be named, content limits hold) and says why', async () => {
    const samTab = await socketOf(sam.cookie);
    for (const payload of [
      { conversationId, content: 'as Tess', senderId: tess.id },
      { conversationId, content: '   ' },
      { conversationId, content: 'x'.repeat(2001) },
      { conversationId: 'nope', content: 'hi' },
      'just a string',
      null,
    ]) {
      const ack = await ask(samTab, sendMessageEventName, payload);
      expect(ack).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    }
    expect(await stored('as Tess')).toEqual([]);
    // Still connected and usable after the bad payloads.
    expect(await ask(samTab, sendMessageEventName, { conversationId, content: 'still here' })).toMatchObject({
      ok: true,
    });
  });

  it('accepts a message sent without an acknowledgement callback', async () => {
    const samTab = await socketOf(sam.cookie);
    samTab.emit(sendMessageEventName, { conversationId, content: 'no ack wanted' });
    await sleep(300);
    expect(await stored('no ack wanted')).toHaveLength(1);
    expect(samTab.connected).toBe(true);
  });
});

describe('message:read', () => {
  it('marks read for a participant (with the receipt) and refuses an outsider', async () => {
    await send(app, sam.cookie, conversationId, 'please read');
    const samTab = await socketOf(sam.cookie);
    const tessTab = await socketOf(tess.cookie);
    const olgaTab = await socketOf(olga.cookie);
    const receipt = nextEvent(samTab, 'messages_read');
    expect(await ask(olgaTab, markReadEventName, { conversationId })).toMatchObject({
      ok: false,
      error: { code: 'CONVERSATION_NOT_YOURS', kind: 'FORBIDDEN' },
    });
    const [unread] = await stored('please read');
    expect(unread?.readAt).toBeNull();
    const ack = await ask(tessTab, markReadEventName, { conversationId });
    expect(ack).toMatchObject({ ok: true, read: { conversationId, marked: expect.any(Number) } });
    expect(await receipt).toMatchObject({ conversationId, readerId: tess.id });
    expect((await stored('please read'))[0]?.readAt).not.toBeNull();
  });
});

describe('typing:start', () => {
  it('reaches only the other participant, and an outsider is refused', async () => {
    const samTab = await socketOf(sam.cookie);
    const tessTab = await socketOf(tess.cookie);
    const olgaTab = await socketOf(olga.cookie);
    const olgaSaw = collect(olgaTab, 'typing');
    const samSaw = collect(samTab, 'typing');
    const typing = nextEvent(tessTab, 'typing');
    expect(await ask(samTab, typingStartEventName, { conversationId })).toEqual({ ok: true });
    expect(await typing).toEqual({ conversationId, uid: sam.id });
    expect(await ask(olgaTab, typingStartEventName, { conversationId })).toMatchObject({
      ok: false,
      error: { code: 'CONVERSATION_NOT_YOURS', kind: 'FORBIDDEN' },
    });
    await sleep(150);
    expect(olgaSaw).toEqual([]);
    expect(samSaw).toEqual([]);
  });
});

describe('rooms', () => {
  it("has no way for a client to join a room: another member's events stay theirs", async () => {
    const olgaTab = await socketOf(olga.cookie);
    const olgaSaw = collect(olgaTab, 'message');
    for (const attempt of ['join', 'subscribe', 'room:join'])
      olgaTab.emit(attempt, `user:${tess.id}`, () => {
        throw new Error('no such event may be acknowledged');
      });
    await sleep(100);
    await send(app, sam.cookie, conversationId, 'private to Tess');
    await sleep(200);
    expect(olgaSaw).toEqual([]);
    const server = (await app.gateway.io.fetchSockets()).find((s) => s.id === olgaTab.id);
    expect([...(server?.rooms ?? [])].filter((r) => r.startsWith('user:'))).toEqual([`user:${olga.id}`]);
  });

  it('refuses a browser handshake from another site', async () => {
    const foreign = connect(url, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: sam.cookie, origin: 'https://evil.example' },
      forceNew: true,
    });
    sockets.push(foreign);
    const outcome = await new Promise((resolve) => {
      foreign.once('connect', () => resolve('connected'));
      foreign.once('connect_error', () => resolve('refused'));
    });
    expect(outcome).toBe('refused');
  });
});
