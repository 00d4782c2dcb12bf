/** The IndexedDB database of the driver's write queue (queue-store.ts). */
export const QUEUE_DB_NAME = 'courier-driver-queue';

/**
 * Whether this browser may hold queued driver writes: the queue's database exists, or the browser cannot tell
 * (`indexedDB.databases` is missing). A browser where nobody ever queued a write (an office user's) has no such
 * database, and the app's start does not load the queue's code, zod and IndexedDB for nothing.
 */
export async function mayHoldQueuedWrites(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((db) => db.name === QUEUE_DB_NAME);
  } catch {
    return true;
  }
}
