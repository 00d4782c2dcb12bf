import { ADDRESS_CSV_COLUMNS, type ImportBody } from '@courier/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors';
import { IMPORT_CELL_MAX_CHARS, planImport } from './chunk-rows';
import { parseCsv, toCsv } from './parse-csv';
import { ROW_ERROR_KEY, runImport } from './run-import';

const header = 'label,line1,city,postcode,countryCode';
const line = (i: number) => `Shop ${i},${i} High St,London,N1 ${i}AA,GB`;

describe('parseCsv', () => {
  it('numbers rows as the file does: header is row 1, first data row is row 2', () => {
    const { records } = parseCsv([header, line(1), line(2)].join('\n'), ADDRESS_CSV_COLUMNS);
    expect(records.map((r) => r.row)).toEqual([2, 3]);
    expect(records[0]?.values).toEqual({
      label: 'Shop 1',
      line1: '1 High St',
      city: 'London',
      postcode: 'N1 1AA',
      countryCode: 'GB',
    });
  });

  it('drops blank rows but keeps the numbering of the rows after them', () => {
    const text = [header, line(1), '', ',,,,', line(4), ''].join('\r\n');
    expect(parseCsv(text, ADDRESS_CSV_COLUMNS).records.map((r) => r.row)).toEqual([2, 5]);
  });

  it('matches header names loosely, reports missing and ignored columns, strips a BOM', () => {
    const parsed = parseCsv('\uFEFFLine 1,CITY,post_code,Colour\nA,B,C,red', ADDRESS_CSV_COLUMNS);
    expect(parsed.records[0]?.values).toEqual({ line1: 'A', city: 'B', postcode: 'C' });
    expect(parsed.ignoredColumns).toEqual(['Colour']);
    expect(parsed.missingColumns).toContain('countryCode');
    expect(parsed.missingColumns).not.toContain('line1');
  });

  it('reads quoted fields with commas and line breaks as one row', () => {
    const text = `${header}\n"Shop, ""A""","1 High St\nBack door",London,N1,GB\n${line(9)}`;
    const { records } = parseCsv(text, ADDRESS_CSV_COLUMNS);
    expect(records[0]?.values.label).toBe('Shop, "A"');
    expect(records[0]?.values.line1).toBe('1 High St\nBack door');
    expect(records.map((r) => r.row)).toEqual([2, 3]);
  });

  it('writes a template that reads back the same', () => {
    const csv = toCsv(ADDRESS_CSV_COLUMNS, [{ line1: '1, Main St', city: 'Leeds' }]);
    expect(csv.split('\r\n')[0]).toBe(ADDRESS_CSV_COLUMNS.join(','));
    expect(parseCsv(csv, ADDRESS_CSV_COLUMNS).records[0]?.values).toMatchObject({
      line1: '1, Main St',
      city: 'Leeds',
      label: '',
    });
  });
});

describe('planImport', () => {
  const records = (rows: number[]) => rows.map((row) => ({ row, values: { line1: `row ${row}` } }));

  it('cuts 250 consecutive rows into chunks of at most 100 with the right first row numbers', () => {
    const plan = planImport(records(Array.from({ length: 250 }, (_, i) => i + 2)));
    expect(plan.chunks.map((c) => [c.firstRowNumber, c.rows.length])).toEqual([
      [2, 100],
      [102, 100],
      [202, 50],
    ]);
    expect(plan.rowCount).toBe(250);
    expect(plan.chunks[1]?.rows[0]).toEqual({ line1: 'row 102' });
  });

  it('starts a new chunk after a gap so each row keeps its number', () => {
    const plan = planImport(records([2, 3, 5, 6, 7]), 100);
    expect(plan.chunks.map((c) => [c.firstRowNumber, c.rows.length])).toEqual([
      [2, 2],
      [5, 3],
    ]);
  });

  it('reports a row with an overlong cell without sending it', () => {
    const long = 'x'.repeat(IMPORT_CELL_MAX_CHARS + 1);
    const plan = planImport([
      { row: 2, values: { line1: 'a' } },
      { row: 3, values: { line1: long, city: 'ok' } },
      { row: 4, values: { line1: 'b' } },
    ]);
    expect(plan.rejected).toEqual([
      { row: 3, errors: { line1: [expect.stringContaining('1000') as string] } },
    ]);
    expect(plan.chunks.map((c) => c.firstRowNumber)).toEqual([2, 4]);
    expect(plan.rowCount).toBe(2);
  });
});

describe('runImport', () => {
  const chunk = (firstRowNumber: number, n: number): ImportBody => ({
    firstRowNumber,
    rows: Array.from({ length: n }, () => ({ line1: 'x' })),
  });

  it('adds up the answers, reports progress after each chunk and sorts failures by row', async () => {
    const progress = vi.fn();
    const send = vi
      .fn()
      .mockResolvedValueOnce({ created: 99, failed: [{ row: 40, errors: { city: ['City is required'] } }] })
      .mockResolvedValueOnce({
        created: 9,
        failed: [{ row: 103, errors: { postcode: ['Postcode is required'] } }],
      });
    const result = await runImport({
      chunks: [chunk(2, 100), chunk(102, 10)],
      rejected: [{ row: 101, errors: { line1: ['too long'] } }],
      send,
      onProgress: progress,
    });
    expect(result.created).toBe(108);
    expect(result.failed.map((f) => f.row)).toEqual([40, 101, 103]);
    expect(progress).toHaveBeenLastCalledWith({ sentRows: 110, totalRows: 110, created: 108, failed: 3 });
    expect(progress).toHaveBeenCalledTimes(3);
  });

  it('reports every row of a chunk that failed as a whole, then goes on', async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(new ApiError({ kind: 'server', statusCode: 500, message: 'Boom', data: null }))
      .mockResolvedValueOnce({ created: 1, failed: [] });
    const result = await runImport({ chunks: [chunk(2, 2), chunk(4, 1)], send });
    expect(result.created).toBe(1);
    expect(result.failed).toEqual([
      { row: 2, errors: { [ROW_ERROR_KEY]: ['Not imported: Boom'] } },
      { row: 3, errors: { [ROW_ERROR_KEY]: ['Not imported: Boom'] } },
    ]);
  });

  it('stops on an answer no later chunk can get past', async () => {
    const forbidden = new ApiError({ kind: 'server', statusCode: 403, message: 'Forbidden', data: null });
    const send = vi.fn().mockRejectedValue(forbidden);
    await expect(runImport({ chunks: [chunk(2, 1), chunk(3, 1)], send })).rejects.toBe(forbidden);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('stops before the next chunk once cancelled', async () => {
    const controller = new AbortController();
    const send = vi.fn(() => {
      controller.abort();
      return Promise.resolve({ created: 1, failed: [] });
    });
    const result = await runImport({ chunks: [chunk(2, 1), chunk(3, 1)], send, signal: controller.signal });
    expect(result).toEqual({ created: 1, failed: [], cancelled: true });
    expect(send).toHaveBeenCalledTimes(1);
  });
});
