import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createRedisPresence } from './presence-redis.ts';
import { eventually } from './test/sockets.ts';

// The Redis presence on its own, several "nodes" in one process sharing a private key prefix.

const log = pino({ level: 'silent' });
const clients: Redis[] = [];
const closers: (() => Promise<void>)[] = [];

function node(prefix: string, heartbeatMs = 10_000) {
  const redis = new Redis(process.env.REDIS_URL as string, { maxRetriesPerRequest: 1 });
  clients.push(redis);
  const presence = createRedisPresence({ redis, log, prefix, heartbeatMs });
  closers.push(() => presence.close());
  return { redis, presence };
}

afterEach(async () => {
  for (const close of closers.splice(0)) await close().catch(() => {});
  for (const c of clients.splice(0)) c.disconnect();
});

describe.runIf(process.env.REDIS_URL)('presence counted in Redis', () => {
  it('sees the first socket anywhere and the last one anywhere, whichever node they are on', async () => {
    const prefix = `test:presence:${randomUUID()}:`;
    const a = node(prefix).presence;
    const b = node(prefix).presence;
    const uid = randomUUID();
    expect(await a.connect(uid, 's1')).toBe('online');
    expect(await b.connect(uid, 's2')).toBeNull();
    expect(await b.connect(uid, 's3')).toBeNull();
    expect(await a.online([uid])).toEqual(new Set([uid]));
    expect(await a.disconnect(uid, 's1')).toBeNull();
    expect(await b.online([uid])).toEqual(new Set([uid]));
    expect(await b.disconnect(uid, 's2')).toBeNull();
    expect(await b.disconnect(uid, 's3')).toBe('offline');
    expect(await a.online([uid])).toEqual(new Set());
    // A disconnect the node never saw connect changes nothing.
    expect(await a.disconnect(uid, 'ghost')).toBeNull();
  });

  it('decides each transition once when nodes race', async () => {
    const prefix = `test:presence:${randomUUID()}:`;
    const nodes = [node(prefix).presence, node(prefix).presence, node(prefix).presence];
    const uid = randomUUID();
    const ups = await Promise.all(nodes.flatMap((n, i) => [n.connect(uid, `${i}a`), n.connect(uid, `${i}b`)]));
    expect(ups.filter((c) => c === 'online')).toHaveLength(1);
    const downs = await Promise.all(nodes.flatMap((n, i) => [n.disconnect(uid, `${i}a`), n.disconnect(uid, `${i}b`)]));
    expect(downs.filter((c) => c === 'offline')).toHaveLength(1);
  });

  it("stops counting a crashed node's sockets after its heartbeat goes stale, and reports them offline once", async () => {
    const prefix = `test:presence:${randomUUID()}:`;
    const crashing = node(prefix, 100);
    const survivor = node(prefix, 100).presence;
    const orphaned: string[][] = [];
    survivor.onOrphaned((ids) => orphaned.push(ids));
    const [onlyThere, alsoHere] = [randomUUID(), randomUUID()];
    await crashing.presence.connect(onlyThere, 's1');
    await crashing.presence.connect(alsoHere, 's2');
    await survivor.connect(alsoHere, 's3');
    expect(await survivor.online([onlyThere, alsoHere])).toEqual(new Set([onlyThere, alsoHere]));
    // A crash: the node's connection to Redis dies with it; no goodbye, no more heartbeats.
    crashing.redis.disconnect();
    await eventually(async () => (await survivor.online([onlyThere])).size === 0, 3000, 'stale node ignored');
    expect(await survivor.online([alsoHere])).toEqual(new Set([alsoHere]));
    await eventually(() => orphaned.length > 0, 3000, 'dead node swept');
    expect(orphaned.flat()).toEqual([onlyThere]);
  });

  it('writes its sockets back when Redis has lost them (a restart without data)', async () => {
    const prefix = `test:presence:${randomUUID()}:`;
    const { redis, presence } = node(prefix, 100);
    const uid = randomUUID();
    await presence.connect(uid, 's1');
    const keys = await redis.keys(`${prefix}*`);
    await redis.del(...keys);
    expect(await presence.online([uid])).toEqual(new Set());
    await eventually(async () => (await presence.online([uid])).size === 1, 3000, 'resynced');
    expect(await presence.disconnect(uid, 's1')).toBe('offline');
  });

  it('takes its sockets out at once when it stops cleanly', async () => {
    const prefix = `test:presence:${randomUUID()}:`;
    const a = node(prefix).presence;
    const b = node(prefix).presence;
    const uid = randomUUID();
    await a.connect(uid, 's1');
    await a.close();
    expect(await b.online([uid])).toEqual(new Set());
  });
});
