import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { createPglite, type DatabaseHandle, openDatabase } from '#server/db/client.ts';

/**
 * A clean, migrated database for one test file: PostgreSQL when DATABASE_URL is set (a clone of the
 * migrated template, dropped on close), else an in-memory PGlite loaded from the migrated snapshot.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const template = inject('postgresTemplate');
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl && template) {
    const name = `${template}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`).finally(() => admin.end());
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString() });
    return {
      ...handle,
      url: url.toString(),
      async close() {
        await handle.close();
        const dropper = new pg.Client({ connectionString: databaseUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => dropper.end());
      },
    };
  }
  const snapshot = readFileSync(inject('pgliteSnapshot'));
  const client = await createPglite(undefined, { loadDataDir: new Blob([snapshot]) });
  return openDatabase({ pglite: client });
}
