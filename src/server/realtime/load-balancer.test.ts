import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { conversations } from '#server/db/schema/requests.ts';
import { orderedPair } from '#server/modules/chat/mapping.ts';
import { multipartUpload, solidPng } from '#server/modules/profiles/test/fixtures.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { type HttpClient, httpClient } from '#server/test/http-client.ts';
import { findNginx, type Nginx, startNginx } from '#server/test/nginx.ts';
import { freePort, hasRedisServer, killRedis, startRedis } from '#server/test/redis-server.ts';
import { startS3Server, type TestBucket } from '#server/test/s3-server.ts';
import { type ServerProcess, startServerProcess, stopServerProcesses } from '#server/test/server-process.ts';
import { signUpVerified } from '#server/test/users.ts';
import type { ChatMessage, MessagePage } from '#shared/chat.ts';
import { profileSchema } from '#shared/profiles.ts';
import { collect, eventually, openSocket, sendOverSocket } from './test/sockets.ts';

// Two server nodes behind Debian's nginx running the deployment's own site configuration
// (deploy/nginx/tagalong.conf), round robin, no sticky sessions (ADR 0062). Shared: PostgreSQL,
// Redis, and an S3-compatible bucket (a local s3rver). A photo uploaded through one node is read
// through the other; two members whose sockets came through the balancer onto different nodes chat;
// the node under one of them is killed mid-conversation, and that member's client reconnects through
// the balancer to the other node and misses nothing. CI's second pass (DATABASE_URL and REDIS_URL);
// .ci/run installs nginx, so in CI a missing nginx fails instead of skipping.

const CHAT = '/api/communication/chat';
const nginxBinary = findNginx();
const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL && hasRedisServer);

type Member = { id: string; cookie: string };

describe.runIf(enabled && process.env.CI === 'true' && !nginxBinary)('the load balancer test in CI', () => {
  it('has nginx to run with', () => {
    expect(nginxBinary, '.ci/run installs nginx; it is missing').not.toBeNull();
  });
});

