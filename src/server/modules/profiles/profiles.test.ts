import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '#server/db/schema/auth.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { profileSchema, publicProfileSchema } from '#shared/profiles.ts';
import { latestSmsCode, tempDataDir } from './test/fixtures.ts';

let app: FastifyInstance;
let ada: { cookie: string; id: string };

beforeAll(async () => {
  app = await createTestApp({ dataDir: tempDataDir() });
  await app.ready();
  ada = await signUpVerified(app, 'ada@example.test', 'Ada Lovelace');
});
afterAll(() => app.close());

const get = (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} });
const patch = (payload: unknown, cookie = ada.cookie) =>
  app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie }, payload: payload as object });
const userRow = async (id: string) => (await app.database.db.select().from(user).where(eq(user.id, id)))[0];

describe('my profile', () => {
  it('answers visitors with 401 in the error shape', async () => {
    for (const res of [
      await get('/api/profile'),
      await app.inject({ method: 'PATCH', url: '/api/profile', payload: { name: 'X' } }),
      await app.inject({ method: 'DELETE', url: '/api/profile', payload: { confirm: 'DELETE' } }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(apiErrorSchema.parse(res.json()).error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('shows the signed-in member their own profile', async () => {
    const res = await get('/api/profile', ada.cookie);
    expect(res.statusCode).toBe(200);
    expect(profileSchema.parse(res.json())).toMatchObject({
      id: ada.id,
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      image: null,
      bio: null,
      city: null,
      languages: [],
      notifyByEmail: true,
      phoneNumber: null,
      emailVerified: true,
      phoneNumberVerified: false,
      kycStatus: 'not_started',
    });
  });

  it('changes only the fields given: trimmed, blank text as none, language codes in one spelling without repeats', async () => {
    const res = await patch({
      name: '  Ada King  ',
      bio: 'Mathematician. Happy to carry small parcels.',
      city: ' London ',
      languages: ['en', 'fr', 'EN', 'pt-br'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Ada King',
      bio: 'Mathematician. Happy to carry small parcels.',
      city: 'London',
      languages: ['en', 'fr', 'pt-BR'],
      notifyByEmail: true,
    });

    const second = await patch({ notifyByEmail: false, city: '   ' });
    expect(second.json()).toMatchObject({
      name: 'Ada King',
      city: null,
      notifyByEmail: false,
      languages: ['en', 'fr', 'pt-BR'],
    });
    expect((await get('/api/auth/me', ada.cookie)).json()).toMatchObject({ name: 'Ada King' });

    const cleared = await patch({ bio: null, languages: [] });
    expect(cleared.json()).toMatchObject({ bio: null, languages: [] });
  });

  it('accepts an empty change as a no-op', async () => {
    const before = (await get('/api/profile', ada.cookie)).json();
    const res = await patch({});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(before);
  });

  const long = (n: number) => 'x'.repeat(n);
  const badInputs: [string, unknown, string][] = [
    ['an empty name', { name: '' }, 'name'],
    ['a blank name', { name: '    ' }, 'name'],
    ['a name of 101 characters', { name: long(101) }, 'name'],
    ['a name that is a number', { name: 42 }, 'name'],
    ['a null name', { name: null }, 'name'],
    ['a bio of 501 characters', { bio: long(501) }, 'bio'],
    ['a bio that is a list', { bio: ['hi'] }, 'bio'],
    ['a city of 101 characters', { city: long(101) }, 'city'],
    [
      'eleven languages',
      { languages: ['en', 'fr', 'de', 'es', 'it', 'pt', 'nl', 'sv', 'da', 'fi', 'pl'] },
      'languages',
    ],
    ['a one-letter language', { languages: ['e'] }, 'languages.0'],
    ['a 36-character language', { languages: [`en-${long(33)}`] }, 'languages.0'],
    ['a language with a space', { languages: ['en', 'en us'] }, 'languages.1'],
    ['a language tag that is not well formed', { languages: ['en-US-x'] }, 'languages.0'],
    ['languages as a string', { languages: 'en' }, 'languages'],
    ['a language that is a number', { languages: [7] }, 'languages.0'],
    ['an e-mail preference as text', { notifyByEmail: 'yes' }, 'notifyByEmail'],
    ['a field that is not editable here', { email: 'evil@example.test' }, ''],
    ['a kyc status', { kycStatus: 'approved' }, ''],
  ];

  it.each(badInputs)('refuses %s with 400 and its field, writing nothing', async (_what, payload, field) => {
    const before = await userRow(ada.id);
    const res = await patch({ name: 'Someone Else', ...(payload as object) });
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields).toBeDefined();
    if (field) expect(Object.keys(body.error.fields ?? {})).toContain(field);
    expect(await userRow(ada.id)).toEqual(before);
  });

  it.each([
    ['an array', '[1,2]'],
    ['a string', '"name"'],
    ['broken JSON', '{"name":'],
  ])('refuses a body that is %s with 400 in the error shape', async (_what, raw) => {
    const before = await userRow(ada.id);
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie: ada.cookie, 'content-type': 'application/json' },
      payload: raw,
    });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.safeParse(res.json()).success).toBe(true);
    expect(await userRow(ada.id)).toEqual(before);
  });
});

describe('public profile', () => {
  let grace: { cookie: string; id: string };
  const phone = '+12015550123';

  beforeAll(async () => {
    grace = await signUpVerified(app, 'grace@example.test', 'Grace Hopper');
    await patch({ city: 'Arlington', bio: 'Rear admiral.', languages: ['en'] }, grace.cookie);
    // Her mobile number through the real one-time-code flow, so there is a phone to leak.
    const sent = await app.inject({
      method: 'POST',
      url: '/api/auth/phone-number/send-otp',
      headers: { cookie: grace.cookie },
      payload: { phoneNumber: phone },
    });
    expect(sent.statusCode).toBe(200);
    const verified = await app.inject({
      method: 'POST',
      url: '/api/auth/phone-number/verify',
      headers: { cookie: grace.cookie },
      payload: { phoneNumber: phone, code: await latestSmsCode(app.database.db, phone), updatePhoneNumber: true },
    });
    expect(verified.statusCode).toBe(200);
  });

  it('shows a member to other members and to visitors, without e-mail or phone', async () => {
    for (const cookie of [ada.cookie, undefined]) {
      const res = await get(`/api/users/${grace.id}/public`, cookie);
      expect(res.statusCode).toBe(200);
      const body = publicProfileSchema.parse(res.json());
      expect(body).toMatchObject({
        id: grace.id,
        name: 'Grace Hopper',
        image: null,
        city: 'Arlington',
        bio: 'Rear admiral.',
        languages: ['en'],
        verification: { email: true, phone: true, identity: false },
        rating: { average: null, count: 0 },
        reliability: {
          completedDeliveries: 0,
          commitments: 0,
          cancellations: 0,
          cancellationRate: null,
          responses: 0,
          medianResponseMinutes: null,
        },
      });
      expect(Number.isNaN(Date.parse(body.memberSince))).toBe(false);
      expect(Object.keys(res.json()).sort()).toEqual(
        [
          'bio',
          'city',
          'id',
          'image',
          'languages',
          'memberSince',
          'name',
          'rating',
          'reliability',
          'verification',
        ].sort(),
      );
      expect(res.body).not.toContain('grace@example.test');
      expect(res.body).not.toContain('5550123');
      expect(res.body.toLowerCase()).not.toMatch(/email"\s*:\s*"|phone(number)?"\s*:\s*"/);
    }
  });

  it('answers a malformed id with 400 and an unknown one with 404, in the error shape', async () => {
    const malformed = await get('/api/users/not-a-uuid/public');
    expect(malformed.statusCode).toBe(400);
    expect(apiErrorSchema.parse(malformed.json()).error.fields).toHaveProperty('id');
    const unknown = await get('/api/users/00000000-0000-4000-8000-000000000000/public');
    expect(unknown.statusCode).toBe(404);
    expect(apiErrorSchema.parse(unknown.json()).error.code).toBe('MEMBER_NOT_FOUND');
  });
});

describe('avatar keys', () => {
  it.each([
    ['a path', '..%2F..%2Fetc%2Fpasswd'],
    ['another extension', '00000000-0000-4000-8000-000000000000.png'],
    ['upper case', '00000000-0000-4000-8000-00000000000A.webp'],
  ])('refuses %s as a key with 400', async (_what, key) => {
    const res = await get(`/api/avatars/${key}`);
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.safeParse(res.json()).success).toBe(true);
  });

  it('answers an unknown key with 404', async () => {
    const res = await get('/api/avatars/00000000-0000-4000-8000-000000000000.webp');
    expect(res.statusCode).toBe(404);
    expect(apiErrorSchema.parse(res.json()).error.code).toBe('AVATAR_NOT_FOUND');
  });
});
