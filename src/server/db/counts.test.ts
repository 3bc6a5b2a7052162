import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#server/test/database.ts';
import type { DatabaseHandle } from './client.ts';
import { listTotal, listTotals } from './counts.ts';
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

  it("says it estimates past the threshold, with the planner's figure for the whole query", async () => {
    const query = database.db.select({ id: user.id }).from(user).$dynamic();
    const total = await listTotal(database.db, query, 20);
    expect(total.estimated).toBe(true);
    // The table's statistics say 60 rows: the estimate is theirs, not the count's cap (21).
    expect(total.count).toBe(60);
  });

  it('never answers less than the threshold when the planner guesses fewer', async () => {
    const few = database.db
      .select({ id: user.id })
      .from(user)
      .where(sql`${user.name} like 'Member%' and random() < 2`)
      .$dynamic();
    const total = await listTotal(database.db, few, 20);
    expect(total).toEqual({ count: expect.any(Number), estimated: true });
    expect(total.count).toBeGreaterThan(20);
  });
});

describe('listTotals', () => {
  it('answers each query as listTotal does, in one statement for the counts', async () => {
    const all = database.db.select({ id: user.id }).from(user).$dynamic();
    const some = database.db.select({ id: user.id }).from(user).where(sql`${user.name} like 'Member 1%'`).$dynamic();
    const none = database.db.select({ id: user.id }).from(user).where(sql`false`).$dynamic();
    expect(await listTotals(database.db, { all, some, none }, 20)).toEqual({
      all: { count: 60, estimated: true },
      some: { count: 11, estimated: false },
      none: { count: 0, estimated: false },
    });
  });
});
