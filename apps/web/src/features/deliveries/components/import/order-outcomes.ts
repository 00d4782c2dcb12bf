import {
  DELIVERY_BATCH_MAX,
  type CreateDeliveryBody,
  type DeliveryBatchItem,
  type DeliveryBatchResult,
} from '@courier/contract';
import { inChunks } from '../../../../lib/csv-import/chunk-rows';
import { cellsToCsv, toCsv } from '../../../../lib/csv-import/parse-csv';
import { runChunks } from '../../../../lib/csv-import/run-import';
import type { OrderFieldId } from './order-fields';
import { fieldOfErrorKey, type PreparedOrder } from './order-rows';

/** Deliveries a request carries: well under the API's limit, so the progress bar moves on a large file. */
export const ORDER_CHUNK_SIZE = Math.min(200, DELIVERY_BATCH_MAX);

export interface ReportProblem {
  /** The file's column (or "Whole row"). */
  column: string;
  message: string;
}

/** What became of one row of the file. */
export type OrderOutcome =
  | { row: number; externalId: string; status: 'created'; uuid: string; trackingCode: string }
  | {
      row: number;
      externalId: string;
      status: 'failed';
      problems: ReportProblem[];
      /** Refused because its order number is taken: the delivery that has it. */
      existingUuid?: string | undefined;
    };

/** The column a field's problem is shown on (`problemColumn` bound to the file's mapping). */
export type ColumnOf = (field: OrderFieldId | null) => string;

