import type { DeliveryBatchItem, DeliveryBatchResult } from '@courier/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../lib/errors';
import { readCsvTable } from '../../../../lib/csv-import/read-table';
import { fieldOf, type OrderFieldId } from './order-fields';
import {
  failedRowsCsv,
  outcomeOfAnswer,
  reportCsv,
  runOrderImport,
  type OrderOutcome,
} from './order-outcomes';
import type { PreparedOrder } from './order-rows';

const UUID = '0b5c6a52-7f0a-4d47-9a42-3c0a8a3c2f11';
const columnOf = (field: OrderFieldId | null) => (field ? fieldOf(field).label : 'Whole row');
const order = (
  row: number,
  externalId = `A-${row}`,
  problems: PreparedOrder['problems'] = [],
): PreparedOrder => ({
  row,
  cells: [externalId, `${row} High St`],
  externalId,
  item: { name: `Order ${externalId}`, steps: [] },
  problems,
});
const created = (index: number): DeliveryBatchItem => ({
  index,
  status: 'created',
  uuid: UUID,
  externalId: null,
  trackingCode: `TRK${index}`,
});
const answer = (items: DeliveryBatchItem[]): DeliveryBatchResult => ({
  created: items.filter((i) => i.status === 'created').length,
  failed: items.filter((i) => i.status === 'failed').length,
  items,
});

describe('outcomeOfAnswer', () => {
  it('says plainly that an order number is taken, with the delivery that has it', () => {
    const outcome = outcomeOfAnswer(
      order(5, 'ABC-1'),
      {
        index: 0,
        status: 'failed',
        statusCode: 409,
        message: `A delivery with the external id "ABC-1" exists already: ${UUID}.`,
        errors: { externalId: ['taken'] },
      },
      columnOf,
    );
    expect(outcome).toEqual({
      row: 5,
      externalId: 'ABC-1',
      status: 'failed',
      problems: [
        {
          column: 'Order number',
          message: 'Order ABC-1 exists already: leave this row out, or give it a new order number.',
        },
      ],
      existingUuid: UUID,
    });
  });

  it("puts a 422's field errors on their columns, a message without fields on the whole row", () => {
    const refused = (errors?: Record<string, string[]>): DeliveryBatchItem => ({
      index: 0,
      status: 'failed',
      statusCode: 422,
      message: 'Postcode is required (and 1 more error)',
      ...(errors ? { errors } : {}),
    });
    const withFields = outcomeOfAnswer(
      order(2),
      refused({
        'steps.1.address.postcode': ['Postcode is required', 'Postcode is required'],
        vehicleUuid: ['No'],
      }),
      columnOf,
    );
    expect(withFields.status === 'failed' && withFields.problems).toEqual([
      { column: 'Dropoff postcode', message: 'Postcode is required' },
      { column: 'Whole row', message: 'No' },
    ]);
    const bare = outcomeOfAnswer(order(2), refused(), columnOf);
    expect(bare.status === 'failed' && bare.problems).toEqual([
      { column: 'Whole row', message: 'Postcode is required (and 1 more error)' },
    ]);
  });
});

