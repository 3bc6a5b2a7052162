import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { AVATAR_SIZE, profileSchema } from '#shared/profiles.ts';
import { jpegWithExif, multipartUpload, sixMegabytePng, solidPng, tempDataDir } from './test/fixtures.ts';

let app: FastifyInstance;
let dataDir: string;
let member: { cookie: string; id: string };

beforeAll(async () => {
  dataDir = tempDataDir();
  app = await createTestApp({ dataDir });
  await app.ready();
  member = await signUpVerified(app, 'photo@example.test', 'Photo Person');
});
afterAll(() => app.close());

/** POSTs one file part the way a browser's FormData does. */
async function send(bytes: Buffer, filename: string, contentType: string, field = 'avatar', cookie = member.cookie) {
  const body = multipartUpload(bytes, filename, contentType, field);
  return app.inject({
    method: 'POST',
    url: '/api/profile/avatar',
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
}

const currentImage = async () =>
  profileSchema.parse((await app.inject({ url: '/api/profile', headers: { cookie: member.cookie } })).json()).image;
const storedFiles = () => readdirSync(path.join(dataDir, 'avatars'));

describe('avatar upload', () => {
  let firstUrl: string;

  it('needs a signed-in member', async () => {
    const body = multipartUpload(await solidPng(), 'me.png', 'image/png');
    const res = await app.inject({ method: 'POST', url: '/api/profile/avatar', ...body });
    expect(res.statusCode).toBe(401);
  });

  it('stores a PNG as a 256×256 WebP, served with immutable caching', async () => {
    const res = await send(await solidPng(800, 400), 'me.png', 'image/png');
    expect(res.statusCode).toBe(200);
    const image = profileSchema.parse(res.json()).image;
    expect(image).toMatch(/^\/api\/avatars\/[0-9a-f-]{36}\.webp$/);
    firstUrl = image as string;

    const served = await app.inject({ url: firstUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: AVATAR_SIZE, height: AVATAR_SIZE });
    expect((await app.inject({ url: '/api/auth/me', headers: { cookie: member.cookie } })).json().image).toBe(firstUrl);
  });

  const rejected: [string, () => Promise<Buffer> | Buffer, string, string, string?][] = [
    ['a 6 MB image', sixMegabytePng, 'big.png', 'image/png'],
    [
      'a text file renamed .png',
      () => Buffer.from('just some text, not a picture\n'.repeat(20)),
      'notes.png',
      'image/png',
    ],
    ['an empty file', () => Buffer.alloc(0), 'empty.jpg', 'image/jpeg'],
    [
      'a GIF',
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
      'a.png',
      'image/png',
    ],
    [
      'an SVG',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      'a.webp',
      'image/webp',
    ],
    ['a PNG cut in half', async () => (await solidPng()).subarray(0, 200), 'half.png', 'image/png'],
    ['a file under another field name', () => solidPng(), 'me.png', 'image/png', 'photo'],
  ];

  it.each(rejected)('rejects %s with 400 and keeps the old avatar', async (_what, make, filename, type, field) => {
    const filesBefore = storedFiles();
    const res = await send(await make(), filename, type, field);
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields).toHaveProperty('avatar');
    expect(await currentImage()).toBe(firstUrl);
    expect((await app.inject({ url: firstUrl })).statusCode).toBe(200);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('rejects a body that is not multipart with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      headers: { cookie: member.cookie },
      payload: { avatar: 'data:image/png;base64,AAAA' },
    });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.safeParse(res.json()).success).toBe(true);
    expect(await currentImage()).toBe(firstUrl);
  });

  it('strips EXIF and GPS from a camera JPEG, and replaces the old avatar', async () => {
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await send(original, 'IMG_0001.JPG', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const url = profileSchema.parse(res.json()).image as string;
    expect(url).not.toBe(firstUrl);

    const served = await app.inject({ url });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Someone'))).toBe(false);
    expect(served.rawPayload.includes(Buffer.from('Exif'))).toBe(false);

    // The replaced image is removed: the data folder holds only the current one.
    expect((await app.inject({ url: firstUrl })).statusCode).toBe(404);
    expect(storedFiles()).toEqual([url.split('/').at(-1)]);
  });

  it('accepts WebP', async () => {
    const webp = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#16a34a80' } })
      .webp()
      .toBuffer();
    const res = await send(webp, 'me.webp', 'image/webp');
    expect(res.statusCode).toBe(200);
  });
});

describe('two uploads at once', () => {
  it('leaves one avatar stored and linked, the other removed', async () => {
    const [a, b] = await Promise.all([
      send(await solidPng(300, 300), 'a.png', 'image/png'),
      send(await solidPng(310, 310), 'b.png', 'image/png'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const image = await currentImage();
    expect(storedFiles()).toEqual([image?.split('/').at(-1)]);
  });
});
