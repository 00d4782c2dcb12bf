import type { RecipientInstructions } from '@courier/contract';

/**
 * The recipient's instructions for a stop as every reader gets them (the tracking page, the driver's stop, the
 * delivery page): null when there is no row, or when all of it was left empty (an emptied form clears them).
 */
export function presentInstructions(
  row:
    | { doorCode: string; safePlace: string; callOnArrival: boolean; note: string; updatedAt: Date }
    | null
    | undefined,
): RecipientInstructions | null {
  if (!row || (!row.doorCode && !row.safePlace && !row.note && !row.callOnArrival)) return null;
  return {
    doorCode: row.doorCode,
    safePlace: row.safePlace,
    callOnArrival: row.callOnArrival,
    note: row.note,
    updatedAt: row.updatedAt.toISOString(),
  };
}
