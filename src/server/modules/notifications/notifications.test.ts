import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/outbox.ts';
import type { Mailer } from '#server/providers/mail/mailer.ts';
import { createOutboxMailer } from '#server/providers/mail/outbox.ts';
import { collect, eventually, listen, nextEvent, openSocket, sleep } from '#server/realtime/test/sockets.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import type { NotificationItem, NotificationPage, NotificationRead } from '#shared/notifications.ts';
import { createNotifier, type MailingNotifier } from './notifier.ts';

/** A refusal's status and catalog code, to assert both at once. */
const refusal = (res: { statusCode: number; json: () => unknown }) => ({
  status: res.statusCode,
  code: (res.json() as { error?: { code?: string } }).error?.code,
});

let app: FastifyInstance;
let url: string;
let notifier: MailingNotifier;
const sockets: Socket[] = [];

async function tab(cookie: string) {
  const socket = await openSocket(url, cookie);
  sockets.push(socket);
  return socket;
}
/** The way a service notifies: inside its own transaction. */
async function notify(userIds: string | string[], title: string, via: MailingNotifier = notifier) {
  await via.transaction(app.database.db, async (_tx, n) => {
    await n(
      Array.isArray(userIds)
        ? { userIds, type: 'broadcast', title, body: `${title} body`, link: '/user/dashboard' }
        : { userId: userIds, type: 'request_received', title, body: `${title} body`, link: '/user/packages/requests' },
    );
  });
}
const get = (cookie: string | undefined, path: string) =>
  app.inject({ url: `/api/notifications${path}`, headers: cookie ? { cookie } : {} });
const post = (cookie: string | undefined, path: string) =>
  app.inject({ method: 'POST', url: `/api/notifications${path}`, headers: cookie ? { cookie } : {} });
const unread = async (cookie: string) => ((await get(cookie, '/unread-count')).json() as { count: number }).count;
const mailsTo = (email: string) => app.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

beforeAll(async () => {
  app = await createTestApp();
  url = await listen(app);
  notifier = createNotifier({
    gateway: app.gateway,
    log: app.log,
    mailer: createOutboxMailer(app.database.db),
    baseUrl: 'http://tagalong.test',
  });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app.close();
});

describe('the notifications API', () => {
  it('answers 401 to a visitor on every endpoint', async () => {
    for (const res of [
      await get(undefined, ''),
      await get(undefined, '/unread-count'),
      await post(undefined, '/00000000-0000-4000-8000-000000000000/read'),
      await post(undefined, '/read-all'),
    ])
      expect(res.statusCode).toBe(401);
  });

  it('lists mine only, newest first, 20 a page with a cursor', async () => {
    const me = await signUpVerified(app, 'pages@example.test');
    const other = await signUpVerified(app, 'other-pages@example.test');
    for (let i = 1; i <= 45; i++) await notify(me.id, `n${i}`);
    await notify(other.id, 'not yours');
    const titles: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(me.cookie, cursor ? `?cursor=${cursor}` : '');
      expect(res.statusCode).toBe(200);
      const page = res.json() as NotificationPage;
      sizes.push(page.items.length);
      titles.push(...page.items.map((n) => n.title));
      cursor = page.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([20, 20, 5]);
    expect(titles).toEqual(Array.from({ length: 45 }, (_, i) => `n${45 - i}`));
    // Someone else's notification is no cursor of mine.
    const [theirs] = ((await get(other.cookie, '')).json() as NotificationPage).items;
    expect((await get(me.cookie, `?cursor=${theirs?.id}`)).statusCode).toBe(400);
    expect((await get(me.cookie, '?cursor=garbage')).statusCode).toBe(400);
  });

  it('counts unread, marks one and all read (telling my other tabs), never below zero', async () => {
    const me = await signUpVerified(app, 'reader@example.test');
    const other = await signUpVerified(app, 'snoop@example.test');
    for (const t of ['a', 'b', 'c']) await notify(me.id, t);
    expect(await unread(me.cookie)).toBe(3);
    const [newest] = ((await get(me.cookie, '')).json() as NotificationPage).items;
    const id = newest?.id as string;

    expect(refusal(await post(other.cookie, `/${id}/read`))).toEqual({ status: 404, code: 'NOTIFICATION_NOT_FOUND' });
    expect(await unread(me.cookie)).toBe(3);

    const otherTab = await tab(me.cookie);
    const told = nextEvent<NotificationRead>(otherTab, 'notification_read');
    const one = await post(me.cookie, `/${id}/read`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id, readAt: expect.any(String) });
    expect(await told).toEqual({ id, readAt: one.json().readAt });
    expect(await unread(me.cookie)).toBe(2);
    // Again: still read at its first time, nothing lower than it was.
    expect((await post(me.cookie, `/${id}/read`)).json().readAt).toBe(one.json().readAt);
    expect(await unread(me.cookie)).toBe(2);

    const allTold = nextEvent<NotificationRead>(otherTab, 'notification_read');
    const all = await post(me.cookie, '/read-all');
    expect(all.json()).toMatchObject({ marked: 2 });
    expect(await allTold).toMatchObject({ id: null });
    expect(await unread(me.cookie)).toBe(0);
    expect((await post(me.cookie, '/read-all')).json()).toMatchObject({ marked: 0 });
    expect(await unread(me.cookie)).toBe(0);
    expect(await unread(other.cookie)).toBe(0);
  });
});

