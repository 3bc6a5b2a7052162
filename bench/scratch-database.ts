import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Where a bench writes: a new PostgreSQL database beside DATABASE_URL's (dropped by `drop`), or a
 * temporary PGlite folder (removed by `drop`), so a run never touches real data.
 */
export async function scratchDatabase(databaseUrl: string | undefined, name: string) {
  let benchDbUrl: string | undefined;
  let dataDir: string | undefined;
  if (databaseUrl) {
    const url = new URL(databaseUrl);
    url.pathname = `/tg_bench_${name}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${url.pathname.slice(1)}"`).finally(() => admin.end());
    benchDbUrl = url.toString();
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), `tagalong-bench-${name}-`));
  }
  async function drop() {
    if (databaseUrl && benchDbUrl) {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin
        .query(`DROP DATABASE IF EXISTS "${new URL(benchDbUrl).pathname.slice(1)}" WITH (FORCE)`)
        .finally(() => admin.end());
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  return { benchDbUrl, dataDir, drop };
}
