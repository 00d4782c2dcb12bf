import {
  NOTE_TEXTS,
  type DriverDelivery,
  type DriverInfo,
  type Note,
  type TaskProof,
  type User,
} from '@courier/contract';
import { addNote, type NotePages } from '../../../components/notes/note-pages';
import { ApiError } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notifications';
import { queryClient } from '../../../lib/query-client';
import { meQueryKey } from '../../../lib/session/query-keys';
import { driverKeys } from '../api/keys';
import { sentProofsQueryOptions } from '../api/upload-my-proof';
import { idbQueueStore } from './queue-store';
import type { QueuedWrite } from './queued-write';
import { sendWrite } from './send-write';
import { createWriteQueue } from './write-queue';

/** The app's one queue of driver writes. */
export const driverQueue = createWriteQueue(idbQueueStore());

/** While writes wait, sending is tried again this often (besides the `online` event and each new write). */
const RETRY_MS = 20_000;
/**
 * A write made online and sent within this time went "live": it gets its own confirmation, as before the queue.
 * What was kept while offline (or from before this start of the app) is confirmed in one line when it goes.
 */
const LIVE_MS = 15_000;
let onlineSince = Date.now();

const myUuid = () => queryClient.getQueryData<User>(meQueryKey)?.uuid ?? null;

const isLive = (entry: QueuedWrite) => entry.queuedAt >= onlineSince && Date.now() - entry.queuedAt < LIVE_MS;

/** A proof the server took, shown under "Sent from this phone" (the driver calls have no list of proofs). */
export function rememberSentProof(deliveryUuid: string, proof: TaskProof): void {
  queryClient.setQueryData(sentProofsQueryOptions(deliveryUuid).queryKey, (sent = []) => [proof, ...sent]);
}

/** What the server's answer to a sent write changes in the caches, and the confirmation of a live one. */
function applySent(entry: QueuedWrite, data: unknown): void {
  const { write } = entry;
  const live = isLive(entry);
  switch (write.kind) {
    case 'status': {
      const delivery = data as DriverDelivery;
      queryClient.setQueryData(driverKeys.delivery(write.deliveryUuid), delivery);
      // Starting or ending the work moves my availability on the server (decision 015).
      void queryClient.invalidateQueries({ queryKey: driverKeys.myStatus() });
      if (live)
        notifySuccess(
          'Status Changed',
          `${delivery.name} is now ${delivery.deliveryLiveStatusTypeSlug.replace(/-/g, ' ')}.`,
        );
      return;
    }
    case 'note':
      // Spec section 4 "Notes": prepend to the loaded list and count it (a reply goes under its note).
      queryClient.setQueryData<NotePages>(driverKeys.notes(write.deliveryUuid), (pages) =>
        addNote(pages, data as Note),
      );
      if (live) notifySuccess(NOTE_TEXTS.created.title, NOTE_TEXTS.created.message);
      return;
    case 'proof':
    case 'pin': {
      const proof = data as TaskProof;
      rememberSentProof(write.deliveryUuid, proof);
      if (live)
        notifySuccess(
          write.kind === 'pin' ? 'Handover Confirmed' : 'Proof Uploaded',
          write.kind === 'pin'
            ? 'The handover code was right; it is recorded on the delivery.'
            : `${proof.document.originalName} has been added to the delivery.`,
        );
      return;
    }
    case 'availability': {
      const infos = data as DriverInfo[];
      queryClient.setQueryData(driverKeys.myStatus(), infos);
      if (live)
        notifySuccess(
          'Status Changed',
          `You are now ${infos[0]?.driverStatusName.toLowerCase() ?? 'updated'}.`,
        );
      return;
    }
    case 'scan':
      // The scanner told the driver at once; the stop's parcels now show the server's record of it.
      void queryClient.invalidateQueries({ queryKey: driverKeys.delivery(write.deliveryUuid) });
      return;
    case 'positions':
      // The track changes nothing the driver's screens show, and a confirmation every few seconds would be noise.
      return;
  }
}

