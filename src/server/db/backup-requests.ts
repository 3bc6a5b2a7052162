import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

// `npm run db:backup` while the server holds the data folder (ADR 0027): only the process that has
// the database open can take a consistent image of it. The backup leaves an empty `<id>.request` in
// `<DATA_DIR>/backup-requests/` and sends the lock's pid SIGUSR2; that process writes `<id>.tar.gz`
// (or `<id>.error`) next to it. No port, no route, no secret: whoever may write the data folder and
// signal its process may read the database anyway, and the server writes only inside its folder.

export const BACKUP_REQUESTS = 'backup-requests';
export type Dump = () => Promise<Buffer>;

/** Answers the requests while the lock is held; the returned function stops listening. */
export function serveBackupRequests(dataDir: string, dump: Dump | undefined): () => void {
  const folder = path.join(dataDir, BACKUP_REQUESTS);
  let queue = Promise.resolve();
  const onSignal = () => {
    queue = queue.then(() => answerAll(folder, dump));
  };
  process.on('SIGUSR2', onSignal);
  return () => process.off('SIGUSR2', onSignal);
}

async function answerAll(folder: string, dump: Dump | undefined) {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names.filter((n) => n.endsWith('.request'))) {
    const base = path.join(folder, name.slice(0, -'.request'.length));
    try {
      if (!dump) throw new Error('this process (a restore) holds the data folder and cannot make a backup');
      writeFileSync(`${base}.partial`, await dump());
      renameSync(`${base}.partial`, `${base}.tar.gz`);
    } catch (err) {
      writeFileSync(`${base}.error`, err instanceof Error ? err.message : String(err));
    }
    rmSync(`${base}.request`, { force: true });
  }
}

/** Asks process `pid`, which holds `dataDir`, for a backup and returns it (a gzipped tar). */
export async function requestBackup(dataDir: string, pid: number, timeoutMs = 120_000): Promise<Buffer> {
  const folder = path.join(dataDir, BACKUP_REQUESTS);
  mkdirSync(folder, { recursive: true });
  const base = path.join(folder, randomUUID());
  writeFileSync(`${base}.request`, '');
  try {
    process.kill(pid, 'SIGUSR2');
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(100)) {
      if (existsSync(`${base}.tar.gz`)) return readFileSync(`${base}.tar.gz`);
      if (existsSync(`${base}.error`))
        throw new Error(`Process ${pid} could not make the backup: ${readFileSync(`${base}.error`, 'utf8')}`);
    }
    throw new Error(`Process ${pid} holds ${dataDir} but made no backup within ${timeoutMs / 1000} s.`);
  } finally {
    for (const ext of ['request', 'partial', 'tar.gz', 'error']) rmSync(`${base}.${ext}`, { force: true });
  }
}
