import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMemberConversation, send } from '#server/modules/chat/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import type { ChatMessage } from '#shared/chat.ts';
import { collect, eventually, listen, openSocket, sleep } from './test/sockets.ts';

// Connection state recovery (robustness): a socket that drops briefly comes back with its
// room and the events it missed; one whose session ended meanwhile does not keep the room.

let app: FastifyInstance;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await createTestApp();
  url = await listen(app);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app.close();
});

/** Cuts the connection under the socket, as a network drop does; the client reconnects by itself. */
function dropConnection(socket: Socket) {
  socket.io.engine.close();
}

describe('connection state recovery', () => {
  it('replays what a briefly disconnected tab missed', async () => {
    const sam = await signUpVerified(app, 'sam@example.test', 'Sam');
    const tess = await signUpVerified(app, 'tess@example.test', 'Tess');
    const conversationId = await openMemberConversation(app, sam.id, tess.id);
    const tessTab = await openSocket(url, tess.cookie, { reconnection: true, reconnectionDelay: 600 });
    sockets.push(tessTab);
    const got = collect<ChatMessage>(tessTab, 'message');
    await sleep(100); // the server records the first offset

    await send(app, sam.cookie, conversationId, 'before the drop');
    await eventually(() => got.length === 1, 3000, 'first message');
    dropConnection(tessTab);
    expect(tessTab.connected).toBe(false);
    const missed = (await send(app, sam.cookie, conversationId, 'while away')).json() as ChatMessage;
    await eventually(() => tessTab.connected, 5000, 'reconnected');
    expect(tessTab.recovered).toBe(true);
    await eventually(() => got.some((m) => m.id === missed.id), 3000, 'missed message replayed');
  });

  it('does not give a signed-out session its room back', async () => {
    const sam = await signUpVerified(app, 'sam2@example.test', 'Sam');
    const olga = await signUpVerified(app, 'olga@example.test', 'Olga');
    const conversationId = await openMemberConversation(app, sam.id, olga.id);
    const olgaTab = await openSocket(url, olga.cookie, { reconnection: true, reconnectionDelay: 300 });
    sockets.push(olgaTab);
    const got = collect<ChatMessage>(olgaTab, 'message');
    await sleep(100);
    // One event received gives the tab an offset to resume from, so the drop below is recoverable.
    await send(app, sam.cookie, conversationId, 'before signing out');
    await eventually(() => got.length === 1, 3000, 'first message');
    got.length = 0;
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: olga.cookie },
    });
    expect(out.statusCode).toBe(200);
    dropConnection(olgaTab);
    await eventually(() => olgaTab.connected, 5000, 'reconnected');
    expect(olgaTab.recovered).toBe(true);
    await sleep(100);
    const server = (await app.gateway.io.fetchSockets()).find((s) => s.id === olgaTab.id);
    expect(server?.data.user).toBeNull();
    expect([...(server?.rooms ?? [])].filter((r) => r.startsWith('user:'))).toEqual([]);
    await send(app, sam.cookie, conversationId, 'not for a signed-out tab');
    await sleep(300);
    expect(got).toEqual([]);
  });
});
