import {
  createRow,
  getMemoOptions,
  memo,
  type Row,
  type RowData,
  type RowModel,
  type Table,
} from '@tanstack/react-table';

/**
 * TanStack Table's core row model for a list that grows page by page: a row whose object is the same at the same
 * place as in the last model is kept instead of made again (`getCoreRowModel` makes every row again whenever the
 * data array changes). Appending 200 vehicles to 9,800 makes 200 rows, not 10,000, and the rows in view keep their
 * identity, so a memoised row does not render again when a page arrives (decision 046).
 *
 * Flat lists only (no `getSubRows`). A kept row keeps its cached values, which is right as long as a column's
 * accessor for an id does not change while the data stays the same; new objects (a refetch, an edited row) get new
 * rows.
 */
export function getIncrementalCoreRowModel<TData extends RowData>(): (
  table: Table<TData>,
) => () => RowModel<TData> {
  return (table) => {
    let previous: { data: readonly TData[]; rows: Row<TData>[]; rowsById: Record<string, Row<TData>> } = {
      data: [],
      rows: [],
      rowsById: {},
    };
    return memo(
      () => [table.options.data],
      (data) => {
        const rows = new Array<Row<TData>>(data.length);
        // The usual change is a page appended: the rows and the id index of the pages before are all kept, and
        // only the new rows are made and indexed (the old index is extended, as nothing else reads it).
        const appended =
          previous.data.length <= data.length && previous.data.every((original, i) => data[i] === original);
        const rowsById: Record<string, Row<TData>> = appended ? previous.rowsById : {};
        let i = 0;
        if (appended) for (; i < previous.data.length; i++) rows[i] = previous.rows[i]!;
        for (; i < data.length; i++) {
          const original = data[i]!;
          const id = table._getRowId(original, i);
          const kept = appended ? undefined : previous.rowsById[id];
          const row =
            kept && kept.original === original && kept.index === i
              ? kept
              : createRow(table, id, original, i, 0);
          rows[i] = row;
          rowsById[id] = row;
        }
        previous = { data, rows, rowsById };
        return { rows, flatRows: rows, rowsById };
      },
      getMemoOptions(table.options, 'debugTable', 'getRowModel', () => table._autoResetPageIndex()),
    );
  };
}
