import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { broadcast } from '#server/db/schema/broadcasts.ts';
import { notification } from '#server/db/schema/notifications.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { createNotifier } from '#server/modules/notifications/public.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import type { Broadcast, BroadcastPage } from '#shared/admin-broadcasts.ts';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import { BROADCAST_BATCH, deliverBroadcast, deliverDueBroadcasts } from './sender.ts';

// Broadcasts (docs/product.md §8, ADR 0050): a segment's members, counted before sending; one
// notification each, written in batches in the background, never twice, resumed after a stop; the
// history counts delivered and read; sending is audited.

let app: FastifyInstance;
let admin: { id: string; cookie: string };
let member: { id: string; cookie: string };

beforeAll(async () => {
  app = await createTestApp({ demoMode: true });
  await app.ready();
  admin = await signUpVerified(app, 'broadcast-admin@example.test', 'Bea Admin');
  await makeAdmin(app, admin.id);
  member = await signUpVerified(app, 'broadcast-member@example.test', 'Max Member');
});
afterAll(() => app.close());

const db = () => app.database.db;
const post = (url: string, payload: unknown, cookie = admin.cookie) =>
  app.inject({ method: 'POST', url: `/api/admin${url}`, headers: { cookie }, payload: payload as object });
const audience = async (segment: unknown) => (await post('/broadcasts/audience', { segment })).json().count as number;
const log = pino({ level: 'silent' });
const deps = () => ({ db: db(), notifier: createNotifier({ gateway: app.gateway, log }), log });

/** Waits for the background sender to finish a broadcast. */
async function sent(id: string): Promise<Broadcast> {
  for (let i = 0; i < 200; i++) {
    const res = await app.inject({ url: `/api/admin/broadcasts/${id}`, headers: { cookie: admin.cookie } });
    const body = res.json() as Broadcast;
    if (body.status === 'sent') return body;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`broadcast ${id} never finished`);
}

const receivers = async (broadcastId: string) =>
  (
    await db()
      .select({ userId: notification.userId })
      .from(notification)
      .where(and(eq(notification.type, 'broadcast'), sql`${notification.data} ->> 'broadcastId' = ${broadcastId}`))
  ).map((r) => r.userId);

