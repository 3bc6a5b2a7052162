import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { LocalSockets, type Presence, type PresenceChange } from './presence.ts';

// Presence across nodes (ADR 0022). Every node writes its own socket count per member into its own
// hash, `<prefix>node:<nodeId>`, and its heartbeat time into the sorted set `<prefix>nodes`. A
// member's total is the sum of their field over the nodes whose heartbeat is fresh, so a crashed
// node stops counting after `staleMs` even before its hash expires. Every change is one Lua script:
// Redis runs scripts one at a time, so "first socket anywhere" and "last socket anywhere" are each
// seen by exactly one call, whichever nodes race. A node writes its absolute local count, never a
// delta, so a Redis that lost its data (a restart) is healed by the next write or heartbeat.
// The scripts name their keys themselves: fine on one Redis, not on Redis Cluster (see the ADR).

const NOW = `local t = redis.call('TIME'); local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;
const TOTAL = `
local function total(prefix, uid, cutoff)
  local n = 0
  for _, node in ipairs(redis.call('ZRANGEBYSCORE', prefix .. 'nodes', cutoff, '+inf')) do
    local c = redis.call('HGET', prefix .. 'node:' .. node, uid)
    if c then n = n + tonumber(c) end
  end
  return n
end`;

/** ARGV: prefix, node, staleMs, ttlMs, uid, count. Returns [total before, total after]. */
const SET_COUNT = `${NOW}
${TOTAL}
local prefix, node, stale, ttl, uid, count = ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4]), ARGV[5], tonumber(ARGV[6])
local key = prefix .. 'node:' .. node
redis.call('ZADD', prefix .. 'nodes', now, node)
local before = total(prefix, uid, now - stale)
if count > 0 then redis.call('HSET', key, uid, count) else redis.call('HDEL', key, uid) end
redis.call('PEXPIRE', key, ttl)
return { before, total(prefix, uid, now - stale) }`;

/** ARGV: prefix, staleMs, uid... Returns each member's total. */
const TOTALS = `${NOW}
${TOTAL}
local prefix, stale = ARGV[1], tonumber(ARGV[2])
local out = {}
for i = 3, #ARGV do out[#out + 1] = total(prefix, ARGV[i], now - stale) end
return out`;

/** ARGV: prefix, node, ttlMs, then uid, count pairs. Replaces this node's hash with its local truth. */
const SYNC = `${NOW}
local prefix, node, ttl = ARGV[1], ARGV[2], tonumber(ARGV[3])
local key = prefix .. 'node:' .. node
redis.call('DEL', key)
for i = 4, #ARGV, 2 do redis.call('HSET', key, ARGV[i], ARGV[i + 1]) end
redis.call('PEXPIRE', key, ttl)
redis.call('ZADD', prefix .. 'nodes', now, node)
return 1`;

/** ARGV: prefix, node, ttlMs. Returns 1 when this node's hash still exists. */
const HEARTBEAT = `${NOW}
local prefix, node, ttl = ARGV[1], ARGV[2], tonumber(ARGV[3])
redis.call('ZADD', prefix .. 'nodes', now, node)
return redis.call('PEXPIRE', prefix .. 'node:' .. node, ttl)`;

/**
 * ARGV: prefix, staleMs. Removes nodes whose heartbeat is stale and returns the members they held
 * who are now on no live node. One caller wins each dead node: the script deletes it as it reads it.
 */
const SWEEP = `${NOW}
${TOTAL}
local prefix, stale = ARGV[1], tonumber(ARGV[2])
local cutoff = now - stale
local gone = {}
for _, node in ipairs(redis.call('ZRANGEBYSCORE', prefix .. 'nodes', '-inf', '(' .. cutoff)) do
  local key = prefix .. 'node:' .. node
  local users = redis.call('HKEYS', key)
  redis.call('DEL', key)
  redis.call('ZREM', prefix .. 'nodes', node)
  for _, uid in ipairs(users) do
    if total(prefix, uid, cutoff) == 0 then gone[#gone + 1] = uid end
  end
end
return gone`;

/** ARGV: prefix, node. A node that stops cleanly takes its sockets out at once. */
const LEAVE = `redis.call('DEL', ARGV[1] .. 'node:' .. ARGV[2]); redis.call('ZREM', ARGV[1] .. 'nodes', ARGV[2]); return 1`;

type Scripts = {
  presenceSet(...args: (string | number)[]): Promise<[number, number]>;
  presenceTotals(...args: (string | number)[]): Promise<number[]>;
  presenceSync(...args: (string | number)[]): Promise<number>;
  presenceHeartbeat(...args: (string | number)[]): Promise<number>;
  presenceSweep(...args: (string | number)[]): Promise<string[]>;
  presenceLeave(...args: (string | number)[]): Promise<number>;
};

export interface RedisPresenceOptions {
  redis: Redis;
  log: FastifyBaseLogger;
  /** How often this node proves it is alive (and sweeps dead nodes). Default 10 s. */
  heartbeatMs?: number;
  /** Key prefix; tests give each cluster its own. */
  prefix?: string;
  nodeId?: string;
}

export function createRedisPresence(options: RedisPresenceOptions): Presence & { nodeId: string } {
  const { log } = options;
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  // A node missing three heartbeats is dead; its hash outlives that so the sweep can still read it.
  const staleMs = heartbeatMs * 3;
  const ttlMs = heartbeatMs * 6;
  const prefix = options.prefix ?? 'tagalong:presence:';
  const nodeId = options.nodeId ?? randomUUID();
  const redis = options.redis as Redis & Scripts;
  const local = new LocalSockets();
  const orphanListeners: ((userIds: string[]) => void)[] = [];

  redis.defineCommand('presenceSet', { numberOfKeys: 0, lua: SET_COUNT });
  redis.defineCommand('presenceTotals', { numberOfKeys: 0, lua: TOTALS });
  redis.defineCommand('presenceSync', { numberOfKeys: 0, lua: SYNC });
  redis.defineCommand('presenceHeartbeat', { numberOfKeys: 0, lua: HEARTBEAT });
  redis.defineCommand('presenceSweep', { numberOfKeys: 0, lua: SWEEP });
  redis.defineCommand('presenceLeave', { numberOfKeys: 0, lua: LEAVE });

  const sync = async () => {
    const pairs = local.entries().flat();
    await redis.presenceSync(prefix, nodeId, ttlMs, ...pairs);
  };

  const setCount = async (userId: string, count: number): Promise<[number, number] | null> => {
    try {
      return await redis.presenceSet(prefix, nodeId, staleMs, ttlMs, userId, count);
    } catch (err) {
      // Redis is away: this node's truth stays in memory and is written back when it returns.
      log.warn({ err, userId }, 'presence update failed');
      return null;
    }
  };

  const beat = async () => {
    try {
      const alive = await redis.presenceHeartbeat(prefix, nodeId, ttlMs);
      if (alive === 0 && local.size > 0) await sync();
      const gone = [...new Set(await redis.presenceSweep(prefix, staleMs))];
      if (gone.length > 0) {
        log.info({ members: gone.length }, 'presence: members of a dead node went offline');
        for (const listener of orphanListeners) listener(gone);
      }
    } catch (err) {
      log.warn({ err }, 'presence heartbeat failed');
    }
  };
  const timer = setInterval(() => void beat(), heartbeatMs);
  timer.unref();
  // After a reconnect Redis may be a fresh one (restarted without its data): write everything back.
  let first = true;
  const onReady = () => {
    if (first) {
      first = false;
      return;
    }
    sync().catch((err) => log.warn({ err }, 'presence resync failed'));
  };
  redis.on('ready', onReady);
  if (redis.status === 'ready') first = false;

  return {
    nodeId,
    async connect(userId, socketId) {
      const count = local.add(userId, socketId);
      const totals = await setCount(userId, count);
      if (!totals) return count === 1 ? 'online' : null;
      return totals[0] === 0 && totals[1] > 0 ? 'online' : null;
    },
    async disconnect(userId, socketId): Promise<PresenceChange> {
      if (local.count(userId) === 0) return null;
      const count = local.remove(userId, socketId);
      const totals = await setCount(userId, count);
      if (!totals) return count === 0 ? 'offline' : null;
      return totals[0] > 0 && totals[1] === 0 ? 'offline' : null;
    },
    async online(userIds) {
      if (userIds.length === 0) return new Set();
      try {
        const totals = await redis.presenceTotals(prefix, staleMs, ...userIds);
        return new Set(userIds.filter((_, i) => (totals[i] ?? 0) > 0));
      } catch (err) {
        log.warn({ err }, 'presence read failed; answering from this node only');
        return new Set(userIds.filter((id) => local.count(id) > 0));
      }
    },
    onOrphaned(listener) {
      orphanListeners.push(listener);
    },
    async close() {
      clearInterval(timer);
      redis.off('ready', onReady);
      await redis.presenceLeave(prefix, nodeId).catch((err) => log.warn({ err }, 'presence leave failed'));
    },
  };
}
