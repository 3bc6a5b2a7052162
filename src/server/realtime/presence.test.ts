import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMemberConversation } from '#server/modules/chat/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import type { Conversation, UserStatus } from '#shared/chat.ts';
import { collect, eventually, listen, openSocket, sleep } from './test/sockets.ts';

// Presence through the whole app: in memory without REDIS_URL, in Redis with it (CI runs both).

let app: FastifyInstance;
let url: string;
const sockets: Socket[] = [];

async function tab(cookie: string) {
  const socket = await openSocket(url, cookie);
  sockets.push(socket);
  return socket;
}
async function recipientOnline(cookie: string, conversationId: string) {
  const res = await app.inject({ url: '/api/communication/chat/conversations', headers: { cookie } });
  return (res.json() as { items: Conversation[] }).items.find((c) => c.id === conversationId)?.recipient.online;
}

beforeAll(async () => {
  app = await createTestApp();
  url = await listen(app);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app.close();
});

describe('presence', () => {
  it('is online while any tab is open, and announces only the changes, only to conversation partners', async () => {
    const sam = await signUpVerified(app, 'sam@example.test', 'Sam');
    const tess = await signUpVerified(app, 'tess@example.test', 'Tess');
    const olga = await signUpVerified(app, 'olga@example.test', 'Olga');
    const conversationId = await openMemberConversation(app, sam.id, tess.id);

    const tessTab = await tab(tess.cookie);
    const olgaTab = await tab(olga.cookie);
    const tessHeard = collect<UserStatus>(tessTab, 'user_status');
    const olgaHeard = collect<UserStatus>(olgaTab, 'user_status');
    expect(await recipientOnline(tess.cookie, conversationId)).toBe(false);

    const first = await tab(sam.cookie);
    await eventually(() => tessHeard.length === 1, 3000, 'online announced');
    expect(tessHeard).toEqual([{ uid: sam.id, online: true }]);
    expect(await recipientOnline(tess.cookie, conversationId)).toBe(true);

    // A second tab changes nothing anyone can see.
    const second = await tab(sam.cookie);
    await sleep(200);
    expect(tessHeard).toHaveLength(1);

    // Closing one of two tabs: still online, nothing announced.
    first.close();
    await sleep(300);
    expect(tessHeard).toHaveLength(1);
    expect(await recipientOnline(tess.cookie, conversationId)).toBe(true);

    // Closing the last: offline, announced once.
    second.close();
    await eventually(() => tessHeard.length === 2, 3000, 'offline announced');
    await sleep(200);
    expect(tessHeard).toEqual([
      { uid: sam.id, online: true },
      { uid: sam.id, online: false },
    ]);
    expect(await recipientOnline(tess.cookie, conversationId)).toBe(false);
    // Olga shares no conversation with Sam: she hears nothing of him.
    expect(olgaHeard).toEqual([]);
  });

  it('counts many tabs opening and closing at once exactly', async () => {
    const ann = await signUpVerified(app, 'ann@example.test', 'Ann');
    const bob = await signUpVerified(app, 'bob@example.test', 'Bob');
    const conversationId = await openMemberConversation(app, ann.id, bob.id);
    const bobTab = await tab(bob.cookie);
    const heard = collect<UserStatus>(bobTab, 'user_status');
    const tabs = await Promise.all(Array.from({ length: 8 }, () => tab(ann.cookie)));
    await eventually(() => heard.length === 1, 3000, 'online announced');
    for (const t of tabs) t.close();
    await eventually(() => heard.length === 2, 3000, 'offline announced');
    await sleep(300);
    expect(heard.map((h) => h.online)).toEqual([true, false]);
    expect(await recipientOnline(bob.cookie, conversationId)).toBe(false);
  });
});
