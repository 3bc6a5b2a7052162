import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { HeadObjectCommand, NotFound, type S3Client } from '@aws-sdk/client-s3';
import { objectFolders } from './folders.ts';
import { contentTypeOf } from './local.ts';
import { createBucketStorage } from './s3.ts';

export interface CopyReport {
  copied: number;
  /** Already in the bucket with the same size: a second run copies only what the first did not. */
  skipped: number;
  /** Files that are not a stored object (a `.partial` left by a crash, anything else): never uploaded. */
  ignored: string[];
}

async function sizeInBucket(client: S3Client, bucket: string, key: string): Promise<number | null> {
  try {
    return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength ?? null;
  } catch (err) {
    if (
      err instanceof NotFound ||
      (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
    )
      return null;
    throw err;
  }
}

/**
 * Copies the data folder's avatars and photos into the bucket, under the same keys (ADR 0061), one
 * file at a time and streamed. Safe to run again, and while the old node still serves: what is
 * already there is skipped, and keys never change what they name.
 */
export async function copyFolderToBucket(
  dataDir: string,
  client: S3Client,
  bucket: string,
  progress: (line: string) => void = () => {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, ignored: [] };
  for (const spec of objectFolders) {
    const folder = path.resolve(dataDir, spec.folder);
    const names = await readdir(folder).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [] as string[];
      throw err;
    });
    const target = createBucketStorage(client, bucket, spec);
    for (const name of names.sort()) {
      if (!spec.keyPattern.test(name)) {
        report.ignored.push(path.join(spec.folder, name));
        continue;
      }
      const file = path.join(folder, name);
      const { size } = await stat(file);
      if ((await sizeInBucket(client, bucket, `${spec.folder}/${name}`)) === size) {
        report.skipped++;
        continue;
      }
      await target.put(name, createReadStream(file), contentTypeOf(name));
      report.copied++;
      progress(`${spec.folder}/${name} (${size} bytes)`);
    }
  }
  return report;
}
