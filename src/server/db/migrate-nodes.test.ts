import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect, it } from 'vitest';
import { openDatabase } from './client.ts';

// Nodes of one deployment start together after an upgrade (compose, a rolling restart): each runs the
// migrations at start. On a database none of them has migrated yet, they must not trip over each
// other: one migrates, the others wait for it and find nothing left to do.
it.runIf(process.env.DATABASE_URL)('migrates an empty PostgreSQL database from three nodes at once', async () => {
  const databaseUrl = process.env.DATABASE_URL as string;
  const name = `tagalong_migrate_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const nodes = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString() })));
  try {
    const outcomes = await Promise.allSettled(nodes.map((node) => node.migrate()));
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
    const check = new pg.Client({ connectionString: url.toString() });
    await check.connect();
    const applied = await check
      .query('select count(*)::int as n from drizzle.__drizzle_migrations')
      .finally(() => check.end());
    const [first] = nodes;
    await first?.migrate(); // and once more, later: nothing to do
    expect(applied.rows[0].n).toBeGreaterThan(20);
  } finally {
    await Promise.all(nodes.map((node) => node.close()));
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => admin.end());
  }
});
