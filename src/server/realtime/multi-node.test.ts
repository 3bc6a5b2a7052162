import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { openMemberConversation, send } from '#server/modules/chat/test/helpers.ts';
import { testConfig } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { signUpVerified } from '#server/test/users.ts';
import type { ChatMessage, Conversation, MessagePage, UserStatus } from '#shared/chat.ts';
import { collect, eventually, listen, openSocket, sleep } from './test/sockets.ts';

// Issue 8, acceptance 2: two server nodes sharing PostgreSQL and Redis. A member on node A messages a
// member on node B, who receives it live; presence is right on both; Redis restarts mid-test and,
// once it is back, messages flow again and none sent meanwhile is lost. Its own redis-server on a
// free port, so restarting it disturbs no other test. Runs with DATABASE_URL and REDIS_URL (CI's
// second pass), like the gateway's cross-node test.

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null });
  probe.on('error', () => {}); // refused until the server listens; the loop tries again
  await eventually(
    async () => {
      try {
        await probe.connect();
        return (await probe.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    10_000,
    'redis-server up',
  );
  probe.disconnect();
  return child;
}

function stopRedis(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    // A crash, not a polite shutdown: whatever was in Redis is gone.
    child.kill('SIGKILL');
  });
}

let redisPort: number;
let redis: ChildProcess;
let nodeA: FastifyInstance;
let nodeB: FastifyInstance;
let urlA: string;
let urlB: string;
const sockets: Socket[] = [];

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL && hasRedisServer)('two nodes, one Redis', () => {
  beforeAll(async () => {
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    const redisUrl = `redis://127.0.0.1:${redisPort}`;
    const database = await createTestDatabase();
    nodeA = await buildApp(testConfig({ redisUrl }), { database });
    // Node B: its own connection pool to the same database, as another process would have.
    const second = await openDatabase({ databaseUrl: database.url as string });
    nodeB = await buildApp(testConfig({ redisUrl }), { database: second });
    urlA = await listen(nodeA);
    urlB = await listen(nodeB);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await nodeB?.close();
    await nodeA?.close(); // drops the test database
    if (redis) await stopRedis(redis);
  });

  it('carries messages and presence across nodes, and loses nothing while Redis restarts', async () => {
    const sam = await signUpVerified(nodeA, 'sam@example.test', 'Sam');
    const tess = await signUpVerified(nodeA, 'tess@example.test', 'Tess');
    const conversationId = await openMemberConversation(nodeA, sam.id, tess.id);
    const onlineSeenBy = async (node: FastifyInstance, cookie: string) => {
      const res = await node.inject({ url: '/api/communication/chat/conversations', headers: { cookie } });
      return (res.json() as { items: Conversation[] }).items[0]?.recipient.online;
    };

    // Tess on node B, Sam on node A; both reconnect by themselves as the browser client does.
    const tessTab = await openSocket(urlB, tess.cookie, { reconnection: true });
    sockets.push(tessTab);
    const tessStatus = collect<UserStatus>(tessTab, 'user_status');
    const tessGot = collect<ChatMessage>(tessTab, 'message');
    await sleep(300); // the streams adapter subscribes
    const samTab = await openSocket(urlA, sam.cookie, { reconnection: true });
    sockets.push(samTab);
    const samStatus = collect<UserStatus>(samTab, 'user_status');

    // Presence: Sam's coming online on A reaches Tess on B; both nodes agree on both members.
    await eventually(() => tessStatus.length === 1, 5000, "Sam's online event on node B");
    expect(tessStatus).toEqual([{ uid: sam.id, online: true }]);
    for (const node of [nodeA, nodeB]) {
      expect(await onlineSeenBy(node, tess.cookie)).toBe(true);
      expect(await onlineSeenBy(node, sam.cookie)).toBe(true);
    }

    // A message posted on node A reaches Tess on node B live.
    const first = (await send(nodeA, sam.cookie, conversationId, 'Hello from node A')).json() as ChatMessage;
    await eventually(() => tessGot.some((m) => m.id === first.id), 5000, 'live delivery across nodes');

    // Redis dies. Messages sent meanwhile are stored (201) even though no push can cross nodes.
    await stopRedis(redis);
    const during: ChatMessage[] = [];
    for (const text of ['sent while Redis is down 1', 'sent while Redis is down 2']) {
      const res = await send(nodeA, sam.cookie, conversationId, text);
      expect(res.statusCode).toBe(201);
      during.push(res.json() as ChatMessage);
    }
    redis = await startRedis(redisPort);

    // Once it is back, messages flow live again (the adapter's readers reconnect by themselves).
    let after: ChatMessage | null = null;
    await eventually(
      async () => {
        const res = await send(nodeA, sam.cookie, conversationId, `after the restart ${Date.now()}`);
        const sent = res.json() as ChatMessage;
        await sleep(400);
        if (tessGot.some((m) => m.id === sent.id)) after = sent;
        return after !== null;
      },
      20_000,
      'live delivery after the Redis restart',
    );
    expect(tessTab.connected).toBe(true);

    // The reconnect refetch (node B's HTTP API) shows everything, including what no push carried.
    const page = (
      await nodeB.inject({
        url: `/api/communication/chat/conversations/${conversationId}/messages`,
        headers: { cookie: tess.cookie },
      })
    ).json() as MessagePage;
    const ids = page.items.map((m) => m.id);
    for (const m of [first, ...during, after as unknown as ChatMessage]) expect(ids).toContain(m.id);
    const unread = await nodeB.inject({
      url: '/api/communication/chat/total-unread',
      headers: { cookie: tess.cookie },
    });
    expect((unread.json() as { count: number }).count).toBe(page.items.length);

    // Presence was written back into the new Redis as soon as each node reconnected (well before the
    // 10 s heartbeat would have healed it): both nodes still see both members online.
    await eventually(
      async () => (await onlineSeenBy(nodeA, sam.cookie)) === true && (await onlineSeenBy(nodeB, tess.cookie)) === true,
      6000,
      'presence restored after the restart',
    );

    // Tess leaves node B: Sam on node A hears it once, and both nodes agree.
    tessTab.close();
    await eventually(() => samStatus.some((s) => s.online === false), 5000, "Tess's offline event on node A");
    expect(samStatus.filter((s) => s.uid === tess.id && !s.online)).toHaveLength(1);
    expect(await onlineSeenBy(nodeA, sam.cookie)).toBe(false);
    expect(await onlineSeenBy(nodeB, sam.cookie)).toBe(false);
  }, 90_000);
});
