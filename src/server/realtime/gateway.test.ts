import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import { echoEventName } from '#shared/realtime.ts';
import { userRoom } from './gateway.ts';

let app: FastifyInstance;
let url: string;
const sockets: Socket[] = [];

function open(cookie?: string): Promise<Socket> {
  const socket = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: cookie ? { cookie } : {},
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app.close();
});

describe('handshake', () => {
  it('lets a visitor connect without a session', async () => {
    const socket = await open();
    expect(socket.connected).toBe(true);
  });

  it("puts a signed-in user's socket in that user's room, from the session cookie", async () => {
    const { cookie, id } = await signUpVerified(app, 'room@example.test');
    const socket = await open(cookie);
    const received = new Promise((resolve) => socket.on('notification', resolve));
    app.gateway.io.to(userRoom(id)).emit('notification' as never, { text: 'hello' } as never);
    expect(await received).toEqual({ text: 'hello' });
  });

  it('treats a forged cookie as a visitor', async () => {
    const socket = await open('better-auth.session_token=forged.value');
    const [sockets] = await Promise.all([app.gateway.io.fetchSockets()]);
    const server = sockets.find((s) => s.id === socket.id);
    expect(server?.data.user).toBeNull();
  });
});

describe('diagnostics echo', () => {
  it('acks a valid payload and refuses an invalid one', async () => {
    const socket = await open();
    const ok = await socket.timeout(2000).emitWithAck(echoEventName, { text: ' ping ' });
    expect(ok).toMatchObject({ ok: true, text: 'ping' });
    const bad = await socket.timeout(2000).emitWithAck(echoEventName, { text: 'x'.repeat(501) });
    expect(bad).toMatchObject({ ok: false });
  });
});

describe.runIf(process.env.REDIS_URL)('across server nodes (Redis streams adapter)', () => {
  it('delivers a room event emitted on one node to a socket connected to another', async () => {
    const other = await createTestApp();
    await other.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { cookie, id } = await signUpVerified(app, 'nodes@example.test');
      const socket = await open(cookie); // connected to the first node
      const received = new Promise((resolve) => socket.on('notification', resolve));
      // Give the adapter a moment to subscribe before publishing from the other node.
      await new Promise((r) => setTimeout(r, 300));
      other.gateway.io.to(userRoom(id)).emit('notification' as never, { text: 'from node B' } as never);
      expect(await received).toEqual({ text: 'from node B' });
    } finally {
      await other.close();
    }
  });
});
