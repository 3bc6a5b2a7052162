import type { ChildProcess } from 'node:child_process';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { session, user } from '#server/db/schema/auth.ts';
import { testConfig } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { freePort, hasRedisServer, killRedis, startRedis } from '#server/test/redis-server.ts';
import { signUpVerified, TEST_PASSWORD } from '#server/test/users.ts';

// A session Better Auth has checked is answered from memory afterwards (ADR 0038); what ends it or
// changes its member is seen on the very next request, on this node and, through Redis, on another
// node sharing the database.

const ME = '/api/auth/me';
const PROFILE = '/api/profile';

async function signInAgain(app: FastifyInstance, email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password: TEST_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

const status = async (app: FastifyInstance, cookie: string, url = PROFILE) =>
  (await app.inject({ url, headers: { cookie } })).statusCode;

describe.skipIf(!hasRedisServer)('sessions across two nodes', () => {
  let redis: ChildProcess;
  let nodeA: FastifyInstance;
  let nodeB: FastifyInstance;

  beforeAll(async () => {
    const port = await freePort();
    redis = await startRedis(port);
    const database = await createTestDatabase();
    const redisUrl = `redis://127.0.0.1:${port}`;
    nodeA = await buildApp(testConfig({ redisUrl }), { database });
    // The second node shares the database; closing it leaves the database to the first.
    nodeB = await buildApp(testConfig({ redisUrl }), { database: { ...database, close: async () => {} } });
    await Promise.all([nodeA.ready(), nodeB.ready()]);
  });

  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
    if (redis) await killRedis(redis);
  });

  it('answers a known session without the database, and forgets it when its member changes', async () => {
    const ann = await signUpVerified(nodeA, 'ann@example.test', 'Ann');
    expect(await status(nodeA, ann.cookie)).toBe(200);
    // Removed behind Better Auth's back: only a cache that never asks the database still answers.
    await nodeA.database.db.delete(session).where(eq(session.userId, ann.id));
    expect(await status(nodeA, ann.cookie)).toBe(200);
    await nodeA.sessions.userChanged(ann.id);
    expect(await status(nodeA, ann.cookie)).toBe(401);
  });

  it('refuses a signed-out session on the very next request, on both nodes', async () => {
    const bea = await signUpVerified(nodeA, 'bea@example.test', 'Bea');
    expect([await status(nodeA, bea.cookie), await status(nodeB, bea.cookie)]).toEqual([200, 200]);
    const out = await nodeA.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: bea.cookie } });
    expect(out.statusCode).toBe(200);
    expect([await status(nodeB, bea.cookie), await status(nodeA, bea.cookie)]).toEqual([401, 401]);
  });

  it('refuses the other sessions at once when the password changes with "sign out elsewhere"', async () => {
    const cy = await signUpVerified(nodeA, 'cy@example.test', 'Cy');
    const laptop = await signInAgain(nodeB, 'cy@example.test');
    expect(await status(nodeB, laptop)).toBe(200);
    const change = await nodeA.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: cy.cookie },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-password', revokeOtherSessions: true },
    });
    expect(change.statusCode).toBe(200);
    expect(await status(nodeB, laptop)).toBe(401);
  });

  it('shows a changed role on the very next request of the other node', async () => {
    const dee = await signUpVerified(nodeA, 'dee@example.test', 'Dee');
    const isAdmin = async (node: FastifyInstance) =>
      ((await node.inject({ url: ME, headers: { cookie: dee.cookie } })).json() as { isAdmin: boolean }).isAdmin;
    expect(await isAdmin(nodeB)).toBe(false);
    await nodeA.database.db.update(user).set({ role: 'admin' }).where(eq(user.id, dee.id));
    await nodeA.sessions.userChanged(dee.id);
    expect(await isAdmin(nodeB)).toBe(true);
  });

  it('shows a new name on the next request after the member edits their profile', async () => {
    const eve = await signUpVerified(nodeA, 'eve@example.test', 'Eve');
    const nameOn = async (node: FastifyInstance) =>
      ((await node.inject({ url: ME, headers: { cookie: eve.cookie } })).json() as { name: string }).name;
    expect(await nameOn(nodeB)).toBe('Eve');
    const patch = await nodeA.inject({
      method: 'PATCH',
      url: PROFILE,
      headers: { cookie: eve.cookie, 'content-type': 'application/json' },
      payload: { name: 'Eve Renamed' },
    });
    expect(patch.statusCode).toBe(200);
    expect(await nameOn(nodeB)).toBe('Eve Renamed');
  });
});
