import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { Config } from '#server/config.ts';

export interface TestBucket {
  /** What S3_BUCKET, S3_ENDPOINT and the keys become in the config, pointing at this server. */
  s3: NonNullable<Config['s3']>;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver, speaking S3's REST and XML) with one empty bucket, on a free
 * loopback port, its objects in a folder of its own; the S3 adapter talks to it as to any bucket.
 */
export async function startS3Server(bucket = 'tagalong-test'): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(tmpdir(), 'tagalong-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    s3: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      // s3rver's own fixed credentials: it checks the request signatures against them.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
