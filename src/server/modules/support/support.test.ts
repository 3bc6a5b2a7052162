import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { notification } from '#server/db/schema/notifications.ts';
import { mailOutbox } from '#server/db/schema/outbox.ts';
import { supportMessage, supportTicket } from '#server/db/schema/support.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { createDraft } from '#server/modules/packages/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import type { AdminAttention } from '#shared/admin-dashboard.ts';
import type { AdminTicket, AdminTicketPage, ContactReceipt, MyTickets, Ticket } from '#shared/support.ts';

// The support desk (docs/product.md §13): the contact form opens a ticket and tells the admins; the
// queue answers it; the writer hears in the app and by e-mail; every admin step is audited.

let app: FastifyInstance;
let admin: { id: string; cookie: string };
let otherAdmin: { id: string; cookie: string };
let sam: { id: string; cookie: string };
let tess: { id: string; cookie: string };

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  admin = await signUpVerified(app, 'desk-admin@example.test', 'Ada Lovelace');
  await makeAdmin(app, admin.id);
  otherAdmin = await signUpVerified(app, 'desk-admin2@example.test', 'Grace Hopper');
  await makeAdmin(app, otherAdmin.id);
  sam = await signUpVerified(app, 'desk-sam@example.test', 'Sam Sender');
  tess = await signUpVerified(app, 'desk-tess@example.test', 'Tess Traveler');
});
afterAll(() => app.close());

const db = () => app.database.db;
const form = (extra: Record<string, unknown> = {}) => ({
  email: 'visitor@example.test',
  topic: 'payment',
  message: 'I paid twice for the same package, can you check?',
  ...extra,
});
const contact = (payload: unknown, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/support/contact',
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });
const asAdmin = (method: 'GET' | 'POST', url: string, payload?: unknown, cookie = admin.cookie) =>
  app.inject({
    method,
    url: `/api/admin${url}`,
    headers: { cookie },
    ...(payload ? { payload: payload as object } : {}),
  });
const mailTo = (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, to));
const notificationsOf = (userId: string, type: string) =>
  db()
    .select()
    .from(notification)
    .where(and(eq(notification.userId, userId), eq(notification.type, type)));
const ticketByNumber = async (n: number) => {
  const [row] = await db().select().from(supportTicket).where(eq(supportTicket.number, n));
  if (!row) throw new Error(`no ticket #${n}`);
  return row;
};
const auditOf = (id: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'support_ticket'), eq(auditLog.subjectId, id)));

describe('POST /api/support/contact', () => {
  it('opens a ticket for a visitor, confirms by e-mail and tells every administrator live', async () => {
    const res = await contact(form({ email: 'First.Visitor@Example.test', name: 'Vera' }));
    expect(res.statusCode, res.body).toBe(201);
    const receipt = res.json() as ContactReceipt;
    expect(receipt.email).toBe('first.visitor@example.test');
    expect(receipt.number).toEqual(expect.any(Number));

    const ticket = await ticketByNumber(receipt.number as number);
    expect(ticket).toMatchObject({ userId: null, email: 'first.visitor@example.test', name: 'Vera', status: 'open' });
    const messages = await db().select().from(supportMessage).where(eq(supportMessage.ticketId, ticket.id));
    expect(messages.map((m) => [m.fromTeam, m.body])).toEqual([[false, form().message]]);

    const [confirmation] = await mailTo('first.visitor@example.test');
    expect(confirmation?.subject).toBe(`We have your message (#${receipt.number})`);
    expect(confirmation?.text).toContain(form().message);
    for (const who of [admin, otherAdmin]) {
      const [told] = (await notificationsOf(who.id, 'support_ticket')).filter((n) => n.data.ticketId === ticket.id);
      expect(told?.link).toBe(`/admin/support/${ticket.id}`);
    }
    expect((await notificationsOf(sam.id, 'support_ticket')).length).toBe(0);
  });

  it("uses a signed-in member's account address, and links the package a reference names", async () => {
    const draft = await createDraft(app, sam.cookie);
    const res = await contact(
      form({ email: 'someone-else@example.test', packageRef: `https://tagalong.test/user/packages/${draft.id}` }),
      sam.cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    const receipt = res.json() as ContactReceipt;
    expect(receipt.email).toBe('desk-sam@example.test');
    const ticket = await ticketByNumber(receipt.number as number);
    expect(ticket).toMatchObject({ userId: sam.id, name: 'Sam Sender', packageId: draft.id });
    expect(await mailTo('someone-else@example.test')).toEqual([]);

    const unknown = await contact(form({ packageRef: '00000000-0000-4000-8000-000000000000' }));
    const other = await ticketByNumber((unknown.json() as ContactReceipt).number as number);
    expect(other.packageId).toBeNull();
  });

  it('answers a filled honeypot like any message, and keeps and sends nothing', async () => {
    const before = await db().select({ id: supportTicket.id }).from(supportTicket);
    const res = await contact(form({ email: 'bot@example.test', website: 'http://spam.example' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ number: null, email: 'bot@example.test' });
    expect((await db().select({ id: supportTicket.id }).from(supportTicket)).length).toBe(before.length);
    expect(await mailTo('bot@example.test')).toEqual([]);
  });

  it('refuses bad input with the fields named and writes nothing', async () => {
    const before = await db().select({ id: supportTicket.id }).from(supportTicket);
    const res = await contact({ email: 'not-an-address', topic: 'gossip', message: 'hi' });
    expect(res.statusCode).toBe(400);
    const fields = (res.json() as { error: { fields: Record<string, string[]> } }).error.fields;
    expect(Object.keys(fields).sort()).toEqual(['email', 'message', 'topic']);
    expect((await db().select({ id: supportTicket.id }).from(supportTicket)).length).toBe(before.length);
  });
});

describe('the contact form limit', () => {
  let limited: FastifyInstance;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimit: true });
    await limited.ready();
  });
  afterAll(() => limited.close());

  const send = (email: string) =>
    limited.inject({ method: 'POST', url: '/api/support/contact', payload: form({ email }) });

  it('allows five messages an hour from one address, then says how long to wait', async () => {
    for (let i = 0; i < 5; i++) expect((await send(`many-${i}@example.test`)).statusCode).toBe(201);
    const res = await send('many-6@example.test');
    expect(res.statusCode).toBe(429);
    const error = (res.json() as { error: { code: string; params: { minutes: number } } }).error;
    expect(error.code).toBe('SUPPORT_RATE_LIMITED');
    expect(error.params.minutes).toBeGreaterThanOrEqual(59);
    expect(await limited.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'many-6@example.test'))).toEqual(
      [],
    );
  });
});