export interface OrderImportProgress {
  sentRows: number;
  totalRows: number;
  created: number;
  failed: number;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

const failed = (order: PreparedOrder, problems: ReportProblem[], existingUuid?: string): OrderOutcome => ({
  row: order.row,
  externalId: order.externalId,
  status: 'failed',
  problems,
  existingUuid,
});

/** A row refused before sending, for the problems found in it. */
export const refusedHere = (order: PreparedOrder, columnOf: ColumnOf): OrderOutcome =>
  failed(
    order,
    order.problems.map((p) => ({ column: columnOf(p.field), message: p.message })),
  );

/** A row not sent, for a reason that is not its own (its request failed, the import was stopped). */
export const notSent = (order: PreparedOrder, message: string): OrderOutcome =>
  failed(order, [{ column: 'Whole row', message }]);

/**
 * A row as the server answered it: created, or refused with its reasons on the file's columns. An order number taken
 * already (409) is said plainly, with the delivery that has it.
 */
export function outcomeOfAnswer(
  order: PreparedOrder,
  answer: DeliveryBatchItem | undefined,
  columnOf: ColumnOf,
): OrderOutcome {
  if (!answer) return notSent(order, 'The server did not answer for this row. Import it again.');
  if (answer.status === 'created') {
    return {
      row: order.row,
      externalId: order.externalId,
      status: 'created',
      uuid: answer.uuid,
      trackingCode: answer.trackingCode,
    };
  }
  if (answer.statusCode === 409 && order.externalId) {
    return failed(
      order,
      [
        {
          column: columnOf('externalId'),
          message: `Order ${order.externalId} exists already: leave this row out, or give it a new order number.`,
        },
      ],
      UUID.exec(answer.message)?.[0],
    );
  }
  const problems = Object.entries(answer.errors ?? {}).flatMap(([key, messages]) =>
    [...new Set(messages)].map((message) => ({ column: columnOf(fieldOfErrorKey(key)), message })),
  );
  return failed(order, problems.length > 0 ? problems : [{ column: 'Whole row', message: answer.message }]);
}

/**
 * Sends the rows without problems in chunks, one request after another, and tells what became of every row: the
 * rows refused here, the server's answer for each row sent, and the rows left when the import is stopped. A request
 * that fails as a whole marks its rows not imported and the import goes on; a fatal answer (signed out, not
 * allowed) rejects.
 */
export async function runOrderImport({
  orders,
  send,
  columnOf,
  onProgress,
  signal,
  chunkSize = ORDER_CHUNK_SIZE,
}: {
  orders: readonly PreparedOrder[];
  send: (items: CreateDeliveryBody[], signal?: AbortSignal) => Promise<DeliveryBatchResult>;
  columnOf: ColumnOf;
  onProgress?: (progress: OrderImportProgress) => void;
  signal?: AbortSignal | undefined;
  chunkSize?: number;
}): Promise<{ outcomes: OrderOutcome[]; cancelled: boolean }> {
  const ready = orders.filter((order) => order.problems.length === 0);
  const outcomes = orders.filter((order) => order.problems.length > 0).map((o) => refusedHere(o, columnOf));
  const done = new Set<number>();
  let sentRows = 0;
  let created = 0;
  const report = () =>
    onProgress?.({ sentRows, totalRows: ready.length, created, failed: outcomes.length - created });
  report();
  const { cancelled } = await runChunks({
    chunks: inChunks(ready, chunkSize),
    send: (chunk, chunkSignal) =>
      send(
        chunk.map((order) => order.item),
        chunkSignal,
      ),
    signal,
    onOutcome: (outcome) => {
      const answers = 'answer' in outcome ? new Map(outcome.answer.items.map((a) => [a.index, a])) : null;
      outcome.chunk.forEach((order, index) => {
        const result =
          'answer' in outcome
            ? outcomeOfAnswer(order, answers?.get(index), columnOf)
            : notSent(order, `Not imported: ${outcome.error.replace(/\.?$/, '.')} Import this row again.`);
        if (result.status === 'created') created += 1;
        outcomes.push(result);
        done.add(order.row);
      });
      sentRows += outcome.chunk.length;
      report();
    },
  });
  for (const order of ready) {
    if (!done.has(order.row))
      outcomes.push(notSent(order, 'Not sent: the import was stopped before this row. Import it again.'));
  }
  return { outcomes: outcomes.sort((a, b) => a.row - b.row), cancelled };
}

const PROBLEM_COLUMN = 'Import problem';

const problemText = (outcome: OrderOutcome) =>
  outcome.status === 'failed' ? outcome.problems.map((p) => `${p.column}: ${p.message}`).join(' ') : '';

/**
 * The rows not imported, as the file had them, with their problems in a last column: fixed and chosen again, the
 * file imports only them. A file that already has that column (a second round) gets it overwritten.
 */
export function failedRowsCsv(
  header: readonly string[],
  orders: readonly PreparedOrder[],
  outcomes: readonly OrderOutcome[],
): string {
  const existing = header.indexOf(PROBLEM_COLUMN);
  const at = existing === -1 ? header.length : existing;
  const width = Math.max(header.length, at + 1);
  const line = (cells: readonly string[], problem: string) => {
    const row = Array.from({ length: width }, (_, i) => cells[i] ?? '');
    row[at] = problem;
    return row;
  };
  const byRow = new Map(orders.map((order) => [order.row, order]));
  const rows = outcomes
    .filter((outcome) => outcome.status === 'failed')
    .map((outcome) => line(byRow.get(outcome.row)?.cells ?? [], problemText(outcome)));
  return cellsToCsv([line(header, PROBLEM_COLUMN), ...rows]);
}

/** Every row's result: its number in the file, order number, created (with the tracking code) or why not. */
export function reportCsv(outcomes: readonly OrderOutcome[]): string {
  const columns = ['Row', 'Order number', 'Result', 'Tracking code', 'Problem'];
  return toCsv(
    columns,
    outcomes.map((outcome) => ({
      Row: String(outcome.row),
      'Order number': outcome.externalId,
      Result: outcome.status === 'created' ? 'Created' : 'Not imported',
      'Tracking code': outcome.status === 'created' ? outcome.trackingCode : '',
      Problem: problemText(outcome),
    })),
  );
}