describe('notify', () => {
  it("pushes to every open tab of the member, with the toast's `text`, after the commit", async () => {
    const me = await signUpVerified(app, 'tabs@example.test');
    const someone = await signUpVerified(app, 'someone@example.test');
    const [tab1, tab2, theirs] = [await tab(me.cookie), await tab(me.cookie), await tab(someone.cookie)];
    const theySaw = collect(theirs, 'notification');
    const seen = [nextEvent<NotificationItem>(tab1, 'notification'), nextEvent<NotificationItem>(tab2, 'notification')];
    await notify(me.id, 'Request received');
    const [one, two] = await Promise.all(seen);
    expect(one).toMatchObject({
      title: 'Request received',
      text: 'Request received body',
      body: 'Request received body',
    });
    expect(two).toEqual(one);
    const [listed] = ((await get(me.cookie, '')).json() as NotificationPage).items;
    expect(listed).toEqual(one);
    await sleep(150);
    expect(theySaw).toEqual([]);
  });

  it('stores and pushes nothing when the transaction rolls back', async () => {
    const me = await signUpVerified(app, 'rollback@example.test');
    const socket = await tab(me.cookie);
    const saw = collect(socket, 'notification');
    await expect(
      notifier.transaction(app.database.db, async (_tx, n) => {
        await n({ userId: me.id, type: 'broadcast', title: 'never', body: 'never' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await notifier.drain();
    await sleep(150);
    expect(saw).toEqual([]);
    expect(await unread(me.cookie)).toBe(0);
    expect((await mailsTo('rollback@example.test')).filter((m) => m.subject === 'never')).toEqual([]);
  });

  it('notifies many members at once, one row and one push each', async () => {
    const members = await Promise.all(['m1', 'm2', 'm3'].map((m) => signUpVerified(app, `${m}@example.test`)));
    const tabs = await Promise.all(members.map((m) => tab(m.cookie)));
    const heard = tabs.map((t) => nextEvent<NotificationItem>(t, 'notification'));
    await notify(
      members.map((m) => m.id),
      'Maintenance tonight',
    );
    const items = await Promise.all(heard);
    expect(new Set(items.map((i) => i.id)).size).toBe(3);
    for (const m of members) expect(await unread(m.cookie)).toBe(1);
  });
});

describe('the e-mail copy', () => {
  it('goes after the commit when the preference is on, and not when it is off', async () => {
    const keen = await signUpVerified(app, 'keen@example.test', 'Keen');
    const quiet = await signUpVerified(app, 'quiet@example.test', 'Quiet');
    const off = await app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie: quiet.cookie },
      payload: { notifyByEmail: false },
    });
    expect(off.statusCode).toBe(200);
    const before = {
      keen: (await mailsTo('keen@example.test')).length,
      quiet: (await mailsTo('quiet@example.test')).length,
    };

    await notify(keen.id, 'Your package was picked up');
    await notify(quiet.id, 'Your package was picked up');
    await notifier.drain();

    const keenMails = await mailsTo('keen@example.test');
    expect(keenMails).toHaveLength(before.keen + 1);
    const mail = keenMails.find((m) => m.subject === 'Your package was picked up');
    expect(mail?.text).toContain('Your package was picked up body');
    expect(mail?.text).toContain('http://tagalong.test/user/packages/requests');
    expect(mail?.text).toContain('http://tagalong.test/user/profile/profile-settings');
    expect(await mailsTo('quiet@example.test')).toHaveLength(before.quiet);
  });

  it('is logged, not thrown, when the mail server fails: the change and its push stand', async () => {
    const me = await signUpVerified(app, 'flaky@example.test');
    const failing: Mailer = {
      kind: 'smtp',
      async send() {
        throw new Error('SMTP 421 try later');
      },
    };
    const errors: unknown[] = [];
    const log = Object.assign(Object.create(app.log), { error: (...args: unknown[]) => errors.push(args) });
    const flaky = createNotifier({ gateway: app.gateway, log, mailer: failing, baseUrl: '' });
    const socket = await tab(me.cookie);
    const pushed = nextEvent(socket, 'notification');
    await notify(me.id, 'Still delivered', flaky);
    await pushed;
    await flaky.drain();
    await eventually(() => errors.length === 1, 1000, 'failure logged');
    expect(await unread(me.cookie)).toBe(1);
  });
});
