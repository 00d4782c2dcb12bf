import type { ImportBody, ImportResult } from '@courier/contract';
import { isApiError } from '../errors';
import type { ImportFailure } from './chunk-rows';

/** The key under which a whole row's problem (rather than one column's) is reported. */
export const ROW_ERROR_KEY = 'row';

export interface ImportProgress {
  sentRows: number;
  totalRows: number;
  created: number;
  failed: number;
}

/** Answers that mean no later chunk can succeed either: signed out, not allowed, company gone. */
const FATAL_STATUSES = new Set([401, 403, 404, 419]);

/** What became of one chunk: the server's answer, or why it failed as a whole (a network error, a 5xx). */
export type ChunkOutcome<Chunk, Answer> = { chunk: Chunk; answer: Answer } | { chunk: Chunk; error: string };

/**
 * Sends the chunks one after another and hands each outcome to `onOutcome`. A chunk that fails as a whole is an
 * outcome with its error and the run goes on; a fatal answer stops it (rejects). Aborting stops after the chunk
 * under way.
 */
export async function runChunks<Chunk, Answer>({
  chunks,
  send,
  onOutcome,
  signal,
}: {
  chunks: readonly Chunk[];
  send: (chunk: Chunk, signal?: AbortSignal) => Promise<Answer>;
  onOutcome: (outcome: ChunkOutcome<Chunk, Answer>) => void;
  signal?: AbortSignal | undefined;
}): Promise<{ cancelled: boolean }> {
  for (const chunk of chunks) {
    if (signal?.aborted) return { cancelled: true };
    let outcome: ChunkOutcome<Chunk, Answer>;
    try {
      outcome = { chunk, answer: await send(chunk, signal) };
    } catch (error) {
      if (signal?.aborted) return { cancelled: true };
      if (isApiError(error) && error.statusCode !== null && FATAL_STATUSES.has(error.statusCode)) throw error;
      outcome = { chunk, error: error instanceof Error ? error.message : 'The rows could not be sent.' };
    }
    onOutcome(outcome);
  }
  return { cancelled: false };
}

/**
 * Sends the chunks one after another and adds up the answers. A chunk that fails as a whole (a network error, a
 * 5xx) reports each of its rows as not imported and the import goes on; a fatal answer stops it. Aborting stops
 * after the chunk under way.
 */
export async function runImport({
  chunks,
  rejected = [],
  send,
  onProgress,
  signal,
}: {
  chunks: ImportBody[];
  rejected?: ImportFailure[];
  send: (chunk: ImportBody, signal?: AbortSignal) => Promise<ImportResult>;
  onProgress?: (progress: ImportProgress) => void;
  signal?: AbortSignal;
}): Promise<ImportResult & { cancelled: boolean }> {
  const totalRows = chunks.reduce((sum, chunk) => sum + chunk.rows.length, 0);
  const failed: ImportFailure[] = [...rejected];
  let created = 0;
  let sentRows = 0;
  const report = () => onProgress?.({ sentRows, totalRows, created, failed: failed.length });
  report();
  const { cancelled } = await runChunks({
    chunks,
    send,
    signal,
    onOutcome: (outcome) => {
      if ('answer' in outcome) {
        created += outcome.answer.created;
        failed.push(...outcome.answer.failed);
      } else {
        outcome.chunk.rows.forEach((_, i) => {
          failed.push({
            row: outcome.chunk.firstRowNumber + i,
            errors: { [ROW_ERROR_KEY]: [`Not imported: ${outcome.error}`] },
          });
        });
      }
      sentRows += outcome.chunk.rows.length;
      report();
    },
  });
  return { created, failed: sortByRow(failed), cancelled };
}

function sortByRow(failures: ImportFailure[]): ImportFailure[] {
  return [...failures].sort((a, b) => a.row - b.row);
}
