import type { Vehicle } from '@courier/contract';
import { Center, Loader, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type RefObject,
} from 'react';
import type { SortOrder, VehicleSort } from '../api/keys';
import { RowSlots } from '../../../lib/table/row-slots';
import type { VehicleColumn } from './vehicle-columns';
import classes from './virtual-vehicle-table.module.css';

const ROW_HEIGHT = 60;
/** Ask for the next page when the user scrolls within this many rows of the end of what is loaded. */
const PREFETCH_ROWS = 40;

/**
 * The columns' widths as one grid template, set once on the table: cells carry no inline style of their own, which
 * would make the browser resolve each cell's style from scratch (no sharing of matched styles) on every scroll.
 */
function columnTemplate(columns: VehicleColumn[]) {
  return columns.map((c) => (c.grow ? `minmax(${c.size}px, 1fr)` : `${c.size}px`)).join(' ');
}

function SortHeader({
  column,
  sort,
  order,
  onSort,
}: {
  column: VehicleColumn;
  sort: VehicleSort;
  order: SortOrder;
  onSort: (sort: VehicleSort) => void;
}) {
  const key = column.sort;
  if (!key) return <>{column.header}</>;
  const sorted = key === sort;
  const Icon = !sorted ? IconArrowsSort : order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <UnstyledButton className={classes.sortButton} onClick={() => onSort(key)}>
      {column.header}
      <Icon size={14} aria-hidden opacity={sorted ? 1 : 0.45} />
    </UnstyledButton>
  );
}

/** The header row: memoised, as the table renders again on every frame of a scroll and the header does not change. */
const VehicleTableHead = memo(function VehicleTableHead({
  columns,
  sort,
  order,
  onSort,
}: {
  columns: VehicleColumn[];
  sort: VehicleSort;
  order: SortOrder;
  onSort: (sort: VehicleSort) => void;
}) {
  return (
    <Table.Thead className={classes.head}>
      <Table.Tr className={classes.row} aria-rowindex={1}>
        {columns.map((column) => {
          const sorted = column.sort !== undefined && column.sort === sort;
          return (
            <Table.Th
              key={column.id}
              className={`${classes.cell} ${classes.th}`}
              aria-sort={sorted ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
            >
              <SortHeader column={column} sort={sort} order={order} onSort={onSort} />
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
});

/** The row under the last one loaded while the next page is asked for. */
const LoadingRow = memo(function LoadingRow({ start }: { start: number }) {
  return (
    <tr className={classes.bodyRow} style={{ transform: `translateY(${start}px)` }}>
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
});

/**
 * One row. Rows keep their place (translateY of their index) while the list scrolls; a row whose vehicle, place and
 * columns are the same does not render again (when a page arrives, say). A row's elements are kept when it shows
 * another vehicle (`RowSlots`): when the vehicle changes under the keyboard's focus, the focus goes back to the
 * scroller rather than stay on another vehicle's button.
 */
const VehicleRow = memo(function VehicleRow({
  vehicle,
  columns,
  index,
  start,
  scrollerRef,
}: {
  vehicle: Vehicle;
  columns: VehicleColumn[];
  index: number;
  start: number;
  scrollerRef: RefObject<HTMLDivElement | null>;
}) {
  const rowRef = useRef<HTMLTableRowElement>(null);
  const shown = useRef(vehicle.uuid);
  useLayoutEffect(() => {
    if (shown.current === vehicle.uuid) return;
    shown.current = vehicle.uuid;
    if (rowRef.current?.contains(document.activeElement)) scrollerRef.current?.focus({ preventScroll: true });
  }, [vehicle.uuid, scrollerRef]);
  return (
    <tr
      ref={rowRef}
      className={classes.bodyRow}
      style={{ transform: `translateY(${start}px)` }}
      aria-rowindex={index + 2}
      data-vehicle-uuid={vehicle.uuid}
    >
      {columns.map((column) => (
        <td
          key={column.id}
          className={`${classes.cell} ${classes.td}${column.className ? ` ${column.className}` : ''}`}
        >
          {column.cell(vehicle)}
        </td>
      ))}
    </tr>
  );
});

/**
 * The vehicle table: only the rows in view are in the DOM (TanStack Virtual), so ten thousand rows scroll as
 * smoothly as ten. Rows are the vehicles themselves, drawn by the columns' `cell` (no table library's row and cell
 * objects for each of ten thousand vehicles: decision 053). Sorting is the server's: a header sorts by its column,
 * again the other way; more rows are fetched as the end comes into view.
 */
export function VirtualVehicleTable({
  rows,
  columns,
  sort,
  order,
  onSort,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  total,
}: {
  rows: Vehicle[];
  columns: VehicleColumn[];
  sort: VehicleSort;
  order: SortOrder;
  onSort: (sort: VehicleSort) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  total: number;
}) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  // TanStack Virtual returns new functions each render by design; the React Compiler lint knows to skip it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: hasNextPage ? rows.length + 1 : rows.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => ROW_HEIGHT,
    // Two rows more at each end: the rows are rendered in a task of their own after the scroll event (not in it with
    // flushSync, decision 053), so the view may run a frame ahead of them; two rows cover a scroll of up to 120 px a
    // frame (7,200 px/s) without a blank row, and each row more is work on every frame of a fast scroll.
    overscan: 2,
    useFlushSync: false,
    // Room under the last row, so it can scroll clear of the floating quick-action button.
    paddingEnd: 72,
  });
  const items = virtualizer.getVirtualItems();
  const [rowSlots] = useState(() => new RowSlots());
  const slots = rowSlots.assign(items.map((item) => item.index));
  const lastIndex = items.at(-1)?.index ?? 0;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - PREFETCH_ROWS) void fetchNextPage();
  }, [lastIndex, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const tableStyle = useMemo(
    () =>
      ({
        minWidth: columns.reduce((sum, c) => sum + c.size, 0),
        '--vehicle-columns': columnTemplate(columns),
      }) as CSSProperties,
    [columns],
  );
  return (
    <div ref={scrollerRef} className={classes.scroller} tabIndex={0} aria-label="Vehicles, scrollable">
      <Table
        className={classes.table}
        style={tableStyle}
        aria-rowcount={total + 1}
        highlightOnHover
        verticalSpacing={0}
      >
        <VehicleTableHead columns={columns} sort={sort} order={order} onSort={onSort} />
        <tbody className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item, i) => {
            const vehicle = rows[item.index];
            if (!vehicle) return <LoadingRow key="loader" start={item.start} />;
            return (
              <VehicleRow
                key={slots[i]}
                vehicle={vehicle}
                columns={columns}
                index={item.index}
                start={item.start}
                scrollerRef={scrollerRef}
              />
            );
          })}
        </tbody>
      </Table>
    </div>
  );
}
