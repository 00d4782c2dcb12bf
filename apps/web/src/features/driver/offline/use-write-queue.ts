import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useMe } from '../../../lib/session/get-me';
import type { DriverWrite, QueuedWrite } from './queued-write';
import { driverQueue, sendQueued, startDriverQueue } from './runner';

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** Whether the phone says it has a network (`navigator.onLine`). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** The signed-in driver's queued writes (waiting and failed, in order) and the one being sent. */
export function useMyQueuedWrites(): { entries: QueuedWrite[]; sendingId: number | null } {
  useEffect(startDriverQueue, []);
  const snapshot = useSyncExternalStore(driverQueue.subscribe, driverQueue.snapshot);
  const me = useMe().data?.uuid;
  const entries = useMemo(() => snapshot.entries.filter((e) => e.userUuid === me), [snapshot.entries, me]);
  return { entries, sendingId: snapshot.sendingId };
}

/** Queues a write for the signed-in driver and starts sending at once. */
export function useEnqueue() {
  const me = useMe().data?.uuid;
  return useCallback(
    async (label: string, write: DriverWrite, key?: string): Promise<QueuedWrite> => {
      if (!me) throw new Error('Your sign-in is still loading; try again in a moment.');
      const entry = await driverQueue.enqueue(me, label, write, key);
      void sendQueued();
      return entry;
    },
    [me],
  );
}
