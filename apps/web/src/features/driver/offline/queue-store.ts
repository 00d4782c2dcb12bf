import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { QUEUE_DB_NAME } from './queue-presence';
import type { NewQueuedWrite, QueuedWrite } from './queued-write';

/** Where the queue lives: IndexedDB in the app, the same through fake-indexeddb in tests. */
export interface QueueStore {
  add(entry: NewQueuedWrite): Promise<QueuedWrite>;
  /** Every entry, in queue order. */
  all(): Promise<QueuedWrite[]>;
  put(entry: QueuedWrite): Promise<void>;
  remove(id: number): Promise<void>;
}

interface QueueDb extends DBSchema {
  writes: { key: number; value: QueuedWrite };
}

const STORE = 'writes';

/** The queue in IndexedDB: one object store, keyed by an auto-increment id that is the sending order. */
export function idbQueueStore(name: string = QUEUE_DB_NAME): QueueStore {
  let db: Promise<IDBPDatabase<QueueDb>> | null = null;
  const open = () =>
    (db ??= openDB<QueueDb>(name, 1, {
      upgrade(database) {
        database.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
      },
    }));
  return {
    async add(entry) {
      // The id is left out so IndexedDB assigns the next one.
      const id = await (await open()).add(STORE, entry as QueuedWrite);
      return { ...entry, id };
    },
    async all() {
      return (await open()).getAll(STORE);
    },
    async put(entry) {
      await (await open()).put(STORE, entry);
    },
    async remove(id) {
      await (await open()).delete(STORE, id);
    },
  };
}