describe('runOrderImport', () => {
  it('sends the good rows in chunks, reports progress, and tells every row by its number', async () => {
    const progress = vi.fn();
    const send = vi
      .fn()
      .mockResolvedValueOnce(answer([created(0), created(1)]))
      .mockResolvedValueOnce(
        answer([{ index: 0, status: 'failed', statusCode: 500, message: 'Server Error: send it again.' }]),
      );
    const orders = [
      order(2),
      order(3, 'A-3', [{ field: 'dropoffCity', message: 'City is required' }]),
      order(4),
      order(6),
    ];
    const { outcomes, cancelled } = await runOrderImport({
      orders,
      send,
      columnOf,
      onProgress: progress,
      chunkSize: 2,
    });
    expect(cancelled).toBe(false);
    expect(send).toHaveBeenCalledTimes(2);
    expect((send.mock.calls[0]?.[0] as unknown[]).length).toBe(2);
    expect(outcomes.map((o) => [o.row, o.status])).toEqual([
      [2, 'created'],
      [3, 'failed'],
      [4, 'created'],
      [6, 'failed'],
    ]);
    expect(outcomes[1]).toMatchObject({
      problems: [{ column: 'Dropoff city', message: 'City is required' }],
    });
    expect(progress).toHaveBeenNthCalledWith(1, { sentRows: 0, totalRows: 3, created: 0, failed: 1 });
    expect(progress).toHaveBeenLastCalledWith({ sentRows: 3, totalRows: 3, created: 2, failed: 2 });
  });

  it('marks the rows of a request that failed as a whole, and goes on', async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError({ kind: 'network', statusCode: null, message: 'Offline', data: null }),
      )
      .mockResolvedValueOnce(answer([created(0)]));
    const { outcomes } = await runOrderImport({ orders: [order(2), order(3)], send, columnOf, chunkSize: 1 });
    expect(outcomes[0]).toMatchObject({
      status: 'failed',
      problems: [{ column: 'Whole row', message: 'Not imported: Offline. Import this row again.' }],
    });
    expect(outcomes[1]?.status).toBe('created');
  });

  it('stops on a fatal answer', async () => {
    const forbidden = new ApiError({ kind: 'server', statusCode: 403, message: 'Forbidden', data: null });
    const send = vi.fn().mockRejectedValue(forbidden);
    await expect(runOrderImport({ orders: [order(2), order(3)], send, columnOf, chunkSize: 1 })).rejects.toBe(
      forbidden,
    );
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('once stopped, lists the rows not sent so they can be imported again', async () => {
    const controller = new AbortController();
    const send = vi.fn(() => {
      controller.abort();
      return Promise.resolve(answer([created(0)]));
    });
    const result = await runOrderImport({
      orders: [order(2), order(3)],
      send,
      columnOf,
      chunkSize: 1,
      signal: controller.signal,
    });
    expect(result.cancelled).toBe(true);
    expect(result.outcomes.map((o) => [o.row, o.status])).toEqual([
      [2, 'created'],
      [3, 'failed'],
    ]);
    expect(result.outcomes[1]).toMatchObject({
      problems: [{ message: expect.stringMatching(/^Not sent/) as string }],
    });
  });
});

describe('the downloads', () => {
  const outcomes: OrderOutcome[] = [
    { row: 2, externalId: 'A-2', status: 'created', uuid: UUID, trackingCode: 'TRK1' },
    {
      row: 3,
      externalId: 'A-3',
      status: 'failed',
      problems: [
        { column: 'City', message: 'City is required' },
        { column: 'Whole row', message: 'Boom' },
      ],
    },
  ];

  it('gives the failed rows as the file had them, with their problems in a last column', () => {
    const csv = failedRowsCsv(['Order', 'Street'], [order(2), order(3)], outcomes);
    expect(readCsvTable(csv)).toEqual({
      header: ['Order', 'Street', 'Import problem'],
      rows: [{ row: 2, cells: ['A-3', '3 High St', 'City: City is required Whole row: Boom'] }],
    });
    // Fixed and imported again, the same file gets its problems written over, not a second column.
    const again = failedRowsCsv(['Order', 'Import problem', 'Street'], [order(3)], outcomes);
    expect(readCsvTable(again).header).toEqual(['Order', 'Import problem', 'Street']);
    expect(readCsvTable(again).rows[0]?.cells).toEqual(['A-3', 'City: City is required Whole row: Boom', '']);
  });

  it('reports every row with its result and tracking code', () => {
    expect(readCsvTable(reportCsv(outcomes)).rows.map((r) => r.cells)).toEqual([
      ['2', 'A-2', 'Created', 'TRK1', ''],
      ['3', 'A-3', 'Not imported', '', 'City: City is required Whole row: Boom'],
    ]);
  });
});