describe('the queue', () => {
  it('is for administrators only', async () => {
    expect((await asAdmin('GET', '/support/tickets', undefined, sam.cookie)).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/support/tickets' })).statusCode).toBe(401);
  });

  it('lists waiting tickets longest-waiting first, by holder, and shows them on the dashboard', async () => {
    const first = (await contact(form({ email: 'queue-1@example.test' }))).json() as ContactReceipt;
    const second = (await contact(form({ email: 'queue-2@example.test' }))).json() as ContactReceipt;
    const page = (await asAdmin('GET', '/support/tickets?status=open&limit=100')).json() as AdminTicketPage;
    const numbers = page.items.map((t) => t.number);
    expect(numbers.indexOf(first.number as number)).toBeLessThan(numbers.indexOf(second.number as number));
    expect(page.items.every((t) => t.status === 'open')).toBe(true);
    expect(page.total.count).toBe(page.items.length);

    const mine = (await asAdmin('GET', '/support/tickets?status=all&assignee=me')).json() as AdminTicketPage;
    expect(mine.items.map((t) => t.number)).not.toContain(first.number);

    const attention = (await asAdmin('GET', '/dashboard/attention')).json() as AdminAttention;
    expect(attention.supportOpen.total.count).toBe(page.total.count);
    expect(attention.supportOpen.oldestAt).toBe(page.items[0]?.lastMessageAt);
  });

  it('pages with a cursor without repeating or skipping a ticket', async () => {
    const all = (await asAdmin('GET', '/support/tickets?status=all&limit=100')).json() as AdminTicketPage;
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/support/tickets?status=all&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = (await asAdmin('GET', url)).json() as AdminTicketPage;
      seen.push(...page.items.map((t) => t.number));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.items.map((t) => t.number));
  });
});

