import type { ChangeStatusBody, DriverNoteBody, ParcelScanBody } from '@courier/contract';
import { useMutation } from '@tanstack/react-query';
import { nextStatusLabel } from '../../../lib/delivery-format';
import type { MyProofUpload } from '../api/upload-my-proof';
import type { SelfStatus } from '../api/update-my-status';
import { storedFileOf } from './send-write';
import { useEnqueue } from './use-write-queue';

/**
 * The driver's writes, each through the queue (decision 021): kept on the phone first, then sent in order. The
 * mutation ends once the write is kept; the screens show it at once from the queue, and what the server answers
 * later (a confirmation, or a refusal with its reason) comes from the queue's runner. `networkMode: 'always'`:
 * keeping a write needs no network.
 */
/** The delivery a write is about, named in the queue's lists. */
interface Target {
  uuid: string;
  name: string;
}

export function useChangeMyDeliveryStatus(delivery: Target) {
  const enqueue = useEnqueue();
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: ChangeStatusBody) =>
      enqueue(`${nextStatusLabel(body.statusSlug)} · ${delivery.name}`, {
        kind: 'status',
        deliveryUuid: delivery.uuid,
        body,
      }),
  });
}

export function useCreateMyDeliveryNote(delivery: Target) {
  const enqueue = useEnqueue();
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: DriverNoteBody) =>
      enqueue(`${body.parent_note_uuid ? 'Reply to a note' : 'Note'} · ${delivery.name}`, {
        kind: 'note',
        deliveryUuid: delivery.uuid,
        body,
      }),
  });
}

export function useUploadMyProof(delivery: Target) {
  const enqueue = useEnqueue();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ file, ...proof }: MyProofUpload) =>
      enqueue(`${proof.proofTypeSlug === 'signature' ? 'Signature' : 'Photo'} · ${delivery.name}`, {
        kind: 'proof',
        deliveryUuid: delivery.uuid,
        proof,
        file: await storedFileOf(file),
      }),
  });
}

/** A parcel's label read at a stop: kept with the phone's time of reading, sent when there is a network. */
export function useScanMyParcel(delivery: Target) {
  const enqueue = useEnqueue();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ parcelName, ...body }: ParcelScanBody & { parcelName: string }) =>
      enqueue(`Scan: ${parcelName} · ${delivery.name}`, { kind: 'scan', deliveryUuid: delivery.uuid, body }),
  });
}

export function useUpdateMyStatus(labelOf: (slug: string) => string) {
  const enqueue = useEnqueue();
  return useMutation({
    networkMode: 'always',
    mutationFn: (driverStatusSlug: SelfStatus) =>
      enqueue(`Availability: ${labelOf(driverStatusSlug)}`, {
        kind: 'availability',
        body: { driverStatusSlug },
      }),
  });
}