const idsWhere = async (condition: ReturnType<typeof sql>) =>
  (
    (await db().execute(sql`select id from "user" u where ${condition} order by id`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows.map((r) => r.id);
const reachable = sql`u.email_verified and not u.banned and u.deleted_at is null`;

describe('the audience', () => {
  it('counts each segment as the records say, before anything is sent', async () => {
    const senders = await idsWhere(
      sql`${reachable} and exists (select 1 from package p where p.sender_id = u.id and p.status = 'open')`,
    );
    const travelers = await idsWhere(
      sql`${reachable} and exists (select 1 from travel_plan t where t.traveler_id = u.id and t.status = 'active')`,
    );
    const everyone = await idsWhere(reachable);
    expect(senders.length).toBeGreaterThan(0);
    expect(await audience({ kind: 'open_senders' })).toBe(senders.length);
    expect(await audience({ kind: 'active_travelers' })).toBe(travelers.length);
    expect(await audience({ kind: 'everyone' })).toBe(everyone.length);
    const demoPhones = await idsWhere(sql`${reachable} and u.phone_number_verified and u.phone_number like '+1%'`);
    expect(await audience({ kind: 'country', country: 'us' })).toBe(demoPhones.length);
  });

  it('refuses a country segment without a country, a link to another site, and non-administrators', async () => {
    const noCountry = await post('/broadcasts/audience', { segment: { kind: 'country' } });
    expect(noCountry.statusCode).toBe(400);
    expect(Object.keys(noCountry.json().error.fields)).toEqual(['segment.country']);
    const away = await post('/broadcasts', {
      title: 'Hi',
      body: 'Look',
      link: '//evil.example/phish',
      segment: { kind: 'everyone' },
    });
    expect(away.statusCode).toBe(400);
    expect(Object.keys(away.json().error.fields)).toEqual(['link']);
    expect((await post('/broadcasts/audience', { segment: { kind: 'everyone' } }, member.cookie)).statusCode).toBe(403);
  });
});

describe('sending', () => {
  it('notifies every member of the segment once and nobody else, audited, with delivered and read counts', async () => {
    const expected = await idsWhere(
      sql`${reachable} and exists (select 1 from package p where p.sender_id = u.id and p.status = 'open')`,
    );
    const res = await post('/broadcasts', {
      title: 'Pickups this weekend',
      body: 'Travelers are busy this weekend: plan your pickups early.',
      link: '/user/packages/my-packages',
      segment: { kind: 'open_senders' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as Broadcast;
    expect(created).toMatchObject({ audience: expected.length, segment: { kind: 'open_senders' } });

    const done = await sent(created.id);
    expect(done).toMatchObject({ delivered: expected.length, read: 0, finishedAt: expect.any(String) });
    expect((await receivers(created.id)).sort()).toEqual(expected);

    const [one] = await db()
      .select({ id: notification.id })
      .from(notification)
      .where(sql`${notification.data} ->> 'broadcastId' = ${created.id}`)
      .limit(1);
    await db()
      .update(notification)
      .set({ readAt: new Date() })
      .where(eq(notification.id, one?.id as string));
    const page = (
      await app.inject({ url: '/api/admin/broadcasts', headers: { cookie: admin.cookie } })
    ).json() as BroadcastPage;
    expect(page.items.find((b) => b.id === created.id)?.read).toBe(1);

    const [audited] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'broadcast.send'), eq(auditLog.subjectId, created.id)));
    expect(audited).toMatchObject({ actorId: admin.id, data: { audience: expected.length } });
  });

  it('writes thousands in batches, each member once, even with two senders racing and after a stop mid-way', async () => {
    await db().execute(sql`
      insert into "user" (name, email, email_verified, created_at, updated_at)
      select 'Bulk ' || n, 'bulk-' || n || '@example.test', true, now(), now() from generate_series(1, ${BROADCAST_BATCH + 500}) n`);
    const everyone = await idsWhere(reachable);
    expect(everyone.length).toBeGreaterThan(BROADCAST_BATCH);

    // Queued without its background start, as if its node stopped at once: the jobs pick it up.
    const [row] = await db()
      .insert(broadcast)
      .values({
        title: 'Hello all',
        body: 'A word to everyone.',
        segment: { kind: 'everyone' },
        audience: everyone.length,
      })
      .returning({ id: broadcast.id });
    const id = row?.id as string;
    // Two nodes at once: one holds the lease, the other writes nothing.
    await Promise.all([deliverBroadcast(deps(), id), deliverBroadcast(deps(), id)]);
    const got = await receivers(id);
    expect(got.length).toBe(everyone.length);
    expect(new Set(got).size).toBe(got.length);

    // Stopped after its first batch, its lease run out: the jobs finish from the cursor.
    const [again] = await db()
      .insert(broadcast)
      .values({ title: 'Again', body: 'Second word.', segment: { kind: 'everyone' }, audience: everyone.length })
      .returning({ id: broadcast.id });
    const againId = again?.id as string;
    const firstBatch = everyone.slice(0, BROADCAST_BATCH);
    await deps().notifier.transaction(db(), async (_tx, notify) =>
      notify({
        userIds: firstBatch,
        type: 'broadcast',
        title: 'Again',
        body: 'Second word.',
        data: { broadcastId: againId },
      }),
    );
    await db()
      .update(broadcast)
      .set({
        status: 'sending',
        cursor: firstBatch.at(-1),
        delivered: firstBatch.length,
        leaseToken: sql`gen_random_uuid()`,
        leaseUntil: new Date(Date.now() - 1000),
      })
      .where(eq(broadcast.id, againId));
    expect(await deliverDueBroadcasts(deps())).toBeGreaterThanOrEqual(1);
    const resumed = await receivers(againId);
    expect(resumed.length).toBe(everyone.length);
    expect(new Set(resumed).size).toBe(everyone.length);
    const [state] = await db().select().from(broadcast).where(eq(broadcast.id, againId));
    expect(state).toMatchObject({ status: 'sent', delivered: everyone.length, leaseToken: null });
  });

  it('reaches a member who signs in afterwards like any notification', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'sender@tagalong.test', password: DEMO_PASSWORD },
    });
    const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const list = await app.inject({ url: '/api/notifications', headers: { cookie } });
    expect(
      list
        .json()
        .items.some(
          (n: { type: string; title: string }) => n.type === 'broadcast' && n.title === 'Pickups this weekend',
        ),
    ).toBe(true);
  });
});