/** The track's batches are not "changes": they are counted apart and never confirmed one by one. */
export const isTrack = (entry: QueuedWrite) => entry.write.kind === 'positions';

/**
 * A refused write is said at once in red, as a failed call always was; the driver screens list it until handled.
 * Refused track batches are said once per run, however many there are.
 */
function tellFailed(entry: QueuedWrite, error: unknown, trackTold: { value: boolean }): void {
  if (isTrack(entry)) {
    if (trackTold.value) return;
    trackTold.value = true;
  }
  notifyError(
    error instanceof ApiError
      ? new ApiError({
          kind: error.kind,
          statusCode: error.statusCode,
          data: error.data,
          message: `${entry.label}: ${error.message}`,
        })
      : new Error(`${entry.label}: could not be sent`),
  );
}

/** Sends the signed-in user's waiting writes, in order, and settles what the screens show. */
export async function sendQueued(): Promise<void> {
  const user = myUuid();
  // "Offline" is certain when the phone says so ("online" is not: the queue finds that out by sending).
  if (!user || !navigator.onLine) return;
  const trackTold = { value: false };
  const run = await driverQueue.drain(user, sendWrite, {
    onSent: applySent,
    // Made on an earlier try whose answer was lost: what it changed is read again from the server.
    onMadeWithoutAnswer: ({ write }) => {
      if ('deliveryUuid' in write) {
        void queryClient.invalidateQueries({ queryKey: driverKeys.delivery(write.deliveryUuid) });
        void queryClient.invalidateQueries({ queryKey: driverKeys.deliveries() });
      }
      void queryClient.invalidateQueries({ queryKey: driverKeys.myStatus() });
    },
    onFailed: (entry, error) => tellFailed(entry, error, trackTold),
  });
  // A try that took too long was given up (send-write.ts); the network is there, so the next goes now rather than
  // at the next round.
  if (run.stoppedBy instanceof DOMException && run.stoppedBy.name === 'AbortError' && navigator.onLine)
    void sendQueued();
  const changes = run.sent.filter((e) => !isTrack(e));
  const kept = changes.filter((e) => !isLive(e)).length;
  if (kept > 0)
    notifySuccess(
      'Changes Sent',
      `${kept} ${kept === 1 ? 'change' : 'changes'} kept on this phone reached your office.`,
    );
  // The track is left out both ways: batches go every few seconds while a delivery is under way, and they change
  // nothing the screens read.
  const stillWaiting = driverQueue
    .snapshot()
    .entries.some((e) => e.userUuid === user && e.state === 'waiting' && !isTrack(e));
  if (changes.length > 0 && !stillWaiting) {
    // The queue is empty: the server's truth replaces what the screens showed from the queue. The proofs sent from
    // this session have no server read to come back from, so they stay.
    void queryClient.invalidateQueries({
      queryKey: driverKeys.all,
      predicate: (query) => query.queryKey[1] !== 'sent-proofs',
    });
  }
}

let started = false;

/**
 * Starts sending on app start (the access guard calls this once a session is there, and the driver screens do):
 * what waits from an earlier visit goes first, then on every `online` event, when the user is loaded, and every
 * 20 seconds while something waits.
 */
export function startDriverQueue(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const kick = () => void sendQueued();
  void driverQueue.load().then(kick, () => undefined);
  window.addEventListener('online', () => {
    onlineSince = Date.now();
    kick();
  });
  setInterval(() => {
    const user = myUuid();
    if (driverQueue.snapshot().entries.some((e) => e.userUuid === user && e.state === 'waiting')) kick();
  }, RETRY_MS);
  queryClient.getQueryCache().subscribe((event) => {
    if (
      event.type === 'updated' &&
      event.action.type === 'success' &&
      event.query.queryHash === JSON.stringify(meQueryKey)
    )
      kick();
  });
}
