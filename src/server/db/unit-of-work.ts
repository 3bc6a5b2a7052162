import type { Database } from './client.ts';
import type { Transaction } from './transaction.ts';

/** What may happen once a change is committed: pushes, e-mails, anything outside the database. */
export type AfterCommit = () => void | Promise<void>;

/** One unit of work: the transaction its statements run on, and what to do once it has committed. */
export interface UnitOfWork {
  tx: Transaction;
  /** The database the outermost transaction was opened on: for work after the commit, not in it. */
  db: Database;
  /**
   * Runs `fn` after the outermost transaction commits, in the order registered; never when it (or
   * the savepoint registering it) rolls back. The caller awaits each in turn, so long work (an
   * e-mail) should be started here, not awaited.
   */
  afterCommit(fn: AfterCommit): void;
}

/** Where a callback that throws is reported (a pino or Fastify logger fits). */
export interface AfterCommitLog {
  error(obj: object, msg: string): void;
}

// The transactions of the units under way, with their callbacks: a unit started on one of them is
// part of that unit, so its callbacks wait for the outer commit, not for its savepoint.
const running = new WeakMap<Transaction, { db: Database; callbacks: AfterCommit[] }>();

/**
 * Runs `work` in one transaction and, after the commit, its `afterCommit` callbacks. Started on the
 * transaction of a unit under way (`db` being that `tx`), it runs in a savepoint of it: its
 * callbacks join the outer unit's when the savepoint is released and are dropped when it rolls back.
 * A callback that throws is logged: the change is committed, so the unit still succeeds.
 */
export async function unitOfWork<T>(
  db: Database,
  log: AfterCommitLog,
  work: (unit: UnitOfWork) => Promise<T>,
): Promise<T> {
  const outer = running.get(db as unknown as Transaction);
  const root = outer?.db ?? db;
  let committed: AfterCommit[] = [];
  const result = await db.transaction(async (tx) => {
    // Callbacks belong to one attempt: were the work run again, the first attempt's would not count.
    const callbacks: AfterCommit[] = [];
    running.set(tx, { db: root, callbacks });
    try {
      const value = await work({ tx, db: root, afterCommit: (fn) => callbacks.push(fn) });
      committed = callbacks;
      return value;
    } finally {
      running.delete(tx);
    }
  });
  if (outer) {
    outer.callbacks.push(...committed);
    return result;
  }
  for (const fn of committed) {
    try {
      await fn();
    } catch (err) {
      log.error({ err }, 'after-commit callback failed');
    }
  }
  return result;
}
