import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { user } from '#server/db/schema/auth.ts';
import { conversations } from '#server/db/schema/requests.ts';
import { orderedPair } from '#server/modules/chat/mapping.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { type HttpClient, httpClient } from '#server/test/http-client.ts';
import { freePort, hasRedisServer, killRedis, startRedis } from '#server/test/redis-server.ts';
import { type ServerProcess, startServerProcess, stopServerProcesses } from '#server/test/server-process.ts';
import { signUpVerified } from '#server/test/users.ts';
import type { ChatMessage, Conversation, MessagePage, UserStatus } from '#shared/chat.ts';
import { type NotificationItem, type NotificationPage, notificationEventName } from '#shared/notifications.ts';
import { collect, eventually, openSocket, sendOverSocket, sleep } from './test/sockets.ts';

// Two server nodes sharing PostgreSQL and Redis. Each node is the real entry
// point (src/server/main.ts) in a process of its own, as in production; the members are real
// sign-ups with session cookies, their tabs real Socket.IO clients. A member on node A messages a
// member on node B, who receives it live; presence is right on both; a notification made on A
// reaches B; Redis is killed mid-test and, once it is back, messages flow again and none sent
// meanwhile is lost (stored, and the reconnect refetch on node B shows them); a fee an administrator
// changes on A prices the next package on B. Its own redis-server
// on a free port, so killing it disturbs no other test. Runs with DATABASE_URL and REDIS_URL (CI's
// second pass): PGlite cannot be shared between processes.

const CHAT = '/api/communication/chat';

type Member = { id: string; cookie: string };

let redisPort: number;
let redis: ChildProcess | undefined;
let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let servers: ServerProcess[] = [];
let nodeA: HttpClient;
let nodeB: HttpClient;
let sam: Member; // signed in on node A
let tess: Member; // signed in on node B
let ada: Member; // an administrator, on node A
let conversationId: string;
const sockets: Socket[] = [];

/** What `member` sees as the other participant's presence, asked of one node. */
async function onlineSeenBy(node: HttpClient, member: Member): Promise<boolean | undefined> {
  const res = await node.inject({ url: `${CHAT}/conversations`, headers: { cookie: member.cookie } });
  return (res.json() as { items: Conversation[] }).items.find((c) => c.id === conversationId)?.recipient.online;
}