describe.runIf(enabled && nginxBinary)('two nodes behind nginx', () => {
  let redis: ChildProcess | undefined;
  let bucket: TestBucket | undefined;
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let nginx: Nginx | undefined;
  let nodes: [ServerProcess, ServerProcess];
  let site: HttpClient;
  let sam: Member;
  let tess: Member;
  let conversationId: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const redisPort = await freePort();
    redis = await startRedis(redisPort);
    bucket = await startS3Server();
    database = await createTestDatabase();
    if (!database.url) throw new Error('the test database has no URL (DATABASE_URL unset?)');
    const balancerPort = await freePort();
    const balancerUrl = `http://127.0.0.1:${balancerPort}`;
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      BASE_URL: balancerUrl,
      // nginx on this machine is the one proxy whose X-Forwarded-For is believed.
      TRUST_PROXY: '127.0.0.1',
      S3_BUCKET: bucket.s3.bucket,
      S3_ENDPOINT: bucket.s3.endpoint,
      S3_ACCESS_KEY_ID: bucket.s3.credentials?.accessKeyId,
      S3_SECRET_ACCESS_KEY: bucket.s3.credentials?.secretAccessKey,
    };
    nodes = (await Promise.all([startServerProcess(env), startServerProcess(env)])) as [ServerProcess, ServerProcess];
    nginx = await startNginx(
      nginxBinary as string,
      nodes.map((n) => `127.0.0.1:${n.port}`),
      balancerPort,
    );
    site = httpClient(nginx.url, database);
    sam = await signUpVerified(site, 'sam@example.test', 'Sam');
    tess = await signUpVerified(site, 'tess@example.test', 'Tess');
    const [row] = await database.db
      .insert(conversations)
      .values({ ...orderedPair(sam.id, tess.id), packageId: null, openedBy: sam.id })
      .returning({ id: conversations.id });
    conversationId = row?.id as string;
  }, 90_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await nginx?.stop();
    await stopServerProcesses();
    await database?.close();
    await bucket?.close();
    if (redis) await killRedis(redis);
  });

  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => {
      for (const [i, node] of nodes.entries()) {
        const exit = node.child.exitCode ?? node.child.signalCode ?? 'running';
        console.error(`node ${'AB'[i]} (${exit}):\n${node.problems().slice(-40).join('\n')}`);
      }
    });
  });

  /** This node's open sockets, from its own /metrics (scraped directly: this machine, no proxy). */
  async function socketsOn(node: ServerProcess): Promise<number> {
    const text = await (await fetch(`${node.url}/metrics`)).text();
    return Number(/^tagalong_socket_connections (\d+)/m.exec(text)?.[1] ?? Number.NaN);
  }

  async function messages(member: Member): Promise<ChatMessage[]> {
    const res = await site.inject({
      url: `${CHAT}/conversations/${conversationId}/messages`,
      headers: { cookie: member.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as MessagePage).items;
  }

  const say = (tab: Socket, content: string) => sendOverSocket(tab, conversationId, content);

  it('passes nginx -t, answers through the balancer, and keeps /metrics off it', async () => {
    expect(nginx?.checked).toMatch(/syntax is ok/);
    expect((await site.inject({ url: '/api/ready' })).statusCode).toBe(200);
    expect((await site.inject({ url: '/metrics' })).statusCode).toBe(404);
    // The nodes believe nginx's X-Forwarded-For, so a request through it is not "this machine".
    expect((await fetch(`${nodes[0].url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(
      404,
    );
  });

  it('reads a photo uploaded through one node from the other and through the balancer', async () => {
    const body = multipartUpload(await solidPng(320, 320), 'me.png', 'image/png');
    const uploaded = await fetch(`${nodes[0].url}/api/profile/avatar`, {
      method: 'POST',
      headers: { ...body.headers, cookie: sam.cookie, origin: new URL(site.url).origin },
      body: body.payload,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const image = profileSchema.parse(await uploaded.json()).image as string;

    const fromOther = await fetch(`${nodes[1].url}${image}`);
    expect(fromOther.status).toBe(200);
    expect(fromOther.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await fromOther.arrayBuffer());
    // Round robin: four reads through the balancer reach both nodes, and every one has it.
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${site.url}${image}`);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
    }
  });

  it('carries a chat between two members whose sockets the balancer put on different nodes, and loses nothing when one node dies', async () => {
    // Tess's tab reconnects by itself, as the browser's does.
    const tessTab = await openSocket(site.url, tess.cookie, { reconnection: true, reconnectionDelay: 200 });
    sockets.push(tessTab);
    const tessGot = collect<ChatMessage>(tessTab, 'message');
    const total = async () => (await socketsOn(nodes[0])) + (await socketsOn(nodes[1]));
    await eventually(async () => (await total()) === 1, 3000, "Tess's socket counted");
    const tessNode = (await socketsOn(nodes[0])) === 1 ? 0 : 1;
    const samNode = tessNode === 0 ? 1 : 0;
    // Round robin puts the next socket on the other node; should it not, open another until it does.
    let samTab: Socket | undefined;
    for (let attempt = 0; attempt < 6 && !samTab; attempt++) {
      const tab = await openSocket(site.url, sam.cookie);
      sockets.push(tab);
      await eventually(async () => (await total()) === 2, 3000, "Sam's socket counted");
      if ((await socketsOn(nodes[samNode])) === 1) samTab = tab;
      else {
        tab.close();
        await eventually(async () => (await total()) === 1, 3000, 'the socket on the wrong node gone');
      }
    }
    if (!samTab) throw new Error('the balancer never put the two sockets on different nodes');
    const samGot = collect<ChatMessage>(samTab, 'message');

    // Across the nodes, both ways.
    const hello = await say(samTab, 'Hello across the balancer');
    await eventually(() => tessGot.some((m) => m.id === hello.id), 5000, 'live delivery to Tess');
    const back = await say(tessTab, 'Hello back');
    await eventually(() => samGot.some((m) => m.id === back.id), 5000, 'live delivery to Sam');

    // Tess's node dies (no graceful drain). Refetch after every reconnect, as the web client does.
    let refetched: string[] | undefined;
    tessTab.once('connect', () => {
      void messages(tess).then((items) => {
        refetched = items.map((m) => m.id);
      });
    });
    const dead = nodes[tessNode];
    const alive = nodes[samNode];
    dead.child.kill('SIGKILL');
    await eventually(() => !tessTab.connected, 5000, "Tess's socket dropped");
    // Sam, on the surviving node, goes on talking meanwhile.
    const meanwhile = [await say(samTab, 'Are you still there?'), await say(samTab, 'I will wait')];

    await eventually(() => tessTab.connected, 15_000, 'Tess reconnected through the balancer');
    expect(await socketsOn(alive)).toBe(2);
    await eventually(() => refetched !== undefined, 5000, 'refetch after the reconnect');
    for (const m of [hello, back, ...meanwhile]) expect(refetched).toContain(m.id);

    // And live again, on the surviving node.
    const after = await say(samTab, 'There you are');
    await eventually(() => tessGot.some((m) => m.id === after.id), 5000, 'live delivery after the failover');
    // Everything Sam sent is in Tess's view: live, or in the refetch.
    const seen = new Set([...tessGot.map((m) => m.id), ...(refetched ?? [])]);
    for (const m of [hello, ...meanwhile, after]) expect(seen.has(m.id)).toBe(true);
    // HTTP through the balancer keeps answering with a node gone: nginx passes a refused connection on.
    for (let i = 0; i < 4; i++) expect((await site.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
