import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#server/test/database.ts';
import type { DatabaseHandle } from './client.ts';
import { listTotal } from './counts.ts';
import { user } from './schema/auth.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(
    sql`insert into "user" (name, email) select 'Member ' || n, 'm' || n || '@example.test' from generate_series(1, 60) n`,
  );
  await database.db.execute(sql`analyze "user"`);
});
afterAll(() => database.close());

describe('listTotal', () => {
  it('counts exactly up to the threshold', async () => {
    const query = database.db.select({ id: user.id }).from(user).$dynamic();
    expect(await listTotal(database.db, query, 100)).toEqual({ count: 60, estimated: false });
    const some = database.db.select({ id: user.id }).from(user).where(sql`${user.name} like 'Member 1%'`).$dynamic();
    expect(await listTotal(database.db, some, 100)).toEqual({ count: 11, estimated: false });
  });

  it('says it estimates past the threshold, and never answers less than the threshold', async () => {
    const query = database.db.select({ id: user.id }).from(user).$dynamic();
    const total = await listTotal(database.db, query, 20);
    expect(total.estimated).toBe(true);
    expect(total.count).toBeGreaterThan(20);
  });
});