async function send(node: HttpClient, member: Member, content: string): Promise<ChatMessage> {
  const res = await node.inject({
    method: 'POST',
    url: `${CHAT}/conversations/${conversationId}/messages`,
    headers: { cookie: member.cookie },
    payload: { content },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ChatMessage;
}

async function messagesOn(node: HttpClient, member: Member): Promise<ChatMessage[]> {
  const res = await node.inject({
    url: `${CHAT}/conversations/${conversationId}/messages`,
    headers: { cookie: member.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as MessagePage).items;
}

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL && hasRedisServer)(
  'two node processes, one Redis',
  () => {
    let tessTab: Socket;
    let samTab: Socket;
    let tessGot: ChatMessage[];
    let tessStatus: UserStatus[];
    let tessNotified: NotificationItem[];
    let samGot: ChatMessage[];
    let samStatus: UserStatus[];
    /** What Sam sent while Redis was down. */
    let duringOutage: ChatMessage[];

    beforeAll(async () => {
      redisPort = await freePort();
      redis = await startRedis(redisPort);
      database = await createTestDatabase();
      if (!database.url) throw new Error('the test database has no URL (DATABASE_URL unset?)');
      const env = {
        DATABASE_URL: database.url,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        AUTH_SECRET: randomBytes(32).toString('hex'),
      };
      servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
      const [a, b] = servers as [ServerProcess, ServerProcess];
      nodeA = httpClient(a.url, database);
      nodeB = httpClient(b.url, database);

      // Signed up (and so signed in) through different nodes: the session lives in the shared database.
      sam = await signUpVerified(nodeA, 'sam@example.test', 'Sam');
      tess = await signUpVerified(nodeB, 'tess@example.test', 'Tess');
      ada = await signUpVerified(nodeA, 'ada@example.test', 'Ada Admin');
      await database.db.update(user).set({ role: 'admin' }).where(eq(user.id, ada.id));
      // As the requests module opens one when a request is accepted (chat/test/helpers.ts): a
      // member-to-member conversation has no other way in.
      const [row] = await database.db
        .insert(conversations)
        .values({ ...orderedPair(sam.id, tess.id), packageId: null, openedBy: sam.id })
        .returning({ id: conversations.id });
      conversationId = row?.id as string;
    }, 60_000);

    afterAll(async () => {
      for (const s of sockets) s.close();
      try {
        await stopServerProcesses(); // SIGTERM, then SIGKILL after 3 s
        await database?.close(); // drops the test database
      } finally {
        if (redis) await killRedis(redis);
      }
    });

    // A failing step shows what the nodes complained about (their warnings and errors).
    beforeEach(({ onTestFailed }) => {
      onTestFailed(() => {
        for (const [i, server] of servers.entries()) {
          const exit = server.child.exitCode ?? server.child.signalCode ?? 'running';
          console.error(`node ${'AB'[i]} (${exit}):\n${server.problems().slice(-40).join('\n')}`);
        }
      });
    });

    it('carries messages live between the nodes, and presence is right on both', async () => {
      // Tess on node B, Sam on node A; both reconnect by themselves as the browser client does. Tess's
      // tab waits a second before reconnecting, so a drop below lasts long enough to miss something.
      tessTab = await openSocket(nodeB.url, tess.cookie, { reconnection: true, reconnectionDelay: 1000 });
      sockets.push(tessTab);
      tessStatus = collect<UserStatus>(tessTab, 'user_status');
      tessGot = collect<ChatMessage>(tessTab, 'message');
      tessNotified = collect<NotificationItem>(tessTab, notificationEventName);
      samTab = await openSocket(nodeA.url, sam.cookie, { reconnection: true });
      sockets.push(samTab);
      samStatus = collect<UserStatus>(samTab, 'user_status');
      samGot = collect<ChatMessage>(samTab, 'message');

      // Sam's coming online on node A reaches Tess on node B; both nodes agree on both members.
      await eventually(() => tessStatus.length > 0, 5000, "Sam's online event on node B");
      expect(tessStatus).toEqual([{ uid: sam.id, online: true }]);
      for (const node of [nodeA, nodeB]) {
        expect(await onlineSeenBy(node, tess)).toBe(true);
        expect(await onlineSeenBy(node, sam)).toBe(true);
      }

      // Posted over HTTP on node A, received live on node B; the answer goes back over Tess's socket.
      const hello = await send(nodeA, sam, 'Hello from node A');
      await eventually(() => tessGot.some((m) => m.id === hello.id), 5000, 'live delivery A → B');
      const reply = await sendOverSocket(tessTab, conversationId, 'Hello back from node B');
      await eventually(() => samGot.some((m) => m.id === reply.id), 5000, 'live delivery B → A');
    });

    it('pushes a notification made on node A to the member’s tab on node B', async () => {
      // An administrator's identity-check decision notifies the member (notifier.transaction on A).
      const res = await nodeA.inject({
        method: 'POST',
        url: `/api/admin/users/${tess.id}/kyc/decision`,
        headers: { cookie: ada.cookie },
        payload: { decision: 'approve', note: 'Documents checked by hand' },
      });
      expect(res.statusCode, res.body).toBe(200);
      await eventually(() => tessNotified.length > 0, 5000, 'notification on node B');
      expect(tessNotified.map((n) => n.type)).toEqual(['kyc_approved']);
      const list = await nodeB.inject({ url: '/api/notifications', headers: { cookie: tess.cookie } });
      expect((list.json() as NotificationPage).items.map((n) => n.id)).toEqual([tessNotified[0]?.id]);
    });

    it('stores everything sent while Redis is down, and flows live again once it is back', async () => {
      await killRedis(redis as ChildProcess);
      // Stored (201, or the socket's acknowledgement) although no push can cross the nodes now.
      duringOutage = [
        await send(nodeA, sam, 'sent while Redis is down 1'),
        await sendOverSocket(samTab, conversationId, 'sent while Redis is down 2'),
        await send(nodeA, sam, 'sent while Redis is down 3'),
      ];
      // HTTP keeps working on the other node too: the database is the truth.
      const meanwhile = (await messagesOn(nodeB, tess)).map((m) => m.id);
      for (const m of duringOutage) expect(meanwhile).toContain(m.id);
      await sleep(500); // a real outage: the nodes' Redis clients notice and retry
      redis = await startRedis(redisPort);

      // Once it is back, messages flow live again (the adapter's readers reconnect by themselves).
      // A send made before node A's client is back may fail to publish, so it tries again each second.
      const afterwards: ChatMessage[] = [];
      const arrived = () => afterwards.find((m) => tessGot.some((got) => got.id === m.id));
      await eventually(
        async () => {
          afterwards.push(await send(nodeA, sam, `after the restart, try ${afterwards.length + 1}`));
          const deadline = Date.now() + 1000;
          while (!arrived() && Date.now() < deadline) await sleep(50);
          return arrived() !== undefined;
        },
        10_000,
        'live delivery after the Redis restart',
      );
      const after = arrived() as ChatMessage;
      expect(tessTab.connected).toBe(true);

      // Node B's API (what the client refetches) has everything, including what no push carried.
      const page = await messagesOn(nodeB, tess);
      const ids = page.map((m) => m.id);
      for (const m of [...duringOutage, after]) expect(ids).toContain(m.id);
      const unread = await nodeB.inject({ url: `${CHAT}/total-unread`, headers: { cookie: tess.cookie } });
      expect((unread.json() as { count: number }).count).toBe(page.filter((m) => m.senderId === sam.id).length);

      // Presence was written back into the empty Redis as soon as each node reconnected (well before
      // the 10 s heartbeat would have healed it): both nodes see both members online again.
      await eventually(
        async () =>
          (await onlineSeenBy(nodeA, sam)) === true &&
          (await onlineSeenBy(nodeA, tess)) === true &&
          (await onlineSeenBy(nodeB, sam)) === true &&
          (await onlineSeenBy(nodeB, tess)) === true,
        6000,
        'presence restored on both nodes after the restart',
      );
    });

    it('gives a dropped tab on node B what it missed, and its reconnect refetch shows the rest', async () => {
      // The client's rule (web/lib/live-events.ts): after any reconnect, refetch.
      let refetched: string[] | undefined;
      tessTab.once('connect', () => {
        void messagesOn(nodeB, tess).then((items) => {
          refetched = items.map((m) => m.id);
        });
      });
      // Cut the connection under Tess's tab, as a network drop does; it reconnects to node B by itself.
      tessTab.io.engine.close();
      expect(tessTab.connected).toBe(false);
      const missed = await send(nodeA, sam, 'while your tab was away');
      expect(tessTab.connected).toBe(false); // sent before the tab came back

      await eventually(() => tessTab.connected, 5000, 'reconnected to node B');
      // Recovered from the (new) Redis stream: the message sent while away is replayed on node B.
      expect(tessTab.recovered).toBe(true);
      await eventually(() => tessGot.some((m) => m.id === missed.id), 3000, 'missed message replayed');
      // And the refetch has every message of the conversation, those of the Redis outage included.
      await eventually(() => refetched !== undefined, 3000, 'refetch after the reconnect');
      for (const m of [...duringOutage, missed]) expect(refetched).toContain(m.id);
      const stored = await messagesOn(nodeA, sam);
      expect(new Set(refetched)).toEqual(new Set(stored.map((m) => m.id)));
    });

    it('announces the member going offline on the other node, and both nodes agree', async () => {
      const before = samStatus.length;
      tessTab.close();
      await eventually(() => samStatus.length > before, 5000, "Tess's offline event on node A");
      await sleep(200);
      expect(samStatus.slice(before)).toEqual([{ uid: tess.id, online: false }]);
      expect(await onlineSeenBy(nodeA, sam)).toBe(false);
      expect(await onlineSeenBy(nodeB, sam)).toBe(false);
    });

    it('prices the next package on node B with a fee an administrator just changed on node A', async () => {
      const changed = await nodeA.inject({
        method: 'PATCH',
        url: '/api/admin/settings',
        headers: { cookie: ada.cookie },
        payload: { values: { feePercent: 17 }, reason: 'A fee for two nodes' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const created = await nodeB.inject({
        method: 'POST',
        url: '/api/packages',
        headers: { cookie: tess.cookie },
        payload: { title: 'Tea for a friend', reward: 2000 },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ reward: 2000, fee: 340 });
      const prices = (await nodeB.inject({ url: '/api/settings/public' })).json() as { feePercent: number };
      expect(prices.feePercent).toBe(17);
    });
  },
);
