import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '#server/db/client.ts';
import { smsOutbox } from '#server/db/schema/outbox.ts';

/** A data folder of the test's own, so avatars never land in the repository's ./data. */
export const tempDataDir = () => mkdtempSync(path.join(tmpdir(), 'tagalong-profiles-'));

/** A multipart/form-data request with one file part, as a browser's FormData sends it. */
export function multipartUpload(bytes: Buffer, filename: string, contentType: string, field = 'avatar') {
  const boundary = `----tagalong-${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const solidPng = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();

/** A real JPEG carrying EXIF (a copyright line and a GPS position), as a phone camera writes it. */
export const jpegWithExif = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#b91c1c' } })
    .withExif({
      IFD0: { Copyright: 'x', Artist: 'Someone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' },
    })
    .jpeg()
    .toBuffer();

/** A genuine PNG of about 6 MB (noise does not compress), so only its size can be wrong. */
export const sixMegabytePng = () => {
  const side = 1450;
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
};

/** The newest one-time code texted to a number (the embedded SMS outbox). */
export async function latestSmsCode(db: Database, to: string): Promise<string> {
  const [sms] = await db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.to, to))
    .orderBy(desc(smsOutbox.createdAt))
    .limit(1);
  const code = sms?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code was texted to ${to}`);
  return code;
}
