import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';

// `npm run admin:create` on an embedded data folder: creates, then promotes, and rejects bad input.
function run(dataDir: string, args: string[]) {
  return spawnSync(process.execPath, ['scripts/admin-create.ts', ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

it('creates an administrator once, then only promotes', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tagalong-admin-'));
  const first = run(dataDir, ['--email', 'Ops@Example.test']);
  expect(first.status, first.stderr).toBe(0);
  expect(first.stdout).toContain('Created administrator ops@example.test');
  expect(first.stdout).toMatch(/Password \(shown once\): \S{12,}/);
  const second = run(dataDir, ['--email', 'ops@example.test']);
  expect(second.status, second.stderr).toBe(0);
  expect(second.stdout).toContain('ops@example.test is now an administrator');

  const database = await openDatabase({ dataDir });
  try {
    const [row] = await database.db.select().from(user).where(eq(user.email, 'ops@example.test'));
    expect(row).toMatchObject({ role: 'admin', emailVerified: true });
  } finally {
    await database.close();
  }
  // Two runs of the script, each opening and migrating a fresh data folder: seconds each on a busy machine.
}, 120_000);

it('refuses a missing or malformed e-mail', () => {
  const result = run(mkdtempSync(path.join(tmpdir(), 'tagalong-admin-')), ['--email', 'nope']);
  expect(result.status).toBe(2);
  expect(result.stderr).toContain('Usage');
});
