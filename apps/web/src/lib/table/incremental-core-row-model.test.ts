import {
  createTable,
  getCoreRowModel,
  type ColumnDef,
  type Table,
  type TableOptionsResolved,
} from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { getIncrementalCoreRowModel } from './incremental-core-row-model';

interface Item {
  id: string;
  name: string;
}

const columns: ColumnDef<Item>[] = [{ id: 'name', accessorKey: 'name' }];
const items = (from: number, count: number): Item[] =>
  Array.from({ length: count }, (_, i) => ({ id: `v${from + i}`, name: `Vehicle ${from + i}` }));

function tableOf(data: Item[], rowModel = getIncrementalCoreRowModel<Item>()): Table<Item> {
  const options: TableOptionsResolved<Item> = {
    data,
    columns,
    getRowId: (row) => row.id,
    getCoreRowModel: rowModel,
    manualPagination: true,
    state: {},
    onStateChange: () => undefined,
    renderFallbackValue: null,
  };
  const table = createTable(options);
  table.setOptions((prev) => ({ ...prev, state: table.initialState }));
  return table;
}

const setData = (table: Table<Item>, data: Item[]) => table.setOptions((prev) => ({ ...prev, data }));

describe('the incremental core row model', () => {
  it('gives the rows TanStack gives: ids, indexes, originals, values', () => {
    const data = items(0, 5);
    const ours = tableOf(data).getRowModel();
    const theirs = tableOf(data, getCoreRowModel<Item>()).getRowModel();
    const shape = (rows: typeof ours.rows) =>
      rows.map((r) => [r.id, r.index, r.depth, r.original, r.getValue('name')]);
    expect(shape(ours.rows)).toEqual(shape(theirs.rows));
    expect(shape(ours.flatRows)).toEqual(shape(theirs.flatRows));
    expect(Object.keys(ours.rowsById)).toEqual(Object.keys(theirs.rowsById));
    expect(ours.rowsById.v3).toBe(ours.rows[3]);
  });

  it('keeps the rows of the pages already loaded when the next page is appended', () => {
    const first = items(0, 200);
    const table = tableOf(first);
    const before = table.getRowModel().rows;
    const cellsBefore = before[10]!.getVisibleCells();

    setData(table, [...first, ...items(200, 200)]);
    const after = table.getRowModel().rows;
    expect(after).toHaveLength(400);
    for (let i = 0; i < 200; i++) expect(after[i]).toBe(before[i]);
    expect(after[10]!.getVisibleCells()).toBe(cellsBefore);
    expect(after[399]!.id).toBe('v399');
    expect(after[399]!.index).toBe(399);
    expect(table.getRowModel().rowsById.v250).toBe(after[250]);
  });

  it('makes a new row for an object that changed, and for one that moved', () => {
    const data = items(0, 4);
    const table = tableOf(data);
    const before = table.getRowModel().rows;

    const edited = { ...data[1]!, name: 'Renamed' };
    setData(table, [data[0]!, edited, data[3]!, data[2]!]);
    const after = table.getRowModel().rows;
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]!.getValue('name')).toBe('Renamed');
    // v3 moved from index 3 to 2: a kept row would carry the wrong index.
    expect(after[2]!.id).toBe('v3');
    expect(after[2]!.index).toBe(2);
    expect(after[2]).not.toBe(before[3]);
  });

  it('forgets rows that left the data', () => {
    const data = items(0, 3);
    const table = tableOf(data);
    const first = table.getRowModel().rows[0];
    setData(table, [data[1]!]);
    expect(Object.keys(table.getRowModel().rowsById)).toEqual(['v1']);
    setData(table, data);
    expect(table.getRowModel().rows[0]).not.toBe(first);
  });
});
