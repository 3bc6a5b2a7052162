import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#server/test/database.ts';
import type { Database, DatabaseHandle } from './client.ts';
import type { Transaction } from './transaction.ts';
import { type AfterCommitLog, unitOfWork } from './unit-of-work.ts';

// On the suite's real database: what a commit, a rollback and a savepoint do to the callbacks.

let handle: DatabaseHandle;
let db: Database;
let logged: object[];
const log: AfterCommitLog = { error: (obj) => logged.push(obj) };

const insert = (tx: Transaction, n: number) => tx.execute(sql`insert into uow_probe (n) values (${n})`);
const stored = async () =>
  ((await db.execute(sql`select n from uow_probe order by n`)) as unknown as { rows: { n: number }[] }).rows.map(
    (r) => r.n,
  );

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  // Deferred, so a duplicate fails at the commit itself, after the work has returned.
  await db.execute(sql`create table uow_probe (n int unique deferrable initially deferred)`);
});
afterAll(() => handle.close());
beforeEach(async () => {
  logged = [];
  await db.execute(sql`delete from uow_probe`);
});

describe('unitOfWork', () => {
  it('runs the callbacks after the commit, in the order registered, then returns the result', async () => {
    const seen: string[] = [];
    const result = await unitOfWork(db, log, async ({ tx, afterCommit }) => {
      afterCommit(async () => {
        // Outside the transaction: the row is visible to anyone, so the commit is done.
        seen.push(`first saw ${(await stored()).join()}`);
      });
      await insert(tx, 1);
      afterCommit(() => {
        seen.push('second');
      });
      expect(seen).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(seen).toEqual(['first saw 1', 'second']);
  });

  it('runs none when the work throws, and the change is rolled back', async () => {
    const seen: string[] = [];
    const work = unitOfWork(db, log, async ({ tx, afterCommit }) => {
      afterCommit(() => {
        seen.push('announced');
      });
      await insert(tx, 1);
      throw new Error('refused');
    });
    await expect(work).rejects.toThrow('refused');
    expect(seen).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it('runs none when the commit itself fails', async () => {
    const seen: string[] = [];
    const work = unitOfWork(db, log, async ({ tx, afterCommit }) => {
      afterCommit(() => {
        seen.push('announced');
      });
      await insert(tx, 1);
      await insert(tx, 1);
    });
    await expect(work).rejects.toThrow();
    expect(seen).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it('logs a callback that throws and still succeeds, running the callbacks after it', async () => {
    const seen: string[] = [];
    const result = await unitOfWork(db, log, async ({ tx, afterCommit }) => {
      await insert(tx, 1);
      afterCommit(() => {
        throw new Error('socket gone');
      });
      afterCommit(() => Promise.reject(new Error('mail server down')));
      afterCommit(() => {
        seen.push('third');
      });
      return 42;
    });
    expect(result).toBe(42);
    expect(seen).toEqual(['third']);
    expect(await stored()).toEqual([1]);
    expect(logged.map((entry) => (entry as { err: Error }).err.message)).toEqual(['socket gone', 'mail server down']);
  });

  it('drops the callbacks of an attempt that failed when the work is run again', async () => {
    // A database that retries a failed transaction once, as a retrying driver would.
    const retrying = {
      transaction: async (fn: (tx: Transaction) => Promise<unknown>) => {
        try {
          return await db.transaction(fn);
        } catch {
          return db.transaction(fn);
        }
      },
    } as unknown as Database;
    const seen: number[] = [];
    let attempt = 0;
    await unitOfWork(retrying, log, async ({ tx, afterCommit }) => {
      attempt += 1;
      const mine = attempt;
      afterCommit(() => {
        seen.push(mine);
      });
      await insert(tx, mine);
      if (mine === 1) throw new Error('serialization failure');
    });
    expect(seen).toEqual([2]);
    expect(await stored()).toEqual([2]);
  });

  it('started inside a unit, waits for the outer commit, and is dropped with its savepoint', async () => {
    const seen: string[] = [];
    await unitOfWork(db, log, async ({ tx, afterCommit }) => {
      afterCommit(() => {
        seen.push('outer before');
      });
      await unitOfWork(tx as unknown as Database, log, async (inner) => {
        await insert(inner.tx, 1);
        inner.afterCommit(() => {
          seen.push('kept');
        });
      });
      expect(seen).toEqual([]);
      await expect(
        unitOfWork(tx as unknown as Database, log, async (inner) => {
          await insert(inner.tx, 2);
          inner.afterCommit(() => {
            seen.push('rolled back');
          });
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      afterCommit(() => {
        seen.push('outer after');
      });
    });
    expect(seen).toEqual(['outer before', 'kept', 'outer after']);
    expect(await stored()).toEqual([1]);
  });

  it('gives the callbacks the database, not the finished transaction', async () => {
    let used: Database | undefined;
    await unitOfWork(db, log, async ({ tx }) => {
      await unitOfWork(tx as unknown as Database, log, async (inner) => {
        used = inner.db;
      });
    });
    expect(used).toBe(db);
  });
});
