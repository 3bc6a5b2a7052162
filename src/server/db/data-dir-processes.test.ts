import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startServerProcess, stopServerProcesses } from '#server/test/server-process.ts';
import { LOCK_FILE } from './data-dir-lock.ts';

// The embedded data folder between real processes (ADR 0027): a second server and the scripts are
// refused while a server runs on it; `npm run db:backup` gets a backup from that server, and
// `npm run db:restore` puts it back once it has stopped.

afterAll(() => stopServerProcesses(0));

const script = (dataDir: string, name: string, args: string[]) =>
  spawnSync(process.execPath, [`scripts/${name}.ts`, ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 60_000,
  });

async function signUp(url: string, email: string): Promise<number> {
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: 'correct-horse-battery', name: 'Member' }),
  });
  return res.status;
}

/** 403 for a known account not yet verified, 401 for one the database does not have. */
async function signIn(url: string, email: string): Promise<number> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: 'correct-horse-battery' }),
  });
  return res.status;
}

it('refuses a second server and the scripts while one runs; backs up through it and restores after', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tagalong-folder-'));
  const backupFile = path.join(mkdtempSync(path.join(tmpdir(), 'tagalong-backup-')), 'backup.tar.gz');
  const first = await startServerProcess({ DATA_DIR: dataDir }, 90_000);
  const pid = first.child.pid;

  const second = await startServerProcess({ DATA_DIR: dataDir }, 90_000).then(
    () => 'listening',
    (err: Error) => err.message,
  );
  expect(second).toContain('exited before listening (75)');
  expect(second).toContain(`is in use by another Tagalong process (pid ${pid})`);

  expect(await signUp(first.url, 'before@example.test')).toBe(200);
  const backup = script(dataDir, 'db-backup', ['--out', backupFile]);
  expect(backup.status, backup.stderr).toBe(0);
  expect(backup.stdout).toContain(`The server (pid ${pid}) has the database open`);
  expect(await signUp(first.url, 'after@example.test')).toBe(200);

  const restoreWhileRunning = script(dataDir, 'db-restore', [backupFile]);
  expect(restoreWhileRunning.status).toBe(75);
  expect(restoreWhileRunning.stderr).toContain(`(pid ${pid})`);
  const admin = script(dataDir, 'admin-create', ['--email', 'ops@example.test']);
  expect(admin.status).toBe(75);
  expect(admin.stderr).toContain(`The server (pid ${pid}) is running`);
  expect(admin.stderr).toContain('Stop the server first');

  await first.stop();
  expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  const restore = script(dataDir, 'db-restore', [backupFile]);
  expect(restore.status, restore.stderr).toBe(0);

  const restarted = await startServerProcess({ DATA_DIR: dataDir }, 90_000);
  expect(await signIn(restarted.url, 'before@example.test')).toBe(403);
  expect(await signIn(restarted.url, 'after@example.test')).toBe(401);
  await restarted.stop();
}, 240_000);
