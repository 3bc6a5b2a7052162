import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPglite, openDatabase } from '#server/db/client.ts';

// Migrating a database takes seconds; every test file needs a clean one. So migrate once here and
// let each file start from that state: PGlite loads a dump of the migrated data folder, and
// PostgreSQL clones a migrated template database (CREATE DATABASE ... TEMPLATE).

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string | null;
  }
}

export const TEMPLATE_SUFFIX = '_tpl';

/**
 * `<db>_tpl_<pid>_<random>`: a run of its own, so two runs against one DATABASE_URL (two terminals, an
 * editor's runner next to CI) never drop each other's template, nor do the two projects of one run
 * (same pid). It still starts with the database's name, which .ci/run's cleanup (LIKE '<db>%') relies on.
 */
function templateName(database: string): string {
  return `${database}${TEMPLATE_SUFFIX}_${process.pid}_${randomBytes(2).toString('hex')}`;
}

async function dropDatabase(databaseUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => admin.end());
}

async function createPostgresTemplate(databaseUrl: string): Promise<string> {
  const url = new URL(databaseUrl);
  const template = templateName(url.pathname.slice(1));
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${template}"`).finally(() => admin.end());
  url.pathname = `/${template}`;
  try {
    const handle = await openDatabase({ databaseUrl: url.toString() });
    await handle.migrate().finally(() => handle.close());
  } catch (err) {
    // No teardown runs when setup throws: the half-migrated template goes now.
    await dropDatabase(databaseUrl, template);
    throw err;
  }
  return template;
}

export default async function setup(project: TestProject) {
  const dir = path.resolve('.tmp');
  mkdirSync(dir, { recursive: true });
  const snapshot = path.join(dir, `pglite-migrated-${process.pid}.tar.gz`);
  const client = await createPglite();
  const handle = await openDatabase({ pglite: client });
  await handle.migrate();
  const dump = await client.dumpDataDir('gzip');
  writeFileSync(snapshot, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteSnapshot', snapshot);

  const databaseUrl = process.env.DATABASE_URL;
  const template = databaseUrl ? await createPostgresTemplate(databaseUrl) : null;
  project.provide('postgresTemplate', template);

  return async () => {
    rmSync(snapshot, { force: true });
    if (databaseUrl && template) await dropDatabase(databaseUrl, template);
  };
}
