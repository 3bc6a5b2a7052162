import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { requestBackup } from './backup-requests.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';
import { restoreDataDir } from './restore.ts';

// One process at a time on an embedded data folder, and backups of it (ADR 0027).

// A new folder costs an initdb (many seconds on a busy machine): the tests start from copies of one.
let template: string;
beforeAll(async () => {
  template = mkdtempSync(path.join(tmpdir(), 'tagalong-lock-template-'));
  await (await openDatabase({ dataDir: template })).close();
}, 120_000);

function tempDir(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tagalong-lock-'));
  cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

async function values(database: DatabaseHandle): Promise<string[]> {
  const result = (await database.db.execute(sql`select v from t order by v`)) as unknown as { rows: { v: string }[] };
  return result.rows.map((row) => row.v);
}

it('refuses a second open of a locked folder, naming the pid that holds it, until the first closes', async () => {
  const dataDir = tempDir();
  const first = await openDatabase({ dataDir });
  expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));

  const second = openDatabase({ dataDir });
  await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
  await expect(second).rejects.toThrow(`in use by another Tagalong process (pid ${process.pid})`);
  await expect(second).rejects.toThrow('stop that process first');

  await first.close();
  expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  const again = await openDatabase({ dataDir });
  await again.close();
}, 60_000);

it('takes over the lock of a process that is gone', async () => {
  const dataDir = tempDir();
  const gone = spawnSync(process.execPath, ['-e', '0']).pid;
  writeFileSync(path.join(dataDir, LOCK_FILE), `${gone}\n`);

  const database = await openDatabase({ dataDir });
  expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
  await database.close();
}, 60_000);

it('refuses a lock held by another live process', () => {
  const dataDir = tempDir();
  // pid 1 (init) is always alive and never ours.
  writeFileSync(path.join(dataDir, LOCK_FILE), '1\n');
  expect(() => lockDataDir(dataDir)).toThrow('(pid 1)');
});

it('backs up while open (as the server does for `npm run db:backup`) and restores that backup', async () => {
  const dataDir = tempDir();
  const database = await openDatabase({ dataDir });
  await database.db.execute(sql`create table t (v text)`);
  await database.db.execute(sql`insert into t values ('before the backup')`);
  // The running server's way: a request in the folder and a signal to the lock's pid (here ours).
  const backup = await requestBackup(dataDir, process.pid, 30_000);
  await database.db.execute(sql`insert into t values ('after the backup')`);

  // Refused while the folder is open.
  await expect(restoreDataDir(dataDir, backup)).rejects.toThrow(`(pid ${process.pid})`);
  await database.close();

  const aside = await restoreDataDir(dataDir, backup);
  expect(aside && existsSync(aside)).toBe(true);
  const restored = await openDatabase({ dataDir });
  try {
    expect(await values(restored)).toEqual(['before the backup']);
  } finally {
    await restored.close();
  }
  // The database it replaced is kept as it was.
  expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
}, 60_000);
