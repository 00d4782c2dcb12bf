import type {
  ChangeStatusBody,
  DriverNoteBody,
  HandoverPinBody,
  ParcelScanBody,
  PositionBatchBody,
  ProofTypeSlug,
} from '@courier/contract';

/** A proof's file as kept on the phone: bytes rather than a Blob, which every browser's IndexedDB stores alike. */
export interface StoredFile {
  name: string;
  type: string;
  bytes: ArrayBuffer;
}

/** One write of the driver's, as the queue keeps it until the server has it. */
export type DriverWrite =
  | { kind: 'status'; deliveryUuid: string; body: ChangeStatusBody }
  | { kind: 'note'; deliveryUuid: string; body: DriverNoteBody }
  | {
      kind: 'proof';
      deliveryUuid: string;
      proof: { deliveryStepTaskUuid: string; proofTypeSlug: ProofTypeSlug; proofName: string };
      file: StoredFile;
    }
  | { kind: 'pin'; deliveryUuid: string; body: HandoverPinBody }
  /** A parcel's label read at a stop (issue 34), with the phone's time of reading. */
  | { kind: 'scan'; deliveryUuid: string; body: ParcelScanBody }
  | {
      kind: 'availability';
      body: { driverStatusSlug: 'available' | 'on-break' | 'offline' | 'unavailable' };
    }
  /**
   * A stretch of my track (issue 12), oldest point first, at most POSITIONS.batchMax points. Not about one delivery:
   * the server files each point in every delivery I have under way at its time.
   */
  | { kind: 'positions'; body: PositionBatchBody };

export type WriteKind = DriverWrite['kind'];

/** Why the server refused a write: its status, its message and its field errors (a wrong PIN's, say). */
export interface WriteFailure {
  status: number | null;
  message: string;
  fieldErrors: Record<string, string>;
}

export interface QueuedWrite {
  /** The queue's order: IndexedDB's auto-increment key. */
  id: number;
  /** Sent as Idempotency-Key on every attempt: the server applies the write once however often it arrives. */
  key: string;
  /** Whose write it is: only that user's session sends it. */
  userUuid: string;
  /** What the driver did, in words, for the waiting and failed lists ("Arrived at pickup · Box run"). */
  label: string;
  queuedAt: number;
  /** `waiting` until sent; `failed` once the server refused it, until the driver retries or discards it. */
  state: 'waiting' | 'failed';
  attempts: number;
  /**
   * Set at the first try and kept by a retry (which resets `attempts`): from then on the body under this key may be
   * on the server, so it never changes. Absent on entries kept by releases before it, which were never merged into.
   */
  tried?: true;
  failure: WriteFailure | null;
  write: DriverWrite;
}

export type NewQueuedWrite = Omit<QueuedWrite, 'id'>;
