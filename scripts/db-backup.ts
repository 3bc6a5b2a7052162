// `npm run db:backup [-- --out file.tar.gz]`: a consistent copy of the embedded database, whether or
// not the server is running (ADR 0027). `npm run db:restore -- file.tar.gz` puts it back.
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '#server/config.ts';
import { requestBackup } from '#server/db/backup-requests.ts';
import { openDatabase } from '#server/db/client.ts';
import { DataDirLockedError } from '#server/db/data-dir-lock.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back PostgreSQL up with its own tools (pg_dump). This backs up DATA_DIR.');
  process.exit(2);
}
if (!existsSync(path.join(config.dataDir, 'pglite'))) {
  console.error(`There is no embedded database in ${path.resolve(config.dataDir)} (DATA_DIR) to back up.`);
  process.exit(2);
}
const out = path.resolve(values.out ?? `tagalong-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);

let backup: Buffer;
try {
  // Nobody has the folder open: open it ourselves (which locks it meanwhile).
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    backup = await (database.backup?.() ?? Promise.reject(new Error('not an embedded database')));
  } finally {
    await database.close();
  }
} catch (err) {
  if (!(err instanceof DataDirLockedError)) throw err;
  console.log(`The server (pid ${err.pid}) has the database open; it makes the backup.`);
  backup = await requestBackup(config.dataDir, err.pid);
}
writeFileSync(out, backup, { flag: 'wx' });
console.log(`Backup written to ${out} (${(backup.length / 1024).toFixed(0)} KiB).`);
