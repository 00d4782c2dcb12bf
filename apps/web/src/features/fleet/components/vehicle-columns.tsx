import type { Fleet, Vehicle } from '@courier/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StatusMenu, type StatusOption } from '../../../components/status-tag/status-menu';
import { VehicleSizeMark } from '../../../components/vehicle-size-picture/vehicle-size-mark';
import type { VehicleSort } from '../api/keys';
import classes from './virtual-vehicle-table.module.css';
import { formatDate } from '../../../lib/date-format';

export interface VehicleColumnContext {
  sizeLabel: (slug: string) => string;
  makeLabel: (slug: string | null) => string;
  fleetsByUuid: Map<string, Fleet>;
  statusOptions: StatusOption[];
  statusOf: (slug: string) => StatusOption;
  onStatus: (vehicle: Vehicle, option: StatusOption) => void;
  pendingUuid: string | null;
  onDelete: (vehicle: Vehicle) => void;
  onNotes: (vehicle: Vehicle) => void;
}

/**
 * One column of the vehicle table: its header, its width, the server's sort key when it sorts, and what its cell
 * holds. A cell's content goes straight into its `<td>` (with `className` for the cell's own layout): no wrapper
 * element, since a fast scroll mounts every row in view again each frame (decisions 046 and 053).
 */
export interface VehicleColumn {
  id: string;
  header: string;
  /** Width in px; with `grow`, the least width of a column that takes what the others leave. */
  size: number;
  grow?: boolean;
  sort?: VehicleSort;
  className?: string;
  cell: (vehicle: Vehicle) => ReactNode;
}

/** The fleets' names: the first as a badge, then "+N" with the other names in its title. */
function fleetNames(names: string[]): ReactNode {
  const [first, ...rest] = names;
  if (!first) return <span className={classes.dimmed}>—</span>;
  return (
    <>
      <span className={classes.badge}>{first}</span>
      {rest.length > 0 ? (
        <span className={classes.badge} title={rest.join(', ')}>
          +{rest.length}
        </span>
      ) : null}
    </>
  );
}

/** The columns of /VehicleManage. Cells are plain elements styled by the table's CSS (no Mantine component). */
export function vehicleColumns(ctx: VehicleColumnContext): VehicleColumn[] {
  return [
    {
      id: 'name',
      header: 'Vehicle',
      size: 260,
      grow: true,
      sort: 'name',
      className: classes.nameCell,
      cell: (v) => (
        <>
          <VehicleSizeMark size={v.vehicleSizeTypeSlug} width={48} />
          <span className={classes.primary}>{v.name}</span>
          <span className={classes.secondary}>
            {[ctx.makeLabel(v.vehicleMakeTypeSlug), v.vehicleYear].filter(Boolean).join(' · ') || '—'}
          </span>
        </>
      ),
    },
    {
      id: 'registrationNumber',
      header: 'Registration',
      size: 140,
      sort: 'registrationNumber',
      className: classes.mono,
      cell: (v) => v.registrationNumber,
    },
    {
      id: 'size',
      header: 'Size',
      size: 150,
      sort: 'size',
      cell: (v) => ctx.sizeLabel(v.vehicleSizeTypeSlug),
    },
    {
      id: 'status',
      header: 'Status',
      size: 170,
      sort: 'status',
      cell: (v) => (
        <StatusMenu
          // A row's elements show another vehicle as the list scrolls (RowSlots): an open menu is this vehicle's.
          key={v.uuid}
          subject={v.name}
          current={ctx.statusOf(v.vehicleStatusTypeSlug)}
          options={ctx.statusOptions}
          pending={ctx.pendingUuid === v.uuid}
          onChoose={(option) => ctx.onStatus(v, option)}
        />
      ),
    },
    {
      id: 'fleets',
      header: 'Fleets',
      size: 180,
      className: classes.group,
      cell: (v) => fleetNames(v.fleetUuids.map((uuid) => ctx.fleetsByUuid.get(uuid)?.name ?? 'Fleet')),
    },
    {
      id: 'createdAt',
      header: 'Added',
      size: 120,
      sort: 'createdAt',
      cell: (v) => formatDate(v.createdAt),
    },
    {
      id: 'actions',
      header: 'Actions',
      size: 128,
      className: classes.group,
      cell: (v) => (
        <>
          <button
            type="button"
            className={`mantine-focus-auto mantine-active ${classes.iconButton} ${classes.iconNotes}`}
            aria-label={`Notes on ${v.name}`}
            onClick={() => ctx.onNotes(v)}
          />
          <Link
            to={`/VehicleAdd?uuid=${v.uuid}`}
            className={`mantine-focus-auto mantine-active ${classes.iconButton} ${classes.iconPencil}`}
            aria-label={`Edit ${v.name}`}
          />
          <button
            type="button"
            className={`mantine-focus-auto mantine-active ${classes.iconButton} ${classes.iconTrash}`}
            data-color="red"
            aria-label={`Delete ${v.name}`}
            onClick={() => ctx.onDelete(v)}
          />
        </>
      ),
    },
  ];
}
