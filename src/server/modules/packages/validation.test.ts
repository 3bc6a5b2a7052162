import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng, tempDataDir } from '#server/modules/profiles/test/fixtures.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import type { Package, PackageDraft } from '#shared/packages.ts';
import {
  berlin,
  call,
  completeDraft,
  createDraft,
  inDays,
  paris,
  pdfBytes,
  rowCounts,
  storedRow,
  uploadPhoto,
} from './test/helpers.ts';

// Each bad input is refused with 400 naming the field, and nothing is stored.

let app: FastifyInstance;
let dataDir: string;
let sender: { cookie: string; id: string };
let draft: Package;

beforeAll(async () => {
  dataDir = tempDataDir();
  app = await createTestApp({ dataDir });
  await app.ready();
  sender = await signUpVerified(app, 'rules@example.test', 'Rule Tester');
  draft = await createDraft(app, sender.cookie);
});
afterAll(() => app.close());

const storedFiles = () => {
  try {
    return readdirSync(path.join(dataDir, 'package-photos'));
  } catch {
    return [];
  }
};

/** A field set to a bad value, the field the error must name, and the words it must use. */
const badFields: [string, PackageDraft, string, RegExp][] = [
  ['latitude 91', { pickup: { ...paris, lat: 91 } }, 'pickup.lat', /between −90 and 90/],
  ['longitude −181', { dropoff: { ...berlin, lng: -181 } }, 'dropoff.lng', /between −180 and 180/],
  ['weight 0', { weightKg: 0 }, 'weightKg', /more than 0/],
  ['weight above the 20 kg setting', { weightKg: 25 }, 'weightKg', /between 0.1 and 20 kg/],
  ['reward below the minimum', { reward: 499 }, 'reward', /between 5.00 and 1000.00/],
  ['reward above the maximum', { reward: 100_001 }, 'reward', /between 5.00 and 1000.00/],
  ['deliver-by in the past', { deliverBy: inDays(-1) }, 'deliverBy', /in the future/],
  ['deliver-by before the pickup', { pickupFrom: inDays(10), deliverBy: inDays(5) }, 'deliverBy', /after the pickup/],
  ['pickup = drop-off', { pickup: paris, dropoff: { ...paris, address: 'Next door' } }, 'dropoff', /at least 1 km/],
  ['a prohibited category', { category: 'weapons' as never }, 'category', /Weapons cannot be sent/],
  ['an unknown category', { category: 'furniture' as never }, 'category', /Choose one of/],
  ['a prohibited word in the title', { title: 'Spare gun parts' }, 'title', /"gun" is not allowed/],
  ['a prohibited word in the notes', { notes: 'Contains cash, handle with care' }, 'notes', /"cash" is not allowed/],
  ['a bad phone number', { recipientPhone: '12345' }, 'recipientPhone', /./],
  ['a fractional amount', { declaredValue: 10.5 }, 'declaredValue', /whole cents/],
  ['an unknown field', { colour: 'red' } as never, '', /./],
];

describe.each([
  ['POST /api/packages (a new draft)', 'create'],
  ['PATCH /api/packages/{id} (an existing draft)', 'update'],
] as const)('%s refuses bad input and stores nothing', (_name, mode) => {
  it.each(badFields)('%s', async (_case, bad, field, message) => {
    const before = await rowCounts(app);
    const stored = await storedRow(app, draft.id);
    const res =
      mode === 'create'
        ? await call(app, 'POST', '/api/packages', sender.cookie, { ...completeDraft(), ...bad })
        : await call(app, 'PATCH', `/api/packages/${draft.id}`, sender.cookie, bad);
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.code).toBe('VALIDATION_FAILED');
    if (field) {
      expect(Object.keys(error.fields)).toEqual([field]);
      expect(error.fields[field].join(' ')).toMatch(message);
    } else {
      expect(Object.keys(error.fields).length).toBeGreaterThan(0);
    }
    expect(await rowCounts(app)).toEqual(before);
    expect(await storedRow(app, draft.id)).toEqual(stored);
  });
});

