import type { Vehicle } from '@courier/contract';
import { Center, Loader, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import {
  flexRender,
  useReactTable,
  type TableOptions,
  type Cell,
  type Column,
  type Header,
  type OnChangeFn,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef, type CSSProperties } from 'react';
import { getIncrementalCoreRowModel } from '../../../lib/table/incremental-core-row-model';
import classes from './virtual-vehicle-table.module.css';

const ROW_HEIGHT = 60;
/** Ask for the next page when the user scrolls within this many rows of the end of what is loaded. */
const PREFETCH_ROWS = 40;

const getRowId = (row: Vehicle) => row.uuid;
const coreRowModel = getIncrementalCoreRowModel<Vehicle>();

/**
 * The columns' widths as one grid template, set once on the table: cells carry no inline style of their own, which
 * would make the browser resolve each cell's style from scratch (no sharing of matched styles) on every scroll.
 */
function columnTemplate(columns: Column<Vehicle, unknown>[]) {
  return columns
    .map((c) => (c.columnDef.meta?.grow ? `minmax(${c.getSize()}px, 1fr)` : `${c.getSize()}px`))
    .join(' ');
}

function SortHeader({ header }: { header: Header<Vehicle, unknown> }) {
  const label = flexRender(header.column.columnDef.header, header.getContext());
  if (!header.column.getCanSort()) return <>{label}</>;
  const sorted = header.column.getIsSorted();
  const Icon = sorted === 'asc' ? IconArrowUp : sorted === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <UnstyledButton className={classes.sortButton} onClick={header.column.getToggleSortingHandler()}>
      {label}
      <Icon size={14} aria-hidden opacity={sorted ? 1 : 0.45} />
    </UnstyledButton>
  );
}

/**
 * One row. Rows keep their place (translateY of their index) while the list scrolls, and TanStack keeps a row's
 * cells the same array until the data or the columns change, so a row that stays in view never renders again.
 */
const VehicleRow = memo(function VehicleRow({
  cells,
  index,
  start,
  uuid,
}: {
  cells: Cell<Vehicle, unknown>[];
  index: number;
  start: number;
  uuid: string;
}) {
  return (
    <tr
      className={classes.bodyRow}
      style={{ transform: `translateY(${start}px)` }}
      aria-rowindex={index + 2}
      data-vehicle-uuid={uuid}
    >
      {cells.map((cell) => (
        <td key={cell.id} className={`${classes.cell} ${classes.td}`}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
    </tr>
  );
});

/**
 * The vehicle table: only the rows in view are in the DOM (TanStack Virtual), so ten thousand rows scroll as
 * smoothly as ten. Sorting is the server's; more rows are fetched as the end comes into view.
 */
export function VirtualVehicleTable({
  rows,
  columns,
  sorting,
  onSortingChange,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  total,
}: {
  rows: Vehicle[];
  columns: TableOptions<Vehicle>['columns'];
  sorting: SortingState;
  onSortingChange: OnChangeFn<SortingState>;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  total: number;
}) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  // TanStack Table returns new functions each render by design; the React Compiler lint knows to skip it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting },
    onSortingChange,
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    getRowId,
    getCoreRowModel: coreRowModel,
  });
  const tableRows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: hasNextPage ? tableRows.length + 1 : tableRows.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => ROW_HEIGHT,
    // The rows in view are rendered in the scroll event itself (TanStack Virtual's flushSync), so a fast scroll shows
    // no blank rows without a deep overscan; every row more is DOM to build and style on each turn of the wheel.
    overscan: 2,
    // Room under the last row, so it can scroll clear of the floating quick-action button.
    paddingEnd: 72,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= tableRows.length - PREFETCH_ROWS)
      void fetchNextPage();
  }, [lastIndex, tableRows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const leafColumns = table.getVisibleLeafColumns();
  const minWidth = leafColumns.reduce((sum, c) => sum + c.getSize(), 0);
  const tableStyle = { minWidth, '--vehicle-columns': columnTemplate(leafColumns) } as CSSProperties;
  return (
    <div ref={scrollerRef} className={classes.scroller} tabIndex={0} aria-label="Vehicles, scrollable">
      <Table
        className={classes.table}
        style={tableStyle}
        aria-rowcount={total + 1}
        highlightOnHover
        verticalSpacing={0}
      >
        <Table.Thead className={classes.head}>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id} className={classes.row} aria-rowindex={1}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <Table.Th
                    key={header.id}
                    className={`${classes.cell} ${classes.th}`}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    <SortHeader header={header} />
                  </Table.Th>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Thead>
        <tbody className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = tableRows[item.index];
            if (!row) {
              return (
                <tr
                  key="loader"
                  className={classes.bodyRow}
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <td className={`${classes.cell} ${classes.td} ${classes.fullRow}`}>
                    <Center w="100%">
                      <Loader size="xs" mr="xs" />
                      <Text size="sm" c="dimmed">
                        Loading more vehicles…
                      </Text>
                    </Center>
                  </td>
                </tr>
              );
            }
            return (
              <VehicleRow
                key={row.id}
                cells={row.getVisibleCells()}
                index={item.index}
                start={item.start}
                uuid={row.original.uuid}
              />
            );
          })}
        </tbody>
      </Table>
    </div>
  );
}
