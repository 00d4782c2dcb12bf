import { changeMyDeliveryStatus } from '../api/change-my-delivery-status';
import { confirmMyHandoverPin } from '../api/confirm-my-handover-pin';
import { createMyDeliveryNote } from '../api/create-my-delivery-note';
import { postMyPositions } from '../api/post-my-positions';
import { scanMyParcel } from '../api/scan-my-parcel';
import { updateMyStatus } from '../api/update-my-status';
import { uploadMyProof } from '../api/upload-my-proof';
import type { DriverWrite, StoredFile } from './queued-write';

/** A File as the queue keeps it, and back. */
export async function storedFileOf(file: File): Promise<StoredFile> {
  return { name: file.name, type: file.type, bytes: await file.arrayBuffer() };
}
export const fileOf = ({ name, type, bytes }: StoredFile) => new File([bytes], name, { type });

/**
 * How long one try may take before it is given up and tried again later (with the same key, so nothing is made
 * twice). Without it, an answer that never comes (the signal lost in the middle of a request) would hold the queue
 * for good. A proof's upload reports its progress and may take minutes on a weak signal.
 */
export const SEND_TIME_LIMIT_MS = { upload: 300_000, other: 20_000 } as const;

/** Sends one queued write through its call, with its Idempotency-Key, aborted past its time limit. */
export async function sendWrite(write: DriverWrite, idempotencyKey: string): Promise<unknown> {
  const controller = new AbortController();
  const limit = write.kind === 'proof' ? SEND_TIME_LIMIT_MS.upload : SEND_TIME_LIMIT_MS.other;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Given up at the limit whatever the call is waiting for (its CSRF cookie's request takes no signal).
  const givenUp = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new DOMException('No answer in time: it is tried again.', 'AbortError'));
    }, limit);
  });
  try {
    return await Promise.race([sendWithin(write, idempotencyKey, controller.signal), givenUp]);
  } finally {
    clearTimeout(timer);
  }
}

function sendWithin(write: DriverWrite, idempotencyKey: string, signal: AbortSignal): Promise<unknown> {
  switch (write.kind) {
    case 'status':
      return changeMyDeliveryStatus(write.deliveryUuid, write.body, idempotencyKey, signal);
    case 'note':
      return createMyDeliveryNote(write.deliveryUuid, write.body, idempotencyKey, signal);
    case 'proof':
      return uploadMyProof(
        write.deliveryUuid,
        { ...write.proof, file: fileOf(write.file) },
        { idempotencyKey, signal },
      );
    case 'pin':
      return confirmMyHandoverPin(write.deliveryUuid, write.body, idempotencyKey, signal);
    case 'scan':
      return scanMyParcel(write.deliveryUuid, write.body, idempotencyKey, signal);
    case 'availability':
      return updateMyStatus(write.body.driverStatusSlug, idempotencyKey, signal);
    case 'positions':
      return postMyPositions(write.body, idempotencyKey, signal);
  }
}
