import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Auth } from '#server/modules/auth/auth.ts';
import { getSessionUser, type SessionUser } from '#server/modules/auth/service.ts';
import { type EchoAck, echoEventName, echoPayloadSchema } from '#shared/realtime.ts';

export interface SocketData {
  user: SessionUser | null;
}

export interface Gateway {
  io: Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>;
  close(): Promise<void>;
}

export function userRoom(userId: string): string {
  return `user:${userId}`;
}

/**
 * Socket.IO on the HTTP server Fastify owns. The handshake reads the session cookie, so a socket
 * is a user's exactly when the HTTP session is; visitors connect without one. With REDIS_URL the
 * streams adapter carries room broadcasts between server nodes.
 */
export async function createGateway(options: {
  server: HttpServer;
  auth: Auth;
  redisUrl: string | undefined;
  log: FastifyBaseLogger;
}): Promise<Gateway> {
  const { server, auth, redisUrl, log } = options;
  const redis = redisUrl ? new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 }) : null;
  if (redis) {
    redis.on('error', (err) => log.error({ err }, 'redis client error'));
    await redis.connect();
  }
  const io: Gateway['io'] = new Server(server, {
    serveClient: false,
    cors: { origin: false },
    ...(redis ? { adapter: createAdapter(redis) } : {}),
  });

  io.use(async (socket, next) => {
    try {
      socket.data.user = await getSessionUser(auth, socket.request.headers);
      next();
    } catch (err) {
      log.warn({ err }, 'socket handshake failed');
      next(new Error('handshake failed'));
    }
  });

  io.on('connection', (socket) => {
    const user = socket.data.user;
    if (user) void socket.join(userRoom(user.id));
    (socket as unknown as { on(e: string, l: (...a: unknown[]) => void): void }).on(
      echoEventName,
      (payload: unknown, ack: unknown) => {
        if (typeof ack !== 'function') return;
        const parsed = echoPayloadSchema.safeParse(payload);
        const answer: EchoAck = parsed.success
          ? { ok: true, text: parsed.data.text, receivedAt: new Date().toISOString() }
          : { ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid payload' };
        ack(answer);
      },
    );
  });

  return {
    io,
    // Not io.close(): that would also close the HTTP server, which Fastify owns and drains.
    async close() {
      // Only this node's sockets: the others belong to nodes that keep running.
      io.local.disconnectSockets(true);
      io.engine.close();
      await Promise.all([...io._nsps.values()].map((nsp) => nsp.adapter.close()));
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
