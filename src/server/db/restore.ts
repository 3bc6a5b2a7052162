import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createPglite } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';

/**
 * Replaces the embedded database in `dataDir` with a backup (`npm run db:restore`, ADR 0027). Takes
 * the folder's lock, so it refuses while the server runs. The database it replaces is kept beside
 * it (the returned path) rather than deleted; a backup PGlite cannot open leaves it in place.
 */
export async function restoreDataDir(dataDir: string, backup: Buffer): Promise<string | undefined> {
  const lock = lockDataDir(dataDir);
  try {
    const folder = path.join(path.resolve(dataDir), 'pglite');
    const aside = existsSync(folder)
      ? `${folder}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
      : undefined;
    if (aside) renameSync(folder, aside);
    try {
      const client = await createPglite(folder, { loadDataDir: new Blob([new Uint8Array(backup)]) });
      try {
        await client.query('select 1');
      } finally {
        await client.close();
      }
    } catch (err) {
      rmSync(folder, { recursive: true, force: true });
      if (aside) renameSync(aside, folder);
      throw err;
    }
    return aside;
  } finally {
    lock.release();
  }
}
