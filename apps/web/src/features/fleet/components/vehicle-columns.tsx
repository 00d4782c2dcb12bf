import type { Fleet, Vehicle } from '@courier/contract';
import { ActionIcon, Badge, Group, Tooltip } from '@mantine/core';
import { IconNotes, IconPencil, IconTrash } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { StatusMenu, type StatusOption } from '../../../components/status-tag/status-menu';
import { VehicleSizePicture } from '../../../components/vehicle-size-picture/vehicle-size-picture';
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

function FleetNames({ names }: { names: string[] }) {
  const [first, ...rest] = names;
  if (!first) return <span className={classes.dimmed}>—</span>;
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="outline" color="gray" tt="none" maw={120}>
        {first}
      </Badge>
      {rest.length > 0 ? (
        <Tooltip label={rest.join(', ')}>
          <Badge variant="outline" color="gray">
            +{rest.length}
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
}

/**
 * Column ids that sort are the server's sort keys (VEHICLE_SORTS). Cells use plain elements where they can:
 * rows mount and unmount by the dozen while the table scrolls.
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
          <VehicleSizePicture size={v.vehicleSizeTypeSlug} width={48} />
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
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={`Notes on ${v.name}`} onClick={() => ctx.onNotes(v)}>
            <IconNotes size={18} />
          </ActionIcon>
          <ActionIcon
            component={Link}
            to={`/VehicleAdd?uuid=${v.uuid}`}
            variant="subtle"
            aria-label={`Edit ${v.name}`}
          >
            <IconPencil size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${v.name}`}
            onClick={() => ctx.onDelete(v)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ),
    }),
  ];
}
