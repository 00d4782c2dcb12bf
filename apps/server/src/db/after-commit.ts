import type { Db, DbOrTx } from './client.js';

/**
 * "Run this once the transaction has committed" (the live stream publishes its events so, decision 023). Every
 * `transaction` of a database opened here keeps a list of callbacks: they run after the outermost commit, in order,
 * and are dropped when it (or the savepoint they were registered in) rolls back.
 */
const pending = new WeakMap<object, (() => void)[]>();
const roots = new WeakSet<object>();
/** The database each open transaction belongs to. */
const rootOfTx = new WeakMap<object, Db>();

type Transactional = { transaction: Db['transaction'] };

function patch(target: Transactional, root: Db, parent: (() => void)[] | null): void {
  const original: Db['transaction'] = target.transaction.bind(target);
  const wrapped: Db['transaction'] = async (work, config) => {
    const callbacks: (() => void)[] = [];
    const result = await original(async (tx) => {
      pending.set(tx, callbacks);
      rootOfTx.set(tx, root);
      patch(tx, root, callbacks);
      return work(tx);
    }, config);
    if (parent) parent.push(...callbacks);
    else for (const fn of callbacks) runSafely(fn);
    return result;
  };
  target.transaction = wrapped;
}

function runSafely(fn: () => void) {
  try {
    fn();
  } catch (err) {
    // A failing subscriber must not turn a committed write into an error answer.
    console.error('afterCommit callback failed', err);
  }
}

/** Makes `db.transaction` keep after-commit callbacks; done once when a database is opened. */
export function trackCommits(db: Db): Db {
  roots.add(db);
  patch(db, db, null);
  return db;
}

/**
 * Runs `fn` after `txOrDb` commits: at once when it is the database itself (the statement before it has committed
 * already), after the outermost commit when it is a transaction. A transaction of a database not opened through
 * `trackCommits` is refused loudly rather than published before its commit.
 */
export function afterCommit(txOrDb: DbOrTx, fn: () => void): void {
  const list = pending.get(txOrDb);
  if (list) list.push(fn);
  else if (roots.has(txOrDb)) queueMicrotask(() => runSafely(fn));
  else throw new Error('afterCommit: not a transaction of a database opened with trackCommits.');
}

/** The database a transaction (or the database itself) belongs to; undefined for one not opened here. */
export function databaseOf(txOrDb: DbOrTx): Db | undefined {
  return roots.has(txOrDb) ? txOrDb : rootOfTx.get(txOrDb);
}
