// `npm run storage:copy-to-bucket`: copies the avatars and photos of DATA_DIR into the S3_BUCKET the
// environment names (ADR 0061), before or after switching a deployment to it. Run it again at will:
// what is already in the bucket is skipped.
import path from 'node:path';
import { loadConfig } from '#server/config.ts';
import { copyFolderToBucket } from '#server/providers/storage/copy.ts';
import { createS3Client } from '#server/providers/storage/s3.ts';

const config = loadConfig();
if (!config.s3) {
  console.error(
    'Set S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as needed) to the bucket to copy into.',
  );
  process.exit(2);
}
const client = createS3Client(config.s3);
console.log(`Copying ${path.resolve(config.dataDir)} into the bucket ${config.s3.bucket}…`);
let done = 0;
const report = await copyFolderToBucket(config.dataDir, client, config.s3.bucket, (line) => {
  done++;
  console.log(`  [${done}] ${line}`);
});
client.destroy();
console.log(`Copied ${report.copied}, already there ${report.skipped}.`);
if (report.ignored.length > 0) console.log(`Not stored objects, left out: ${report.ignored.join(', ')}`);
