import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { type Schema, schema } from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  /** Embedded only: a consistent image of the data folder (a gzipped tar) while it runs; ADR 0027. */
  backup?(): Promise<Buffer>;
  /** PostgreSQL only: the connection pool's connections (open, idle) and the queries waiting for one. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** Embedded only: bytes of WebAssembly memory PGlite holds (it grows and never gives any back). */
  wasmMemoryBytes?(): number;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * An embedded database with the extensions the migrations create (pg_trgm: the back office's searches
 * inside names, ADR 0045), on disk in `dataDir` or in memory.
 */
export function createPglite(dataDir?: string, options: Omit<PGliteOptions, 'dataDir' | 'extensions'> = {}) {
  return PGlite.create({ ...options, ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
}

export type DatabaseOptions = { databaseUrl: string } | { dataDir: string } | { pglite: PGlite };

/**
 * PostgreSQL when a URL is given, otherwise embedded PGlite in a data folder (or one handed in by
 * tests). A data folder is locked to this process until close (ADR 0027): a second process gets a
 * DataDirLockedError naming this one.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server drops (restart, failover, a forced drop) must not crash the
    // process: the pool discards it and opens a new one on the next query.
    pool.on('error', (err) => process.emitWarning(`PostgreSQL connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateUnderLock(pool),
      ping: () => ping(db),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  let unlock = () => {};
  const backup = () => dumpPglite(client);
  if ('pglite' in options) client = options.pglite;
  else {
    const lock = lockDataDir(options.dataDir, backup);
    unlock = lock.release;
    try {
      client = await createPglite(path.join(options.dataDir, 'pglite'));
    } catch (err) {
      unlock();
      throw err;
    }
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: () => ping(db),
    backup,
    wasmMemoryBytes: () => (client as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod?.HEAPU8?.byteLength ?? 0,
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * Taken between transactions, right after a checkpoint has written every committed change to the
 * data files, with PGlite paused meanwhile: a folder PGlite opens like one it closed.
 */
async function dumpPglite(client: PGlite): Promise<Buffer> {
  // Every query takes PGlite's transaction lock (a transaction holds it to the end); a transaction
  // of our own that writes nothing is how to hold it too.
  const tar = await client.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    return client.dumpDataDir('gzip');
  });
  return Buffer.from(await tar.arrayBuffer());
}

/** Any constant of our own: the advisory lock every node takes to migrate ("tagalong" in ASCII). */
const MIGRATION_LOCK = 0x7461_6761_6c6f_6e67n;

/**
 * Nodes started together each run the migrations; on one connection holding a session advisory lock,
 * one migrates while the others wait, then find every migration applied. A node that dies mid-way
 * releases the lock with its connection, and its migration's transaction rolls back.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK.toString()]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK.toString()]);
    }
  } finally {
    client.release();
  }
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
