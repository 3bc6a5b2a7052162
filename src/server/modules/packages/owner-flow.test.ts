import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageEvents, packages } from '#server/db/schema/packages.ts';
import { jpegWithExif, solidPng, tempDataDir } from '#server/modules/profiles/test/fixtures.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import { type Package, type PackagePage, packagePageSchema, packageSchema } from '#shared/packages.ts';
import {
  berlin,
  call,
  completeDraft,
  createDraft,
  inDays,
  paris,
  setPackageStatus,
  uploadPhoto,
} from './test/helpers.ts';

// The sender's side of a package, end to end: a draft built step by step, its photos, the lists,
// deleting and cancelling.

let app: FastifyInstance;
let dataDir: string;
let sender: { cookie: string; id: string };

beforeAll(async () => {
  dataDir = tempDataDir();
  app = await createTestApp({ dataDir });
  await app.ready();
  sender = await signUpVerified(app, 'flow@example.test', 'Flow Sender');
});
afterAll(() => app.close());

const patch = async (id: string, body: object) => {
  const res = await call(app, 'PATCH', `/api/packages/${id}`, sender.cookie, body);
  expect(res.statusCode, res.body).toBe(200);
  return packageSchema.parse(res.json());
};
const photoFiles = () =>
  existsSync(path.join(dataDir, 'package-photos')) ? readdirSync(path.join(dataDir, 'package-photos')) : [];

