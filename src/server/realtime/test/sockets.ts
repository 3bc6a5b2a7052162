import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { type ChatMessage, type SendMessageAck, sendMessageEventName } from '#shared/chat.ts';

/** The base URL of an app that listens on a random port. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Opens a socket as the browser does (the session cookie on the handshake) and waits until it is in. */
export function openSocket(
  url: string,
  cookie?: string,
  options: { reconnection?: boolean; reconnectionDelay?: number } = {},
): Promise<Socket> {
  const socket = connect(url, {
    transports: ['websocket'],
    reconnection: options.reconnection ?? false,
    reconnectionDelay: options.reconnectionDelay ?? 100,
    reconnectionDelayMax: Math.max(500, options.reconnectionDelay ?? 0),
    randomizationFactor: 0,
    extraHeaders: cookie ? { cookie } : {},
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Every payload of `event` the socket receives, in order. */
export function collect<T = unknown>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

/** The next payload of `event`, or a rejection after `ms`. */
export function nextEvent<T = unknown>(socket: Socket, event: string, ms = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, on);
      reject(new Error(`no "${event}" event within ${ms} ms`));
    }, ms);
    const on = (payload: T) => {
      clearTimeout(timer);
      socket.off(event, on);
      resolve(payload);
    };
    socket.on(event, on);
  });
}

/** Polls `check` until it returns true (for state another process or node settles). */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  ms = 5000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} not met within ${ms} ms`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends a chat message over the socket, as the web app does, and gives the stored message. */
export async function sendOverSocket(tab: Socket, conversationId: string, content: string): Promise<ChatMessage> {
  const ack = (await tab
    .timeout(5000)
    .emitWithAck(sendMessageEventName, { conversationId, content })) as SendMessageAck;
  if (!ack.ok) throw new Error(`message:send refused: ${JSON.stringify(ack.error)}`);
  return ack.message;
}
