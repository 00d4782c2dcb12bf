import type { ImportBody, ImportResult } from '@courier/contract';
import type { CsvRecord } from './parse-csv';

/** Rows per request: small enough for a steady progress bar, well under the API's limit of 500. */
export const IMPORT_CHUNK_ROWS = 100;
/** The API refuses a cell longer than this (ImportBodySchema); such a row is reported without being sent. */
export const IMPORT_CELL_MAX_CHARS = 1000;

export type ImportFailure = ImportResult['failed'][number];

export interface ImportPlan {
  chunks: ImportBody[];
  /** Rows refused before sending. */
  rejected: ImportFailure[];
  /** Rows to send, over all chunks. */
  rowCount: number;
}

/**
 * Cuts the records into request bodies. The server numbers a chunk's rows from `firstRowNumber` on, so a chunk
 * only holds consecutive rows: a blank or refused row between two rows starts a new chunk.
 */
export function planImport(records: CsvRecord[], maxRows = IMPORT_CHUNK_ROWS): ImportPlan {
  const chunks: ImportBody[] = [];
  const rejected: ImportFailure[] = [];
  let current: ImportBody | null = null;
  let nextRow = -1;
  let rowCount = 0;
  for (const record of records) {
    const tooLong = Object.entries(record.values).filter(([, value]) => value.length > IMPORT_CELL_MAX_CHARS);
    if (tooLong.length > 0) {
      rejected.push({
        row: record.row,
        errors: Object.fromEntries(
          tooLong.map(([column]) => [column, [`Longer than ${IMPORT_CELL_MAX_CHARS} characters`]]),
        ),
      });
      current = null;
      continue;
    }
    if (current === null || record.row !== nextRow || current.rows.length >= maxRows) {
      current = { firstRowNumber: record.row, rows: [] };
      chunks.push(current);
    }
    current.rows.push(record.values);
    nextRow = record.row + 1;
    rowCount += 1;
  }
  return { chunks, rejected, rowCount };
}

/** The items cut into consecutive chunks of at most `size`, in order. */
export function inChunks<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`A chunk holds at least one item, not ${size}.`);
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
