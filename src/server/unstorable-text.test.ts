import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoteAdmin } from '#server/modules/demo/seed.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { UNSTORABLE_TEXT_MESSAGE } from '#shared/text.ts';

// PostgreSQL cannot store a NUL character in text, and a lone surrogate is not text at all; both used
// to come back as 500s. Every free-text field of the write routes refuses them, naming the field.

const id = randomUUID();
const bad = { nul: 'Lamp\u0000shade', surrogate: 'Lamp\uD800shade' } as const;
const place = (over: Record<string, unknown>) => ({
  label: 'Paris, France',
  city: 'Paris',
  countryCode: 'FR',
  lat: 48.85,
  lng: 2.35,
  ...over,
});

type Who = 'member' | 'admin';
/** method, url, the body with `v` in the field under test, the field's name in the answer, who asks. */
const bodyCases: [string, string, (v: string) => unknown, string, Who][] = [
  ['POST', '/api/packages', (v) => ({ title: v }), 'title', 'member'],
  ['POST', '/api/packages', (v) => ({ title: 'Lamp', description: v }), 'description', 'member'],
  ['POST', '/api/packages', (v) => ({ title: 'Lamp', category: v }), 'category', 'member'],
  ['POST', '/api/packages', (v) => ({ title: 'Lamp', recipientName: v }), 'recipientName', 'member'],
  ['POST', '/api/packages', (v) => ({ title: 'Lamp', recipientPhone: v }), 'recipientPhone', 'member'],
  ['POST', '/api/packages', (v) => ({ title: 'Lamp', notes: v }), 'notes', 'member'],
  ['POST', '/api/packages', (v) => ({ title: 'Lamp', pickup: place({ label: v }) }), 'pickup.label', 'member'],
  ['POST', '/api/packages', (v) => ({ title: 'Lamp', pickup: place({ city: v }) }), 'pickup.city', 'member'],
  ['POST', '/api/packages', (v) => ({ title: 'Lamp', dropoff: place({ address: v }) }), 'dropoff.address', 'member'],
  ['PATCH', `/api/packages/${id}`, (v) => ({ title: v }), 'title', 'member'],
  ['POST', `/api/communication/chat/conversations/${id}/messages`, (v) => ({ content: v }), 'content', 'member'],
  ['PATCH', '/api/profile', (v) => ({ name: v }), 'name', 'member'],
  ['PATCH', '/api/profile', (v) => ({ bio: v }), 'bio', 'member'],
  ['PATCH', '/api/profile', (v) => ({ city: v }), 'city', 'member'],
  ['PATCH', '/api/profile', (v) => ({ languages: ['en', v] }), 'languages.1', 'member'],
  ['POST', `/api/packages/${id}/review`, (v) => ({ rating: 5, comment: v }), 'comment', 'member'],
  ['POST', '/api/travel-plans', (v) => ({ notes: v }), 'notes', 'member'],
  ['POST', '/api/travel-plans', (v) => ({ origin: place({ label: v }) }), 'origin.label', 'member'],
  ['PATCH', `/api/travel-plans/${id}`, (v) => ({ destination: place({ city: v }) }), 'destination.city', 'member'],
  ['POST', '/api/requests/offers', (v) => ({ packageId: id, travelPlanId: id, message: v }), 'message', 'member'],
  ['POST', '/api/requests/invites', (v) => ({ packageId: id, travelPlanId: id, message: v }), 'message', 'member'],
  ['POST', `/api/packages/${id}/pickup`, (v) => ({ code: v }), 'code', 'member'],
  ['POST', `/api/packages/${id}/dispute`, (v) => ({ reason: 'damaged', details: v }), 'details', 'member'],
  ['POST', '/api/kyc/start', (v) => ({ returnTo: `/user/${v}` }), 'returnTo', 'member'],
  [
    'POST',
    '/api/payouts',
    (v) => ({ amount: 5000, bankDetails: { accountHolder: v } }),
    'bankDetails.accountHolder',
    'member',
  ],
  ['POST', '/api/payouts', (v) => ({ amount: 5000, bankDetails: { iban: v } }), 'bankDetails.iban', 'member'],
  [
    'POST',
    '/api/payouts',
    (v) => ({ method: 'stripe_connect', amount: 5000, stripeAccountId: v }),
    'stripeAccountId',
    'member',
  ],
  ['POST', `/api/admin/users/${id}/kyc/decision`, (v) => ({ decision: 'approve', note: v }), 'note', 'admin'],
  [
    'POST',
    `/api/admin/packages/${id}/dispute/resolve`,
    (v) => ({ resolution: 'refund_sender', note: v }),
    'note',
    'admin',
  ],
  ['POST', `/api/admin/payouts/${id}/mark-sent`, (v) => ({ note: v }), 'note', 'admin'],
  ['POST', `/api/admin/payouts/${id}/mark-sent`, (v) => ({ reference: v }), 'reference', 'admin'],
  ['POST', `/api/admin/payments/${id}/refund`, (v) => ({ amount: 100, note: v }), 'note', 'admin'],
  ['POST', '/api/payments/sandbox/cs_sandbox_abcdefgh/pay', (v) => ({ name: v }), 'name', 'member'],
];

/** Query strings: a NUL arrives percent-encoded (a lone surrogate cannot be sent in a URL). */
const queryCases: [string, string, Who][] = [
  ['/api/packages?q=Lamp%00', 'q', 'member'],
  ['/api/packages?cursor=%00', 'cursor', 'member'],
  ['/api/places?q=Par%00', 'q', 'member'],
  ['/api/travel-plans?cursor=%00', 'cursor', 'member'],
  ['/api/requests?cursor=%00', 'cursor', 'member'],
  ['/api/notifications?cursor=%00', 'cursor', 'member'],
  ['/api/balance/transactions?cursor=%00', 'cursor', 'member'],
  ['/api/payouts?cursor=%00', 'cursor', 'member'],
  [`/api/users/${id}/reviews?cursor=%00`, 'cursor', 'member'],
  ['/api/admin/payments?cursor=%00', 'cursor', 'admin'],
  ['/api/admin/ledger/entries?account=escrow%00', 'account', 'admin'],
];

describe('text the database cannot store', () => {
  let app: FastifyInstance;
  const cookies: Record<Who, string> = { member: '', admin: '' };
  beforeAll(async () => {
    app = await createTestApp();
    await app.ready();
    cookies.member = (await signUpVerified(app, 'member@example.test', 'Member')).cookie;
    cookies.admin = (await signUpVerified(app, 'chief@example.test', 'Chief')).cookie;
    await promoteAdmin(app.database.db, 'chief@example.test', app.log);
  });
  afterAll(() => app.close());

  const expectRefused = (res: { statusCode: number; json(): unknown }, field: string) => {
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields?.[field]).toContain(UNSTORABLE_TEXT_MESSAGE);
  };

  describe.each(Object.entries(bad))('with a %s', (_kind, value) => {
    it.each(bodyCases)('%s %s: 400 naming %#', async (method, url, body, field, who) => {
      const res = await app.inject({
        method: method as 'POST' | 'PATCH',
        url,
        headers: { cookie: cookies[who] },
        payload: body(value) as object,
      });
      expectRefused(res, field);
    });
  });

  it.each(queryCases)('GET %s: 400 naming %s', async (url, field, who) => {
    expectRefused(await app.inject({ url, headers: { cookie: cookies[who] } }), field);
  });
});
