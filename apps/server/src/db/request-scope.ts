import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client.js';
import type { AskedSubject } from './schema/index.js';

/**
 * A request that carries an Idempotency-Key (decisions 019 and 057), as the layers below the HTTP plugin see it:
 * every outermost transaction that writes in it runs `onWrite` just before its commit (the key is marked applied
 * there, so the change and the mark commit together or not at all), and the policy notes the subjects it let the
 * user act on, to be asked again before the answer is ever replayed.
 */
export interface RequestScope {
  userId: string;
  /**
   * Runs inside each outermost transaction of the request that wrote something, after its work, before commit (a
   * throw rolls the transaction back). Unset once the request's answer is kept: work it leaves behind, say the live
   * stream's publication after commit, is not its change.
   */
  onWrite?: (tx: DbOrTx) => Promise<void>;
  /** Deliveries and auctions the policy let `userId` act on during the request. */
  asked: AskedSubject[];
}

const scopes = new AsyncLocalStorage<RequestScope>();

/** Runs `fn` (and everything it starts) in `scope`. */
export function runInRequestScope<T>(scope: RequestScope, fn: () => T): T {
  return scopes.run(scope, fn);
}

/** Runs `fn` outside any request scope (the key's own statements are not the request's change). */
export function outsideRequestScope<T>(fn: () => T): T {
  return scopes.exit(fn);
}

/** Notes that the policy let `userId` act on `subject`, when that is the keyed request's own user. */
export function noteAsked(userId: string, subject: AskedSubject): void {
  const scope = scopes.getStore();
  if (!scope || scope.userId !== userId) return;
  if (!scope.asked.some((s) => s.kind === subject.kind && s.id === subject.id)) scope.asked.push(subject);
}

async function wrote(tx: DbOrTx): Promise<boolean> {
  const result: unknown = await tx.execute(sql`select pg_current_xact_id_if_assigned() is not null as wrote`);
  return (result as { rows: { wrote: boolean }[] }).rows[0]?.wrote === true;
}

/** A statement that may change rows: insert, update or delete, alone or in a `with`. */
const CHANGE =
  /^\s*(insert|update|delete)\b|^\s*with\b[\s\S]*\b(insert\s+into|update\s+"[^"]*"\s+set|delete\s+from)\b/i;

/**
 * Makes the outermost transactions of `db` join the request scope they run in. Whether a transaction wrote is asked
 * of PostgreSQL itself: a transaction has an id only once it wrote (or locked) a row, so a read in a transaction
 * never marks a key applied before the request's change is made. Savepoints (`tx.transaction`) are inside an
 * outermost transaction already and are left alone. A change made by one statement outside any transaction
 * (`db.insert(...)` in a route that needs no more) runs, in a request scope, in a transaction of its own that joins
 * the same way: every write of a keyed request commits with its key's mark. Done once when a database is opened.
 */
export function joinRequestScopes(db: Db): Db {
  const session = db._.session;
  const prepare = session.prepareQuery.bind(session);
  session.prepareQuery = ((...args: Parameters<typeof prepare>) => {
    const prepared = prepare(...args);
    if (!CHANGE.test(args[0].sql)) return prepared;
    const execute = prepared.execute.bind(prepared);
    prepared.execute = (...run: Parameters<typeof execute>) =>
      scopes.getStore()?.onWrite
        ? db.transaction((tx) => tx._.session.prepareQuery(...args).execute(...run))
        : execute(...run);
    return prepared;
  }) as typeof session.prepareQuery;

  const original: Db['transaction'] = db.transaction.bind(db);
  const joined: Db['transaction'] = (work, config) => {
    const scope = scopes.getStore();
    if (!scope?.onWrite) return original(work, config);
    return original(async (tx) => {
      const result = await work(tx);
      const onWrite = scope.onWrite;
      if (onWrite && (await wrote(tx))) await onWrite(tx);
      return result;
    }, config);
  };
  db.transaction = joined;
  return db;
}
