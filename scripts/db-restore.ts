// `npm run db:restore -- file.tar.gz`: replaces the embedded database in DATA_DIR with a backup made
// by `npm run db:backup` (ADR 0027). Refuses while the server (or anything else) has it open.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '#server/config.ts';
import { DataDirLockedError } from '#server/db/data-dir-lock.ts';
import { restoreDataDir } from '#server/db/restore.ts';

const { positionals } = parseArgs({ allowPositionals: true });
const [file] = positionals;
if (!file || positionals.length > 1) {
  console.error('Usage: npm run db:restore -- backup.tar.gz');
  process.exit(2);
}
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: restore PostgreSQL with its own tools (pg_restore). This restores DATA_DIR.');
  process.exit(2);
}
try {
  const aside = await restoreDataDir(config.dataDir, readFileSync(file));
  console.log(`Restored ${path.resolve(file)} into ${path.resolve(config.dataDir)}.`);
  if (aside) console.log(`The database it replaced is in ${aside}; delete it once you no longer need it.`);
} catch (err) {
  if (!(err instanceof DataDirLockedError)) throw err;
  console.error(`Not restored: ${err.message}`);
  process.exit(75);
}
