import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** A member's account changed (ban, role, verification, profile) or one of their sessions ended. */
export type SessionChange = { userId: string } | { token: string } | { everyone: true };

/**
 * Tells every server node that cached sessions must be dropped (ADR 0038). One node alone hears
 * itself at once; with Redis, the other nodes hear it through a pub/sub channel as well.
 */
export interface SessionChanges {
  publish(change: SessionChange): Promise<void>;
  subscribe(listener: (change: SessionChange) => void): void;
  close(): Promise<void>;
}

const CHANNEL = 'tagalong:session-changes';
const ACKS = 'tagalong:session-changes:acks';
const ACK_TIMEOUT_MS = 2_000;

interface Acknowledgements {
  /** How many nodes received the change (PUBLISH's answer), which may come after their acks. */
  expect(receivers: number): void;
  count(): void;
  finish(): void;
  /** True when all acknowledged, false when the time ran out first. */
  done: Promise<boolean>;
}

function acknowledgements(timeoutMs: number, onDone: () => void): Acknowledgements {
  let expected: number | null = null;
  let received = 0;
  let resolve: (all: boolean) => void = () => {};
  const done = new Promise<boolean>((r) => {
    resolve = r;
  });
  const timer = setTimeout(() => finish(false), timeoutMs);
  const finish = (all: boolean) => {
    clearTimeout(timer);
    onDone();
    resolve(all);
  };
  const check = () => {
    if (expected !== null && received >= expected) finish(true);
  };
  return {
    expect(receivers) {
      expected = receivers;
      check();
    },
    count() {
      received += 1;
      check();
    },
    finish: () => finish(true),
    done,
  };
}

function parse(message: string): { id: string; change: SessionChange } | null {
  try {
    const value = JSON.parse(message) as Record<string, unknown>;
    if (typeof value.id !== 'string') return null;
    if (typeof value.userId === 'string') return { id: value.id, change: { userId: value.userId } };
    if (typeof value.token === 'string') return { id: value.id, change: { token: value.token } };
  } catch {
    // A message we did not write: nothing to drop.
  }
  return null;
}

export async function createSessionChanges(options: {
  redisUrl: string | undefined;
  log: FastifyBaseLogger;
}): Promise<SessionChanges> {
  const listeners: Array<(change: SessionChange) => void> = [];
  const hear = (change: SessionChange) => {
    for (const listener of listeners) listener(change);
  };
  if (!options.redisUrl) {
    return {
      publish: async (change) => hear(change),
      subscribe: (listener) => listeners.push(listener),
      close: async () => {},
    };
  }

  const publisher = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(options.redisUrl, { lazyConnect: true });
  for (const client of [publisher, subscriber]) {
    client.on('error', (err) => options.log.error({ err }, 'redis client error (session changes)'));
  }
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(CHANNEL, ACKS);
  // Back after losing Redis: changes published meanwhile never reached this node, so it forgets all.
  subscriber.on('ready', () => hear({ everyone: true }));

  // Each change waits until every node subscribed when it was sent says it dropped its copies, so
  // the request that made the change answers only once no node would still accept the old session.
  const waiting = new Map<string, Acknowledgements>();
  subscriber.on('message', (channel, message) => {
    if (channel === ACKS) {
      waiting.get(message)?.count();
      return;
    }
    if (channel !== CHANNEL) return;
    const parsed = parse(message);
    if (!parsed) return;
    hear(parsed.change);
    publisher.publish(ACKS, parsed.id).catch((err) => options.log.warn({ err }, 'session change not acknowledged'));
  });

  return {
    async publish(change) {
      hear(change);
      const id = randomUUID();
      const acks = acknowledgements(ACK_TIMEOUT_MS, () => waiting.delete(id));
      waiting.set(id, acks);
      // Never fails the change itself: with Redis away, the wait ends at the timeout and the other
      // nodes' copies expire on their own (ADR 0038).
      publisher.publish(CHANNEL, JSON.stringify({ id, ...change })).then(
        (receivers) => acks.expect(receivers),
        (err) => {
          options.log.warn({ err, change }, 'session change not published');
          acks.finish();
        },
      );
      if (!(await acks.done)) options.log.warn({ change }, 'a node did not acknowledge a session change in time');
    },
    subscribe: (listener) => listeners.push(listener),
    async close() {
      for (const acks of waiting.values()) acks.finish();
      await Promise.all([
        publisher.quit().catch(() => publisher.disconnect()),
        subscriber.quit().catch(() => subscriber.disconnect()),
      ]);
    },
  };
}
