import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { z } from 'zod';
import { getSessionUser, type SessionUser } from '#server/modules/auth/service.ts';
import type { Sessions } from '#server/modules/auth/sessions.ts';
import { AppError, type ErrorParams, errorCatalog } from '#shared/errors.ts';
import {
  type EchoAck,
  echoEventName,
  echoPayloadSchema,
  RECOVERY_WINDOW_MS,
  type SocketErrorCode,
} from '#shared/realtime.ts';
import { createMemoryPresence, type Presence } from './presence.ts';
import { createRedisPresence } from './presence-redis.ts';

export interface SocketData {
  user: SessionUser | null;
}

type Io = Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>;
type AnySocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>;

/** What an authorised client → server event's handler answers through the acknowledgement. */
export type EventAck = { ok: true } & Record<string, unknown>;
export type EventHandler<S extends z.ZodType> = (user: SessionUser, payload: z.infer<S>) => Promise<EventAck>;

export interface Gateway {
  io: Io;
  presence: Presence;
  /**
   * Registers a client → server event for signed-in members. The gateway refuses visitors, drops
   * payloads the schema rejects, and turns an AppError into `{ ok: false, error }`; every refusal is
   * logged. Register before the app listens: sockets pick up the handlers when they connect.
   */
  handle<S extends z.ZodType>(event: string, schema: S, handler: EventHandler<S>): void;
  /** Called when a member comes online (first socket anywhere) or goes offline (last one). */
  onPresenceChange(listener: (userId: string, online: boolean) => void | Promise<void>): void;
  close(): Promise<void>;
}

export function userRoom(userId: string): string {
  return `user:${userId}`;
}

export interface GatewayOptions {
  server: HttpServer;
  sessions: Sessions;
  redisUrl: string | undefined;
  log: FastifyBaseLogger;
  /** The site's public URL: a browser handshake from any other origin is refused. */
  baseUrl?: string;
  /** Presence heartbeat with Redis (tests shorten it). */
  presenceHeartbeatMs?: number;
  presencePrefix?: string;
}

/**
 * A refusal's acknowledgement: `code` is the catalog's (what the web words through `describeCode`),
 * `kind` the coarse socket code a client can branch on without knowing every domain code.
 */
const ackError = (kind: SocketErrorCode, message: string, code: string = kind, params?: ErrorParams) => ({
  ok: false as const,
  error: { code, kind, message, ...(params ? { params } : {}) },
});

function kindOf(status: number): SocketErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  // Any other refusal of the event as sent (a bad field, a state that no longer allows it).
  return status < 500 ? 'VALIDATION_FAILED' : 'INTERNAL';
}

/**
 * Socket.IO on the HTTP server Fastify owns. The handshake reads the session cookie, so a socket
 * is a user's exactly when the HTTP session is; visitors connect without one. With REDIS_URL the
 * streams adapter carries room broadcasts between server nodes and presence is counted in Redis.
 */