describe('POST /api/packages/{id}/photos refuses bad photos and stores nothing', () => {
  it('a PDF sent as a JPEG', async () => {
    const before = await rowCounts(app);
    const res = await uploadPhoto(app, sender.cookie, draft.id, pdfBytes(), 'photo.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ photo: ['Choose a JPEG, PNG or WebP image'] });
    expect(await rowCounts(app)).toEqual(before);
    expect(storedFiles()).toEqual([]);
  });

  it('a file in another field, and a request without a file', async () => {
    const { multipartUpload } = await import('#server/modules/profiles/test/fixtures.ts');
    const body = multipartUpload(await solidPng(), 'a.png', 'image/png', 'avatar');
    const wrongField = await app.inject({
      method: 'POST',
      url: `/api/packages/${draft.id}/photos`,
      payload: body.payload,
      headers: { ...body.headers, cookie: sender.cookie },
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.fields).toHaveProperty('photo');
    const json = await call(app, 'POST', `/api/packages/${draft.id}/photos`, sender.cookie, { photo: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.fields).toHaveProperty('photo');
  });

  it('a photo over 8 MB', async () => {
    const before = await rowCounts(app);
    // A valid PNG header followed by padding: only its size is wrong.
    const big = Buffer.concat([await solidPng(), Buffer.alloc(8 * 1024 * 1024 + 1)]);
    const res = await uploadPhoto(app, sender.cookie, draft.id, big, 'big.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.photo[0]).toMatch(/8 MB/);
    expect(await rowCounts(app)).toEqual(before);
  });

  it('a 6th photo', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await uploadPhoto(app, sender.cookie, draft.id, await solidPng(64 + i, 48), `p${i}.png`, 'image/png');
      expect(res.statusCode).toBe(200);
    }
    const before = await rowCounts(app);
    expect(storedFiles()).toHaveLength(5);
    const res = await uploadPhoto(app, sender.cookie, draft.id, await solidPng(), 'sixth.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.photo[0]).toMatch(/at most 5/);
    expect(await rowCounts(app)).toEqual(before);
    expect(storedFiles()).toHaveLength(5);
    const view = (await call(app, 'GET', `/api/packages/${draft.id}`, sender.cookie)).json() as Package;
    expect(view.photos).toHaveLength(5);
    expect(view.actions).not.toContain('add_photos');
  });
});

describe('PUT /api/packages/{id}/photos/order refuses an order that is not the draft’s photos, once each', () => {
  it.each([
    ['one left out', (ids: string[]) => ids.slice(1)],
    ['one named twice', (ids: string[]) => [...ids.slice(1), ids[1] as string]],
    ['an unknown id in place of one', (ids: string[]) => [...ids.slice(1), '00000000-0000-4000-8000-000000000000']],
    ['one added', (ids: string[]) => [...ids, '00000000-0000-4000-8000-000000000000']],
    ['none at all', () => []],
    ['something that is not an id', (ids: string[]) => [...ids.slice(1), 'photo-1']],
  ])('%s: 400 on photoIds, and the order stays', async (_, order) => {
    const before = (await call(app, 'GET', `/api/packages/${draft.id}`, sender.cookie)).json() as Package;
    const ids = before.photos.map((p) => p.id);
    expect(ids.length).toBeGreaterThan(1);
    const res = await call(app, 'PUT', `/api/packages/${draft.id}/photos/order`, sender.cookie, {
      photoIds: order([...ids].reverse()),
    });
    expect(res.statusCode).toBe(400);
    const fields = Object.keys(res.json().error.fields);
    expect(fields.length).toBeGreaterThan(0);
    expect(fields.every((field) => field.startsWith('photoIds'))).toBe(true);
    const after = (await call(app, 'GET', `/api/packages/${draft.id}`, sender.cookie)).json() as Package;
    expect(after.photos.map((p) => p.id)).toEqual(ids);
    expect(after.updatedAt).toBe(before.updatedAt);
  });

  it('a body without the list, or with more', async () => {
    for (const body of [{}, { photoIds: [], extra: true }, { photoIds: 'all' }]) {
      const res = await call(app, 'PUT', `/api/packages/${draft.id}/photos/order`, sender.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
