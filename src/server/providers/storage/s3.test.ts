import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartUpload, solidPng } from '#server/modules/profiles/test/fixtures.ts';
import { createTestApp } from '#server/test/app.ts';
import { startS3Server, type TestBucket } from '#server/test/s3-server.ts';
import { signUpVerified } from '#server/test/users.ts';
import { profileSchema } from '#shared/profiles.ts';
import { copyFolderToBucket } from './copy.ts';
import { createAvatarStorage, createPackagePhotoStorage, createPrivatePhotoStorage } from './create.ts';
import { avatarFolder, packagePhotoFolder } from './folders.ts';
import { createFolderStorage } from './local.ts';
import { createBucketStorage, createS3Client } from './s3.ts';

// The S3 adapter (ADR 0061) against a local S3-compatible server speaking S3's wire format.

let bucket: TestBucket;
let client: S3Client;
beforeAll(async () => {
  bucket = await startS3Server();
  client = createS3Client(bucket.s3);
});
afterAll(async () => {
  client.destroy();
  await bucket.close();
});

const key = () => `${randomUUID()}.webp`;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('a bucket storage', () => {
  it('stores, streams back and deletes an object, with its type and size', async () => {
    const storage = createBucketStorage(client, bucket.s3.bucket, packagePhotoFolder);
    const k = key();
    const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0f766e' } })
      .webp()
      .toBuffer();
    expect(await storage.put(k, bytes, 'image/webp')).toBe(`/api/package-photos/${k}`);

    const stored = await storage.get(k);
    expect(stored).toMatchObject({ contentType: 'image/webp', size: bytes.length });
    expect(await buffer(stored?.body as Readable)).toEqual(bytes);

    await storage.delete(k);
    expect(await storage.get(k)).toBeNull();
    await storage.delete(k); // deleting what is gone is no error
  });

  it('answers null for a key never stored', async () => {
    expect(await createBucketStorage(client, bucket.s3.bucket, avatarFolder).get(key())).toBeNull();
  });

  it('uploads a stream in parts as it is read, never needing it whole', async () => {
    const storage = createBucketStorage(client, bucket.s3.bucket, packagePhotoFolder);
    const k = key();
    // 12 MiB produced lazily, 1 MiB at a time: more than two 5 MiB parts.
    const chunk = (i: number) => Buffer.alloc(1024 * 1024, i);
    const hash = createHash('sha256');
    async function* source() {
      for (let i = 0; i < 12; i++) {
        const c = chunk(i);
        hash.update(c);
        yield c;
      }
    }
    await storage.put(k, Readable.from(source()), 'image/webp');
    const stored = await storage.get(k);
    expect(stored?.size).toBe(12 * 1024 * 1024);
    expect(sha(await buffer(stored?.body as Readable))).toBe(hash.digest('hex'));
  });

  it('refuses a key of any other shape before asking the bucket', async () => {
    const storage = createBucketStorage(client, bucket.s3.bucket, avatarFolder);
    await expect(storage.put('../secret.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/Invalid avatars key/);
    await expect(storage.get('a/b.webp')).rejects.toThrow(/Invalid avatars key/);
    expect(storage.keyOf(`/api/avatars/${'0'.repeat(8)}`)).toBeNull();
  });

  it('is what the config picks with S3_BUCKET, and the data folder without it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tagalong-storage-'));
    for (const create of [createAvatarStorage, createPackagePhotoStorage, createPrivatePhotoStorage]) {
      expect((await create({ dataDir, s3: bucket.s3 })).kind).toBe('s3');
      expect((await create({ dataDir, s3: undefined })).kind).toBe('local');
    }
  });
});

describe('two nodes on one bucket', () => {
  let nodeA: FastifyInstance;
  let nodeB: FastifyInstance;
  beforeAll(async () => {
    // Each node has its own data folder, as on separate machines; only the bucket is shared.
    nodeA = await createTestApp({ s3: bucket.s3 });
    nodeB = await createTestApp({ s3: bucket.s3 });
  });
  afterAll(async () => {
    await nodeA.close();
    await nodeB.close();
  });

  it('serves an avatar uploaded through one node from the other, with the same headers', async () => {
    const member = await signUpVerified(nodeA, 'two-nodes@example.test');
    const body = multipartUpload(await solidPng(300, 300), 'me.png', 'image/png');
    const uploaded = await nodeA.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      payload: body.payload,
      headers: { ...body.headers, cookie: member.cookie },
    });
    expect(uploaded.statusCode).toBe(200);
    const image = profileSchema.parse(uploaded.json()).image as string;

    const fromA = await nodeA.inject({ url: image });
    const fromB = await nodeB.inject({ url: image });
    for (const served of [fromA, fromB]) {
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
    }
    expect(fromB.rawPayload).toEqual(fromA.rawPayload);
    expect((await sharp(fromB.rawPayload).metadata()).format).toBe('webp');

    // Neither node's own folder holds it: a third node would find it too.
    expect((await nodeB.inject({ url: `/api/avatars/${key()}` })).statusCode).toBe(404);
  });
});

describe('copying a data folder into the bucket', () => {
  it('copies every stored object once, leaves out what is not one, and skips what is there on a second run', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tagalong-copy-'));
    const avatars = createFolderStorage(dataDir, avatarFolder);
    const photos = createFolderStorage(dataDir, packagePhotoFolder);
    const [a, p1, p2] = [key(), key(), key()];
    await avatars.put(a, Buffer.from('avatar bytes'), 'image/webp');
    await photos.put(p1, Buffer.from('photo one'), 'image/webp');
    await photos.put(p2, Buffer.alloc(200_000, 7), 'image/webp');
    mkdirSync(path.join(dataDir, 'private-photos'), { recursive: true });
    writeFileSync(path.join(dataDir, 'package-photos', `${p1}.123.partial`), 'half');

    const lines: string[] = [];
    const first = await copyFolderToBucket(dataDir, client, bucket.s3.bucket, (line) => lines.push(line));
    expect(first).toEqual({ copied: 3, skipped: 0, ignored: [path.join('package-photos', `${p1}.123.partial`)] });
    expect(lines).toHaveLength(3);

    const inBucket = createBucketStorage(client, bucket.s3.bucket, packagePhotoFolder);
    const stored = await inBucket.get(p2);
    expect(stored).toMatchObject({ contentType: 'image/webp', size: 200_000 });
    expect(await buffer(stored?.body as Readable)).toEqual(Buffer.alloc(200_000, 7));
    const avatar = await createBucketStorage(client, bucket.s3.bucket, avatarFolder).get(a);
    expect((await buffer(avatar?.body as Readable)).toString()).toBe('avatar bytes');

    const second = await copyFolderToBucket(dataDir, client, bucket.s3.bucket);
    expect(second).toMatchObject({ copied: 0, skipped: 3 });
  });
});