describe('a draft, step by step', () => {
  let id: string;

  it('starts with a title; everything else is missing and it cannot be paid for yet', async () => {
    const res = await call(app, 'POST', '/api/packages', sender.cookie, { title: '  Birthday gift  ' });
    expect(res.statusCode).toBe(201);
    const created = packageSchema.parse(res.json());
    id = created.id;
    expect(created).toMatchObject({
      status: 'draft',
      title: 'Birthday gift',
      currency: 'EUR',
      reward: null,
      fee: null,
      total: null,
      sender: { id: sender.id, name: 'Flow Sender' },
      actions: ['edit', 'delete', 'cancel', 'add_photos'],
    });
    expect(created.missing).toHaveLength(11);
    expect(created.timeline).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'draft', actor: { id: sender.id, name: 'Flow Sender' } }),
    ]);
  });

  it('each step fills fields and "missing" shrinks until payment is possible', async () => {
    const steps: [object, number][] = [
      [{ description: 'A scarf', category: 'gifts' }, 10],
      [{ pickup: paris, dropoff: berlin }, 8],
      [{ pickupFrom: inDays(1), deliverBy: inDays(21) }, 6],
      [{ size: 'S', weightKg: 1.25, declaredValue: 3000 }, 3],
      [{ reward: 2500 }, 2],
      [{ recipientName: 'Lena Weber', recipientPhone: '+12025550177' }, 0],
    ];
    let previous = 11;
    for (const [step, left] of steps) {
      const view = await patch(id, step);
      expect(view.missing).toHaveLength(left);
      expect(left).toBeLessThan(previous);
      previous = left;
    }
    const view = packageSchema.parse((await call(app, 'GET', `/api/packages/${id}`, sender.cookie)).json());
    expect(view).toMatchObject({ weightKg: 1.25, reward: 2500, fee: 250, total: 2750, pickup: paris, dropoff: berlin });
    expect(view.actions).toContain('pay');
  });

  it('a change is checked with the stored fields: a deliver-by before the saved pickup is refused', async () => {
    const res = await call(app, 'PATCH', `/api/packages/${id}`, sender.cookie, { deliverBy: inDays(0.5) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.deliverBy).toEqual(['The deliver-by date must be after the pickup date']);
  });

  it('a small reward is charged the minimum fee; weight is stored in grams', async () => {
    const view = await patch(id, { reward: 500, weightKg: 0.1 });
    expect(view).toMatchObject({ reward: 500, fee: 100, total: 600, weightKg: 0.1 });
  });

  it('a new place replaces the old one with its address; emptying a text removes it', async () => {
    const { address: _, ...parisCity } = paris;
    const view = await patch(id, { pickup: parisCity, notes: '', description: '' });
    expect(view.pickup).toEqual(parisCity);
    expect(view.notes).toBeNull();
    expect(view.description).toBeNull();
  });

  describe('photos', () => {
    let photoUrl: string;

    it('a JPEG with EXIF and GPS is stored as WebP within 1600 px, without metadata', async () => {
      const big = await sharp(await jpegWithExif())
        .resize(2400, 1800)
        .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' } })
        .jpeg()
        .toBuffer();
      expect((await sharp(big).metadata()).exif).toBeDefined();
      const res = await uploadPhoto(app, sender.cookie, id, big, 'IMG_0001.jpg', 'image/jpeg');
      expect(res.statusCode, res.body).toBe(200);
      const view = packageSchema.parse(res.json());
      expect(view.photos).toEqual([{ id: expect.any(String), url: expect.any(String), width: 1600, height: 1200 }]);
      photoUrl = view.photos[0]?.url as string;
      expect(photoUrl).toMatch(/^\/api\/package-photos\/[0-9a-f-]{36}\.webp$/);

      const served = await call(app, 'GET', photoUrl);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toMatch(/max-age=31536000, immutable/);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 1200 });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
    });

    it('a tall PNG fits 1600 px on its longer side; a small one is not enlarged', async () => {
      const tall = await uploadPhoto(app, sender.cookie, id, await solidPng(900, 3200), 'tall.png', 'image/png');
      const small = await uploadPhoto(app, sender.cookie, id, await solidPng(300, 200), 'small.png', 'image/png');
      const view = packageSchema.parse(small.json());
      expect(tall.statusCode).toBe(200);
      expect(view.photos.map(({ width, height }) => [width, height])).toEqual([
        [1600, 1200],
        [450, 1600],
        [300, 200],
      ]);
      expect(photoFiles()).toHaveLength(3);
    });

    it('removing a photo removes its file and keeps the order of the others', async () => {
      const before = packageSchema.parse((await call(app, 'GET', `/api/packages/${id}`, sender.cookie)).json());
      const [first, second, third] = before.photos;
      const res = await call(app, 'DELETE', `/api/packages/${id}/photos/${second?.id}`, sender.cookie);
      expect(res.statusCode).toBe(200);
      expect(packageSchema.parse(res.json()).photos.map((p) => p.id)).toEqual([first?.id, third?.id]);
      expect(photoFiles()).toHaveLength(2);
      expect((await call(app, 'GET', second?.url as string)).statusCode).toBe(404);
      expect((await call(app, 'DELETE', `/api/packages/${id}/photos/${second?.id}`, sender.cookie)).statusCode).toBe(
        404,
      );
    });

    it('two uploads racing for the last place: one is refused and leaves no file behind', async () => {
      const racer = await createDraft(app, sender.cookie, { title: 'Racing photos' });
      for (let i = 0; i < 4; i++) {
        const res = await uploadPhoto(app, sender.cookie, racer.id, await solidPng(40 + i, 30), 'p.png', 'image/png');
        expect(res.statusCode).toBe(200);
      }
      const filesBefore = photoFiles().length;
      const results = await Promise.all([
        uploadPhoto(app, sender.cookie, racer.id, await solidPng(50, 50), 'a.png', 'image/png'),
        uploadPhoto(app, sender.cookie, racer.id, await solidPng(60, 60), 'b.png', 'image/png'),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const view = packageSchema.parse((await call(app, 'GET', `/api/packages/${racer.id}`, sender.cookie)).json());
      expect(view.photos).toHaveLength(5);
      expect(photoFiles()).toHaveLength(filesBefore + 1);
      expect((await call(app, 'DELETE', `/api/packages/${racer.id}`, sender.cookie)).statusCode).toBe(204);
      expect(photoFiles()).toHaveLength(filesBefore - 4);
    });

    it('the list shows the first photo', async () => {
      const page = packagePageSchema.parse(
        (await call(app, 'GET', '/api/packages?group=drafts', sender.cookie)).json(),
      );
      expect(page.items.find((p) => p.id === id)?.photo?.url).toBe(photoUrl);
    });

    it('the sender puts the photos in a new order: it is kept, and the list shows the new first photo', async () => {
      const before = packageSchema.parse((await call(app, 'GET', `/api/packages/${id}`, sender.cookie)).json());
      const reversed = before.photos.map((p) => p.id).reverse();
      expect(reversed).toHaveLength(2);
      const res = await call(app, 'PUT', `/api/packages/${id}/photos/order`, sender.cookie, { photoIds: reversed });
      expect(res.statusCode, res.body).toBe(200);
      const view = packageSchema.parse(res.json());
      expect(view.photos.map((p) => p.id)).toEqual(reversed);
      expect(Date.parse(view.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
      const again = packageSchema.parse((await call(app, 'GET', `/api/packages/${id}`, sender.cookie)).json());
      expect(again.photos.map((p) => p.id)).toEqual(reversed);
      const page = packagePageSchema.parse(
        (await call(app, 'GET', '/api/packages?group=drafts', sender.cookie)).json(),
      );
      expect(page.items.find((p) => p.id === id)?.photo?.url).toBe(view.photos[0]?.url);
      // A photo added afterwards goes last.
      const added = await uploadPhoto(app, sender.cookie, id, await solidPng(120, 90), 'later.png', 'image/png');
      const withNew = packageSchema.parse(added.json()).photos;
      expect(withNew.slice(0, 2).map((p) => p.id)).toEqual(reversed);
      expect(withNew[2]).toMatchObject({ width: 120, height: 90 });
    });
  });

  it('deleting the draft removes it, its timeline and its photo files', async () => {
    const res = await call(app, 'DELETE', `/api/packages/${id}`, sender.cookie);
    expect(res.statusCode).toBe(204);
    expect((await call(app, 'GET', `/api/packages/${id}`, sender.cookie)).statusCode).toBe(404);
    expect(photoFiles()).toEqual([]);
    expect(await app.database.db.select().from(packageEvents).where(eq(packageEvents.packageId, id))).toEqual([]);
    expect((await call(app, 'DELETE', `/api/packages/${id}`, sender.cookie)).statusCode).toBe(404);
  });
});

describe('cancelling a draft', () => {
  it('moves it to cancelled, writes the timeline, and then it can no longer change', async () => {
    const draft = await createDraft(app, sender.cookie, { title: 'Changed my mind' });
    const res = await call(app, 'POST', `/api/packages/${draft.id}/cancel`, sender.cookie);
    expect(res.statusCode).toBe(200);
    const view = packageSchema.parse(res.json());
    expect(view.status).toBe('cancelled');
    expect(view.actions).toEqual([]);
    expect(view.missing).toEqual([]);
    expect(view.timeline.map((e) => [e.fromStatus, e.toStatus])).toEqual([
      [null, 'draft'],
      ['draft', 'cancelled'],
    ]);
    expect(view.timeline[1]).toMatchObject({ actor: { id: sender.id }, note: 'Cancelled by the sender' });

    const again = await call(app, 'POST', `/api/packages/${draft.id}/cancel`, sender.cookie);
    expect(again.statusCode).toBe(409);
    expect((await call(app, 'PATCH', `/api/packages/${draft.id}`, sender.cookie, { title: 'Back' })).statusCode).toBe(
      409,
    );
    expect((await call(app, 'DELETE', `/api/packages/${draft.id}`, sender.cookie)).statusCode).toBe(409);
  });

  it('two cancels at once: one succeeds, the other is refused, one timeline line', async () => {
    const draft = await createDraft(app, sender.cookie, { title: 'Raced' });
    const results = await Promise.all([
      call(app, 'POST', `/api/packages/${draft.id}/cancel`, sender.cookie),
      call(app, 'POST', `/api/packages/${draft.id}/cancel`, sender.cookie),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const events = await app.database.db.select().from(packageEvents).where(eq(packageEvents.packageId, draft.id));
    expect(events.filter((e) => e.toStatus === 'cancelled')).toHaveLength(1);
  });
});

describe('my packages', () => {
  let lister: { cookie: string; id: string };
  const get = async (query: string) => {
    const res = await call(app, 'GET', `/api/packages?${query}`, lister.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return packagePageSchema.parse(res.json());
  };
  const titles = (page: PackagePage) => page.items.map((p) => p.title);

  beforeAll(async () => {
    lister = await signUpVerified(app, 'lister@example.test', 'List Person');
    for (const title of ['Alpha books', 'Bravo shoes', 'Charlie BOOKS', 'Delta 100% wool', 'Echo under_score']) {
      await createDraft(app, lister.cookie, { ...completeDraft(), title });
    }
  });

  it('pages newest-updated first with an opaque cursor, and a new draft between pages moves nothing', async () => {
    const first = await get('group=drafts&limit=2');
    expect(titles(first)).toEqual(['Echo under_score', 'Delta 100% wool']);
    expect(first.nextCursor).toEqual(expect.any(String));
    // Added after the first page was read: it belongs before that page, never inside the next ones.
    await createDraft(app, lister.cookie, { title: 'Foxtrot late' });
    const second = await get(`group=drafts&limit=2&cursor=${first.nextCursor}`);
    expect(titles(second)).toEqual(['Charlie BOOKS', 'Bravo shoes']);
    const third = await get(`group=drafts&limit=2&cursor=${second.nextCursor}`);
    expect(titles(third)).toEqual(['Alpha books']);
    expect(third.nextCursor).toBeNull();
  });

  it('pages exactly through changes within the same millisecond', async () => {
    // PostgreSQL keeps microseconds; a cursor rounded to the millisecond would lose these rows.
    for (const micros of ['123401', '123402', '123403']) {
      await app.database.db.insert(packages).values({
        senderId: lister.id,
        title: `Micro ${micros}`,
        status: 'cancelled',
        updatedAt: sql`${`2020-01-01T00:00:00.${micros}Z`}::timestamptz`,
      });
    }
    const seen: string[] = [];
    let cursor = '';
    do {
      const page = await get(`q=micro&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...titles(page));
      cursor = page.nextCursor ?? '';
    } while (cursor);
    expect(seen).toEqual(['Micro 123403', 'Micro 123402', 'Micro 123401']);
    await app.database.db.delete(packages).where(like(packages.title, 'Micro %'));
  });

  it('an edit brings a draft to the top', async () => {
    const all = await get('group=drafts');
    const alpha = all.items.find((p) => p.title === 'Alpha books') as { id: string };
    await call(app, 'PATCH', `/api/packages/${alpha.id}`, lister.cookie, { notes: 'Fragile' });
    expect(titles(await get('group=drafts&limit=1'))).toEqual(['Alpha books']);
  });

  it('searches titles case-insensitively; % and _ are plain characters', async () => {
    expect(titles(await get('q=books')).sort()).toEqual(['Alpha books', 'Charlie BOOKS']);
    expect(titles(await get('q=100%25'))).toEqual(['Delta 100% wool']);
    // As a wildcard, "o_s" would match "Bravo shoes".
    expect(titles(await get('q=o_s'))).toEqual([]);
    expect(titles(await get('q=under_'))).toEqual(['Echo under_score']);
  });

  it('filters by tab and by status; the summary shows only cities', async () => {
    const all = await get('limit=50');
    const byTitle = (t: string) => all.items.find((p) => p.title === t) as { id: string };
    await setPackageStatus(app, byTitle('Bravo shoes').id, 'open');
    await setPackageStatus(app, byTitle('Charlie BOOKS').id, 'completed');
    await call(app, 'POST', `/api/packages/${byTitle('Delta 100% wool').id}/cancel`, lister.cookie);

    expect(titles(await get('group=active'))).toEqual(['Bravo shoes']);
    expect(titles(await get('group=delivered'))).toEqual(['Charlie BOOKS']);
    expect(titles(await get('group=closed'))).toEqual(['Delta 100% wool']);
    expect(titles(await get('group=drafts')).sort()).toEqual(['Alpha books', 'Echo under_score', 'Foxtrot late']);
    expect(titles(await get('status=open,completed')).sort()).toEqual(['Bravo shoes', 'Charlie BOOKS']);
    expect(titles(await get('group=active&status=completed'))).toEqual([]);

    const open = (await get('group=active')).items[0];
    expect(open?.pickup).toEqual({ label: paris.label, city: 'Paris', countryCode: 'FR', lat: 48.9, lng: 2.3 });
    expect(open?.total).toBe(2750);
  });

  it('refuses a forged cursor and an unknown status', async () => {
    for (const query of ['cursor=bm90LWpzb24', `cursor=${Buffer.from('["x","y"]').toString('base64url')}`]) {
      const res = await call(app, 'GET', `/api/packages?${query}`, lister.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('cursor');
    }
    expect((await call(app, 'GET', '/api/packages?status=lost', lister.cookie)).statusCode).toBe(400);
    expect((await call(app, 'GET', '/api/packages?role=courier', lister.cookie)).statusCode).toBe(400);
  });

  it('lists the packages I carry with role=traveler, and only those', async () => {
    const carried = await createDraft(app, sender.cookie, { title: 'Carried by the lister' });
    await setPackageStatus(app, carried.id, 'matched', lister.id);
    const asTraveler = packagePageSchema.parse(
      (await call(app, 'GET', '/api/packages?role=traveler&limit=50', lister.cookie)).json(),
    );
    expect(asTraveler.items.map((p) => p.title)).toEqual(['Carried by the lister']);
    const asSender = packagePageSchema.parse((await call(app, 'GET', '/api/packages?limit=50', lister.cookie)).json());
    expect(asSender.items.map((p) => p.title)).not.toContain('Carried by the lister');
  });

  it('lists only my own packages', async () => {
    const mine = await get('limit=50');
    expect(mine.items).toHaveLength(6);
    const theirs = packagePageSchema.parse((await call(app, 'GET', '/api/packages?limit=50', sender.cookie)).json());
    expect(theirs.items.map((p) => p.id)).not.toEqual(expect.arrayContaining([mine.items[0]?.id]));
  });
});

describe('a package as its sender sees it once published', () => {
  it('shows everything, with the publishing date and only the cancel action', async () => {
    const draft: Package = await createDraft(app, sender.cookie);
    await setPackageStatus(app, draft.id, 'open');
    const view = packageSchema.parse((await call(app, 'GET', `/api/packages/${draft.id}`, sender.cookie)).json());
    expect(view).toMatchObject({ status: 'open', missing: [], actions: ['cancel'], pickup: paris });
    expect(view.publishedAt).toEqual(expect.any(String));
  });
});
