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

/** Sends one queued write through its call, with its Idempotency-Key. */
export function sendWrite(write: DriverWrite, idempotencyKey: string): Promise<unknown> {
  switch (write.kind) {
    case 'status':
      return changeMyDeliveryStatus(write.deliveryUuid, write.body, idempotencyKey);
    case 'note':
      return createMyDeliveryNote(write.deliveryUuid, write.body, idempotencyKey);
    case 'proof':
      return uploadMyProof(
        write.deliveryUuid,
        { ...write.proof, file: fileOf(write.file) },
        { idempotencyKey },
      );
    case 'pin':
      return confirmMyHandoverPin(write.deliveryUuid, write.body, idempotencyKey);
    case 'scan':
      return scanMyParcel(write.deliveryUuid, write.body, idempotencyKey);
    case 'availability':
      return updateMyStatus(write.body.driverStatusSlug, idempotencyKey);
    case 'positions':
      return postMyPositions(write.body, idempotencyKey);
  }
}
