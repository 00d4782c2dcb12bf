import type { Fleet, Vehicle } from '@courier/contract';
import { createColumnHelper } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { StatusMenu, type StatusOption } from '../../../components/status-tag/status-menu';
import { VehicleSizeMark } from '../../../components/vehicle-size-picture/vehicle-size-mark';
import classes from './virtual-vehicle-table.module.css';

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

const column = createColumnHelper<Vehicle>();

/** The first fleet's name, and how many more (their names in the title). */
function FleetNames({ names }: { names: string[] }) {
  const [first, ...rest] = names;
  if (!first) return <span className={classes.dimmed}>—</span>;
  return (
    <span className={classes.group}>
      <span className={classes.badge}>{first}</span>
      {rest.length > 0 ? (
        <span className={classes.badge} title={rest.join(', ')}>
          +{rest.length}
        </span>
      ) : null}
    </span>
  );
}

/**
 * Column ids that sort are the server's sort keys (VEHICLE_SORTS). Cells are plain elements styled by the table's
 * CSS (no Mantine component per cell): a fast scroll mounts every row in view again each frame (decision 046).
 */
export function vehicleColumns(ctx: VehicleColumnContext) {
  return [
    column.accessor('name', {
      id: 'name',
      header: 'Vehicle',
      size: 260,
      meta: { grow: true },
      cell: ({ row: { original: v } }) => (
        <div className={classes.nameCell}>
          <VehicleSizeMark size={v.vehicleSizeTypeSlug} width={48} />
          <div className={classes.nameText}>
            <span className={classes.primary}>{v.name}</span>
            <span className={classes.secondary}>
              {[ctx.makeLabel(v.vehicleMakeTypeSlug), v.vehicleYear].filter(Boolean).join(' · ') || '—'}
            </span>
          </div>
        </div>
      ),
    }),
    column.accessor('registrationNumber', {
      id: 'registrationNumber',
      header: 'Registration',
      size: 140,
      cell: (info) => <span className={classes.mono}>{info.getValue()}</span>,
    }),
    column.accessor('vehicleSizeTypeSlug', {
      id: 'size',
      header: 'Size',
      size: 150,
      cell: (info) => ctx.sizeLabel(info.getValue()),
    }),
    column.accessor('vehicleStatusTypeSlug', {
      id: 'status',
      header: 'Status',
      size: 170,
      cell: ({ row: { original: v } }) => (
        <StatusMenu
          subject={v.name}
          current={ctx.statusOf(v.vehicleStatusTypeSlug)}
          options={ctx.statusOptions}
          pending={ctx.pendingUuid === v.uuid}
          onChoose={(option) => ctx.onStatus(v, option)}
        />
      ),
    }),
    column.accessor('fleetUuids', {
      id: 'fleets',
      header: 'Fleets',
      size: 180,
      enableSorting: false,
      cell: (info) => (
        <FleetNames names={info.getValue().map((uuid) => ctx.fleetsByUuid.get(uuid)?.name ?? 'Fleet')} />
      ),
    }),
    column.accessor('createdAt', {
      id: 'createdAt',
      header: 'Added',
      size: 120,
      cell: (info) => dayjs(info.getValue()).format('D MMM YYYY'),
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      size: 128,
      cell: ({ row: { original: v } }) => (
        <span className={classes.group}>
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
        </span>
      ),
    }),
  ];
}
