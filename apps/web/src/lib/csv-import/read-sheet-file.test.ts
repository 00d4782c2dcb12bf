import { describe, expect, it } from 'vitest';
import { makeXlsx } from '../../testing/make-xlsx';
import { inChunks } from './chunk-rows';
import { cellsToCsv } from './parse-csv';
import { cellText, readSheetFile, SheetFileError } from './read-sheet-file';
import { readCsvTable } from './read-table';

const MAX = 1024 * 1024;
const csvFile = (text: string, name = 'orders.csv') => new File([text], name, { type: 'text/csv' });

describe('readCsvTable', () => {
  it('keeps the header and numbers the rows as the file does, semicolons too', () => {
    const table = readCsvTable('Order;City\nA-1;Leeds\n;\nA-2;York\n');
    expect(table.header).toEqual(['Order', 'City']);
    expect(table.rows).toEqual([
      { row: 2, cells: ['A-1', 'Leeds'] },
      { row: 4, cells: ['A-2', 'York'] },
    ]);
  });
});

describe('readSheetFile', () => {
  it('reads a CSV file', async () => {
    const table = await readSheetFile(csvFile('\uFEFFOrder,City\nA-1,Leeds'), { maxBytes: MAX });
    expect(table).toEqual({ header: ['Order', 'City'], rows: [{ row: 2, cells: ['A-1', 'Leeds'] }] });
  });

  it('reads the first sheet of a workbook: text, numbers and dates as text, blank rows keeping their number', async () => {
    const file = makeXlsx('orders.xlsx', [
      ['Order', 'Quantity', 'Window start', 'Day'],
      ['A-1', 2, new Date(Date.UTC(2026, 10, 21, 14, 30)), new Date(Date.UTC(2026, 10, 21))],
      [null, null, null, null],
      ['A-2', 1.5, null, null],
    ]);
    const table = await readSheetFile(file, { maxBytes: MAX });
    expect(table.header).toEqual(['Order', 'Quantity', 'Window start', 'Day']);
    expect(table.rows).toEqual([
      { row: 2, cells: ['A-1', '2', '2026-11-21 14:30', '2026-11-21'] },
      { row: 4, cells: ['A-2', '1.5', '', ''] },
    ]);
  });

  it.each([
    ['orders.pdf', 'x', /Choose a CSV file \(\.csv\) or an Excel workbook \(\.xlsx\)/],
    ['orders.xls', 'x', /Old Excel files \(\.xls\) cannot be read/],
    ['orders.csv', '', /The file is empty/],
    ['orders.csv', 'Order,City\n\n', /no rows under its header row/],
    ['orders.csv', '\n\nA-1,Leeds', /The first row must name the columns/],
    ['orders.xlsx', 'not a zip', /could not be read as an Excel workbook/],
  ])('refuses %s holding %j and says what to do', async (name, text, message) => {
    const error = await readSheetFile(csvFile(text, name), { maxBytes: MAX }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SheetFileError);
    expect((error as Error).message).toMatch(message);
  });

  it('refuses a file over the size limit before reading it', async () => {
    const error = await readSheetFile(csvFile('x'.repeat(MAX + 1)), { maxBytes: MAX }).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toBe('The file is larger than 1 MB. Split it into smaller files.');
  });
});

describe('small helpers', () => {
  it('writes cells as text', () => {
    expect([null, undefined, true, 3, 'x', new Date(Number.NaN)].map(cellText)).toEqual([
      '',
      '',
      'TRUE',
      '3',
      'x',
      '',
    ]);
  });

  it('cuts items into chunks in order', () => {
    expect(inChunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(inChunks([], 2)).toEqual([]);
    expect(() => inChunks([1], 0)).toThrow(RangeError);
  });

  it('writes rows of cells with repeated header names as they are', () => {
    expect(
      cellsToCsv([
        ['Name', 'Name'],
        ['a, b', 'c'],
      ]),
    ).toBe('Name,Name\r\n"a, b",c');
  });
});
