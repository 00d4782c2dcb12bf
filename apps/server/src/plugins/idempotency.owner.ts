import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Db } from '../db/client.js';

/** First key of the two-key advisory locks by which server processes say they are alive (decision 057). */
export const OWNER_LOCK_SPACE = 724_211_002;
const NUMBERS_TRIED = 5;

/**
 * The server process as the owner of Idempotency-Key claims (decision 057). Each process picks a random number and
 * writes it on the claims it makes; a claim whose owner is gone is taken over at once by a retry, one whose owner is
 * alive answers 409. On PostgreSQL the process holds a session advisory lock on its number on a connection of its
 * own, taken before its first claim: PostgreSQL lets the lock go the moment the process's connection closes, killed
 * or not, so "alive" is a question to the database, not to a clock. PGlite belongs to one process at a time
 * (decision 036): a claim of another number is a dead process's.
 */
export interface KeyOwner {
  /** This process's number, its lock held; written on every claim it makes. */
  id(): Promise<number>;
  /** The claims (row ids) this process is working on now. */
  readonly working: Set<string>;
  /** Whether the process that wrote `owner` on claim `claimId` may still finish it. */
  alive(owner: number, claimId: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The owner of the claims an app makes through `database`: made by the idempotency plugin when the app is built, and
 * closed with it (one per app, handed to nothing else: no module-level map from a database to its owner).
 */
export function createKeyOwner(database: Database): KeyOwner {
  return database.url ? postgresOwner(database.db, database.url) : embeddedOwner();
}

const newNumber = () => randomInt(1, 2 ** 31 - 1);

function embeddedOwner(): KeyOwner {
  const mine = newNumber();
  const working = new Set<string>();
  return {
    id: () => Promise.resolve(mine),
    working,
    alive: (owner, claimId) => Promise.resolve(owner === mine && working.has(claimId)),
    close: () => Promise.resolve(),
  };
}

function postgresOwner(db: Db, url: string): KeyOwner {
  let mine = newNumber();
  const working = new Set<string>();
  let holding: Promise<pg.Client> | null = null;
  let closed = false;

  const hold = (): Promise<pg.Client> => {
    const attempt = (async () => {
      const client = new pg.Client({ connectionString: url, application_name: 'courier-key-owner' });
      // A lost connection lost the lock with it: the next claim takes it again (this process's claims in between
      // look abandoned and may be taken over; the write's transaction then refuses to apply them, decision 057).
      const lost = () => {
        if (holding === attempt) holding = null;
      };
      client.on('error', lost);
      client.on('end', lost);
      await client.connect();
      for (let i = 0; i < NUMBERS_TRIED; i++, mine = newNumber()) {
        const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [
          OWNER_LOCK_SPACE,
          mine,
        ]);
        if (rows[0]?.ok) return client;
      }
      await client.end();
      throw new Error('No free Idempotency-Key owner number.');
    })();
    attempt.catch(() => {
      if (holding === attempt) holding = null;
    });
    return attempt;
  };

  return {
    async id() {
      if (!closed) await (holding ??= hold());
      return mine;
    },
    working,
    async alive(owner, claimId) {
      if (owner === mine) return working.has(claimId);
      const result: unknown = await db.execute(sql`
        select exists (
          select 1 from pg_locks
          where locktype = 'advisory' and granted and objsubid = 2
            and database = (select oid from pg_database where datname = current_database())
            and classid = ${OWNER_LOCK_SPACE}::oid and objid = ${owner}::oid
        ) as alive`);
      return (result as { rows: { alive: boolean }[] }).rows[0]?.alive === true;
    },
    async close() {
      closed = true;
      const client = await holding?.catch(() => undefined);
      holding = null;
      await client?.end().catch(() => undefined);
    },
  };
}
