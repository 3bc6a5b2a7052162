import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { packages } from '#server/db/schema/packages.ts';
import { supportTicket } from '#server/db/schema/support.ts';
import { buildStartedApp, testConfig } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import type { AdminTicketPage, MyTickets } from '#shared/support.ts';
import { seedDemoSupport } from './seed-support.ts';

// Demo mode's support desk: one ticket in each state, Sam's open one about his chocolates; the
// queue and the members' help centers show them; writing the demo again adds nothing.

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildStartedApp>>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildStartedApp(testConfig({ demoMode: true }), { database });
  await app.ready();
});
afterAll(() => app.close());

async function signIn(email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

describe('the demo support desk', () => {
  it('has an open, an answered and a closed ticket, shown in the queue and to their writers', async () => {
    const rows = await database.db.select().from(supportTicket).orderBy(supportTicket.number);
    expect(rows.map((r) => r.status).sort()).toEqual(['answered', 'closed', 'open']);
    const [chocolates] = await database.db
      .select({ id: packages.id })
      .from(packages)
      .where(eq(packages.title, 'Belgian chocolates'));
    expect(rows.find((r) => r.status === 'open')?.packageId).toBe(chocolates?.id);

    const admin = await signIn('admin@tagalong.test');
    const queue = (
      await app.inject({ url: '/api/admin/support/tickets', headers: { cookie: admin } })
    ).json() as AdminTicketPage;
    expect(queue.items.map((t) => t.member?.email)).toEqual(['sender@tagalong.test']);

    const tess = (
      await app.inject({ url: '/api/support/tickets', headers: { cookie: await signIn('traveler@tagalong.test') } })
    ).json() as MyTickets;
    expect(tess.items.map((t) => [t.topic, t.status])).toEqual([['payment', 'answered']]);
  });

  it('adds nothing when written again', async () => {
    const before = await database.db.select({ id: supportTicket.id }).from(supportTicket);
    await seedDemoSupport(database.db, pino({ level: 'silent' }));
    expect((await database.db.select({ id: supportTicket.id }).from(supportTicket)).length).toBe(before.length);
  });
});
