import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '#server/db/schema/payments.ts';
import { carriedPaidPackage } from '#server/modules/balances/test/helpers.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import type { AdminPaymentPage } from '#shared/admin-money.ts';

// The back office's payments list: filters, an exact search, two orders, keyset pages and a total.
// Each test narrows to its own sender so rows other tests made do not count.

let app: FastifyInstance;
let admin: { cookie: string; id: string };
let sender: { id: string };
let other: { id: string };
const ids: Record<'a' | 'b' | 'c', { paymentId: string; packageId: string }> = {} as never;

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  admin = await signUpVerified(app, 'list-admin@example.test');
  await makeAdmin(app, admin.id);
  sender = await signUpVerified(app, 'list-sender@example.test');
  other = await signUpVerified(app, 'list-other@example.test');
  const make = async (reward: number, day: string, provider: 'sandbox' | 'stripe', ref: string) => {
    const paid = await carriedPaidPackage(app, { senderId: sender.id, travelerId: other.id, reward, fee: 0 });
    await app.database.db
      .update(payments)
      .set({ createdAt: new Date(`${day}T12:00:00Z`), provider, providerPaymentRef: ref })
      .where(eq(payments.id, paid.paymentId));
    return paid;
  };
  ids.a = await make(1000, '2026-01-10', 'sandbox', 'pi_list_a');
  ids.b = await make(3000, '2026-01-20', 'stripe', 'pi_list_b');
  ids.c = await make(2000, '2026-01-30', 'stripe', 'pi_list_c');
  await carriedPaidPackage(app, { senderId: other.id, travelerId: sender.id, reward: 500 });
});
afterAll(() => app.close());

async function list(query: string) {
  const res = await app.inject({
    url: `/api/admin/payments?senderId=${sender.id}${query}`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminPaymentPage;
}
const idsOf = (page: AdminPaymentPage) =>
  page.items.map((p) => Object.entries(ids).find(([, v]) => v.paymentId === p.id)?.[0]);

describe('GET /api/admin/payments', () => {
  it('narrows by sender, provider, period, amount and reference, with the total', async () => {
    const all = await list('');
    expect(idsOf(all)).toEqual(['c', 'b', 'a']);
    expect(all.total).toEqual({ count: 3, estimated: false });
    expect(all.items[0]).toMatchObject({ providerPaymentRef: 'pi_list_c', held: 2000, packageStatus: 'matched' });

    expect(idsOf(await list('&provider=stripe'))).toEqual(['c', 'b']);
    expect(idsOf(await list('&createdFrom=2026-01-15&createdTo=2026-01-25'))).toEqual(['b']);
    expect(idsOf(await list('&minAmount=2000'))).toEqual(['c', 'b']);
    expect(idsOf(await list('&minAmount=1500&maxAmount=2500'))).toEqual(['c']);
    expect(idsOf(await list('&providerRef=pi_list_a'))).toEqual(['a']);
    const narrow = await list('&provider=stripe&maxAmount=2500');
    expect(narrow.total).toEqual({ count: 1, estimated: false });
  });

  it('searches by exact payment id, package id or provider reference', async () => {
    expect(idsOf(await list(`&q=${ids.b.paymentId}`))).toEqual(['b']);
    expect(idsOf(await list(`&q=${ids.c.packageId}`))).toEqual(['c']);
    expect(idsOf(await list('&q=pi_list_a'))).toEqual(['a']);
    expect(idsOf(await list('&q=pi_list'))).toEqual([]);
  });

  it('sorts by created or amount either way, a keyset page at a time', async () => {
    expect(idsOf(await list('&sort=created'))).toEqual(['a', 'b', 'c']);
    expect(idsOf(await list('&sort=-amount'))).toEqual(['b', 'c', 'a']);
    const seen: (string | undefined)[] = [];
    let cursor: string | null = null;
    do {
      const page: AdminPaymentPage = await list(`&sort=amount&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...idsOf(page));
      expect(page.total.count).toBe(3);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['a', 'c', 'b']);
  });

  it('refuses bad filters and a cursor from another order with 400 and field errors', async () => {
    const bad = await app.inject({
      url: '/api/admin/payments?provider=paypal&minAmount=-1&createdFrom=soon&senderId=7&sort=title',
      headers: { cookie: admin.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual([
      'createdFrom',
      'minAmount',
      'provider',
      'senderId',
      'sort',
    ]);
    const backwards = await app.inject({
      url: '/api/admin/payments?minAmount=500&maxAmount=100&createdFrom=2026-02-01&createdTo=2026-01-01',
      headers: { cookie: admin.cookie },
    });
    expect(backwards.statusCode).toBe(400);
    expect(Object.keys(backwards.json().error.fields).sort()).toEqual(['createdTo', 'maxAmount']);

    const byDate = await list('&limit=1');
    const mixed = await app.inject({
      url: `/api/admin/payments?sort=amount&cursor=${byDate.nextCursor}`,
      headers: { cookie: admin.cookie },
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.fields).toHaveProperty('cursor');
  });
});
