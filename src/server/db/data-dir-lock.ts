import { linkSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Dump, serveBackupRequests } from './backup-requests.ts';

// One process at a time on an embedded data folder (ADR 0027). PGlite is PostgreSQL in a single
// process with no lock of its own: two processes writing the same files corrupt them, which shows
// only at the next crash recovery. So every embedded open first takes `<DATA_DIR>/tagalong.lock`.

export const LOCK_FILE = 'tagalong.lock';

export class DataDirLockedError extends Error {
  readonly pid: number;
  readonly dataDir: string;
  constructor(dataDir: string, pid: number) {
    const lockFile = path.join(dataDir, LOCK_FILE);
    super(
      `The data folder ${dataDir} is in use by another Tagalong process (pid ${pid}). Only one process may ` +
        'open it at a time: stop that process first (a running server stops on Ctrl-C or SIGTERM), or set ' +
        `DATA_DIR to another folder. If no process ${pid} of Tagalong runs, delete ${lockFile}.`,
    );
    this.name = 'DataDirLockedError';
    this.pid = pid;
    this.dataDir = dataDir;
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

/** Lock files this process holds, and how to stop answering their backup requests. */
const held = new Map<string, () => void>();
// Released on any exit that runs JavaScript (process.exit, the end of a script); a kill -9 leaves
// the file behind, and the next open finds its process gone and takes it over.
process.once('exit', () => {
  for (const file of [...held.keys()]) releaseFile(file);
});

/** The pid a lock file names, or undefined when there is none or it cannot be read. */
export function lockHolder(dataDir: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, it is someone else's.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the folder's lock or throws DataDirLockedError naming the process that holds it. The file
 * is written under a temporary name and linked into place: link(2), like O_EXCL, fails when the name
 * exists, and the lock never exists without its pid in it. While held, `npm run db:backup` asks
 * this process for its backups through `dump` (none: it answers that it cannot).
 */
export function lockDataDir(dataDir: string, dump?: Dump): DataDirLock {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(temp, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(temp, file);
        held.set(file, serveBackupRequests(dir, dump));
        return { file, release: () => releaseFile(file) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const pid = lockHolder(dir);
      if (pid === undefined) continue; // gone between link and read: try again
      // Our own pid is a live holder only if this process took it; otherwise it is left from an
      // earlier process that had the same pid (a container's server is often pid 1 every time).
      const stale = pid === process.pid ? !held.has(file) : !alive(pid);
      if (!stale) throw new DataDirLockedError(dir, pid);
      // Two processes taking over the same stale lock: each only removes a file naming the dead pid.
      if (lockHolder(dir) === pid) rmSync(file, { force: true });
    }
    throw new Error(`Could not take the lock ${file}: it keeps changing hands.`);
  } finally {
    rmSync(temp, { force: true });
  }
}

function releaseFile(file: string) {
  const stopServing = held.get(file);
  if (!stopServing) return;
  held.delete(file);
  stopServing();
  // Only our own: a lock someone else took over (after deleting ours by hand) stays theirs.
  try {
    if (Number.parseInt(readFileSync(file, 'utf8'), 10) === process.pid) unlinkSync(file);
  } catch {
    // Already gone.
  }
}