describe('answering', () => {
  it('answers a member: the reply is in their help center, notified once in the app and once by e-mail, and audited', async () => {
    const receipt = (
      await contact(form({ message: 'Where is my refund for the cancelled package?' }), tess.cookie)
    ).json() as ContactReceipt;
    const { id } = await ticketByNumber(receipt.number as number);

    const res = await asAdmin('POST', `/support/tickets/${id}/reply`, {
      message: 'It left today; allow five working days.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const answered = res.json() as AdminTicket;
    expect(answered).toMatchObject({ status: 'answered', assignee: { id: admin.id } });
    expect(answered.messages.map((m) => [m.from, m.authorName])).toEqual([
      ['member', 'Tess Traveler'],
      ['team', 'Ada'],
    ]);

    const told = (await notificationsOf(tess.id, 'support_reply')).filter((n) => n.data.ticketId === id);
    expect(told.map((n) => n.link)).toEqual([`/user/help-center/${id}`]);
    const answers = (await mailTo('desk-tess@example.test')).filter((m) => m.subject.includes('answered'));
    expect(answers.length).toBe(1);
    expect(answers[0]?.text).toContain('It left today; allow five working days.');
    expect(answers[0]?.text).toContain(`/user/help-center/${id}`);

    const mine = (
      await app.inject({ url: `/api/support/tickets/${id}`, headers: { cookie: tess.cookie } })
    ).json() as Ticket;
    expect(mine.messages.at(-1)).toMatchObject({ from: 'team', body: 'It left today; allow five working days.' });
    const list = (
      await app.inject({ url: '/api/support/tickets', headers: { cookie: tess.cookie } })
    ).json() as MyTickets;
    expect(list.items.map((t) => t.id)).toContain(id);

    const audit = await auditOf(id);
    expect(audit.map((a) => [a.action, a.actorId, a.before?.status, a.after?.status])).toEqual([
      ['support.reply', admin.id, 'open', 'answered'],
    ]);
  });

  it('answers a visitor by e-mail, and may close the ticket with the answer', async () => {
    const receipt = (await contact(form({ email: 'answer-me@example.test' }))).json() as ContactReceipt;
    const { id } = await ticketByNumber(receipt.number as number);
    const res = await asAdmin('POST', `/support/tickets/${id}/reply`, {
      message: 'We found it and refunded one.',
      close: true,
    });
    expect(res.json()).toMatchObject({ status: 'closed', closedAt: expect.any(String) });
    const answer = (await mailTo('answer-me@example.test')).find((m) => m.subject.includes('answered'));
    expect(answer?.text).toContain('We found it and refunded one.');
    expect(answer?.text).toContain(`#${receipt.number}`);
  });

  it('keeps a ticket private to its writer', async () => {
    const receipt = (await contact(form(), sam.cookie)).json() as ContactReceipt;
    const { id } = await ticketByNumber(receipt.number as number);
    const other = await app.inject({ url: `/api/support/tickets/${id}`, headers: { cookie: tess.cookie } });
    expect(other.statusCode).toBe(404);
    const write = await app.inject({
      method: 'POST',
      url: `/api/support/tickets/${id}/messages`,
      headers: { cookie: tess.cookie },
      payload: { message: 'Not my ticket but here I am' },
    });
    expect(write.statusCode).toBe(404);
    expect((await app.inject({ url: '/api/support/tickets' })).statusCode).toBe(401);
  });

  it('reopens a closed ticket when its member writes again, and tells the administrator who holds it', async () => {
    const receipt = (await contact(form(), sam.cookie)).json() as ContactReceipt;
    const { id } = await ticketByNumber(receipt.number as number);
    await asAdmin('POST', `/support/tickets/${id}/assign`, { assigneeId: otherAdmin.id });
    await asAdmin('POST', `/support/tickets/${id}/close`, {});
    const res = await app.inject({
      method: 'POST',
      url: `/api/support/tickets/${id}/messages`,
      headers: { cookie: sam.cookie },
      payload: { message: 'Sorry, one more question about it.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'open', closedAt: null });
    const toHolder = (await notificationsOf(otherAdmin.id, 'support_ticket')).filter(
      (n) => n.data.ticketId === id && n.title.startsWith('New message'),
    );
    const toOthers = (await notificationsOf(admin.id, 'support_ticket')).filter(
      (n) => n.data.ticketId === id && n.title.startsWith('New message'),
    );
    expect([toHolder.length, toOthers.length]).toEqual([1, 0]);
  });
});

describe('assigning and closing', () => {
  it('assigns only to administrators, audits each change, and a repeat changes nothing', async () => {
    const receipt = (await contact(form())).json() as ContactReceipt;
    const { id } = await ticketByNumber(receipt.number as number);
    const toMember = await asAdmin('POST', `/support/tickets/${id}/assign`, { assigneeId: sam.id });
    expect(toMember.statusCode).toBe(422);
    expect((toMember.json() as { error: { code: string } }).error.code).toBe('TICKET_ASSIGNEE_NOT_ADMIN');

    expect((await asAdmin('POST', `/support/tickets/${id}/assign`, { assigneeId: admin.id })).json()).toMatchObject({
      assignee: { id: admin.id, name: 'Ada Lovelace' },
    });
    await asAdmin('POST', `/support/tickets/${id}/assign`, { assigneeId: admin.id });
    expect((await asAdmin('POST', `/support/tickets/${id}/assign`, { assigneeId: null })).json()).toMatchObject({
      assignee: null,
    });
    const audit = await auditOf(id);
    expect(audit.map((a) => [a.action, a.after?.assigneeId])).toEqual([
      ['support.assign', admin.id],
      ['support.assign', null],
    ]);
  });

  it('closes once when two administrators close at the same moment', async () => {
    const receipt = (await contact(form())).json() as ContactReceipt;
    const { id } = await ticketByNumber(receipt.number as number);
    const [a, b] = await Promise.all([
      asAdmin('POST', `/support/tickets/${id}/close`, {}),
      asAdmin('POST', `/support/tickets/${id}/close`, {}, otherAdmin.cookie),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const closes = (await auditOf(id)).filter((row) => row.action === 'support.close');
    expect(closes.length).toBe(1);
  });

  it('answers 404 for a ticket that does not exist', async () => {
    const res = await asAdmin('POST', '/support/tickets/00000000-0000-4000-8000-000000000000/close', {});
    expect(res.statusCode).toBe(404);
    expect((res.json() as { error: { code: string } }).error.code).toBe('TICKET_NOT_FOUND');
  });
});