export async function createGateway(options: GatewayOptions): Promise<Gateway> {
  const { server, sessions, redisUrl, log } = options;
  const redis = redisUrl ? new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 }) : null;
  if (redis) {
    redis.on('error', (err) => log.error({ err }, 'redis client error'));
    await redis.connect();
  }
  const siteOrigin = options.baseUrl ? new URL(options.baseUrl).origin : null;
  const io: Io = new Server(server, {
    serveClient: false,
    cors: { origin: false },
    // A socket back within the window gets its id, rooms and missed events again (the streams
    // adapter keeps them in Redis). The handshake still runs: a session signed out meanwhile must
    // not resume.
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
    // CORS does not cover WebSockets: without this, another site's page could open a socket that
    // carries the member's cookie and send chat events as them. Non-browser clients send no Origin.
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      if (!origin) return callback(null, true);
      let allowed = origin === siteOrigin;
      try {
        allowed ||= new URL(origin).host === req.headers.host;
      } catch {
        allowed = false;
      }
      if (!allowed) log.warn({ origin }, 'socket handshake refused: foreign origin');
      callback(null, allowed);
    },
    ...(redis ? { adapter: createAdapter(redis) } : {}),
  });
  const presence = redis
    ? createRedisPresence({
        redis,
        log,
        ...(options.presenceHeartbeatMs ? { heartbeatMs: options.presenceHeartbeatMs } : {}),
        ...(options.presencePrefix ? { prefix: options.presencePrefix } : {}),
      })
    : createMemoryPresence();

  const handlers = new Map<string, (socket: AnySocket, payload: unknown, ack: (answer: unknown) => void) => void>();
  const presenceListeners: ((userId: string, online: boolean) => void | Promise<void>)[] = [];
  // Presence work still running when the gateway closes (each disconnect writes to Redis).
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };

  const announce = async (userId: string, online: boolean) => {
    for (const listener of presenceListeners) {
      try {
        await listener(userId, online);
      } catch (err) {
        log.warn({ err, userId, online }, 'presence announcement failed');
      }
    }
  };
  presence.onOrphaned((userIds) => {
    for (const userId of userIds) track(announce(userId, false));
  });

  io.use(async (socket, next) => {
    try {
      socket.data.user = await getSessionUser(sessions, socket.request.headers);
      next();
    } catch (err) {
      log.warn({ err }, 'socket handshake failed');
      next(new Error('handshake failed'));
    }
  });

  io.on('connection', (socket) => {
    const user = socket.data.user;
    const own = user ? userRoom(user.id) : null;
    // A recovered socket comes back with the rooms it had; the identity is the one the handshake
    // just read, so any other member's room goes (the client never names a room itself).
    for (const room of socket.rooms) if (room.startsWith('user:') && room !== own) void socket.leave(room);
    if (own) void socket.join(own);

    if (user) {
      track(
        presence
          .connect(user.id, socket.id)
          .then((change) => (change === 'online' ? announce(user.id, true) : undefined))
          .catch((err) => log.warn({ err }, 'presence connect failed')),
      );
      socket.on('disconnect', () => {
        track(
          presence
            .disconnect(user.id, socket.id)
            .then((change) => (change === 'offline' ? announce(user.id, false) : undefined))
            .catch((err) => log.warn({ err }, 'presence disconnect failed')),
        );
      });
    }

    const on = socket as unknown as { on(e: string, l: (...a: unknown[]) => void): void };
    on.on(echoEventName, (payload: unknown, ack: unknown) => {
      if (typeof ack !== 'function') return;
      const parsed = echoPayloadSchema.safeParse(payload);
      const answer: EchoAck = parsed.success
        ? { ok: true, text: parsed.data.text, receivedAt: new Date().toISOString() }
        : { ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid payload' };
      ack(answer);
    });
    // An event nobody handles is dropped; logged (quietly) so a misbehaving client can be traced.
    socket.onAny((event: string) => {
      if (event !== echoEventName && !handlers.has(event))
        log.debug({ event, socketId: socket.id, userId: user?.id ?? null }, 'socket event dropped: unknown event');
    });
    for (const [event, run] of handlers) {
      on.on(event, (...args: unknown[]) => {
        const last = args.at(-1);
        const ack = typeof last === 'function' ? (last as (answer: unknown) => void) : () => {};
        run(socket, typeof last === 'function' ? args.slice(0, -1)[0] : args[0], ack);
      });
    }
  });

  return {
    io,
    presence,
    handle(event, schema, handler) {
      handlers.set(event, (socket, payload, ack) => {
        const user = socket.data.user;
        const who = { event, socketId: socket.id, userId: user?.id ?? null };
        if (!user) {
          log.warn(who, 'socket event refused: not signed in');
          ack(ackError('UNAUTHENTICATED', 'Sign in first.'));
          return;
        }
        const parsed = schema.safeParse(payload);
        if (!parsed.success) {
          log.warn({ ...who, issues: parsed.error.issues.slice(0, 5) }, 'socket event dropped: invalid payload');
          ack(ackError('VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'Invalid payload'));
          return;
        }
        const work = handler(user, parsed.data).then(ack, (err: unknown) => {
          if (err instanceof AppError) {
            log.warn({ ...who, code: err.code, detail: err.detail }, 'socket event refused');
            ack(ackError(kindOf(err.status), errorCatalog[err.code].message, err.code, err.params));
            return;
          }
          log.error({ ...who, err }, 'socket event failed');
          ack(ackError('INTERNAL', 'Something went wrong.'));
        });
        track(work);
      });
    },
    onPresenceChange(listener) {
      presenceListeners.push(listener);
    },
    // Not io.close(): that would also close the HTTP server, which Fastify owns and drains.
    async close() {
      // Only this node's sockets: the others belong to nodes that keep running.
      io.local.disconnectSockets(true);
      io.engine.close();
      await Promise.allSettled([...pending]);
      await presence.close();
      await Promise.all([...io._nsps.values()].map((nsp) => nsp.adapter.close()));
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
