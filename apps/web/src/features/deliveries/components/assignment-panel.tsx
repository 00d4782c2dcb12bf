import type { Delivery, VehicleDriverAssignment } from '@courier/contract';
import { Button, Group, MultiSelect, Select, Stack, Text, Timeline } from '@mantine/core';
import { IconTruck } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryError } from '../../../components/list/query-error';
import { fieldErrorsOf } from '../../../lib/errors';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { useLinkVehicleDriver } from '../api/link-vehicle-driver';
import { useDeliveryPeople } from '../api/list-people';
import { driverOptions, vehicleOptions } from './assignment-options';
import { assignedDriverNames, assignedVehicleName } from './person-name';
import { useDeliveryVehicles } from '../api/list-vehicles';
import { formatDateTime } from '../../../lib/delivery-format';

/** The current vehicle and drivers, a form to link others, and the assignment history. */
export function AssignmentPanel({
  slug,
  delivery,
  assignments,
  canAssign = true,
}: {
  slug: string;
  delivery: Delivery;
  assignments: VehicleDriverAssignment[];
  /** From the delivery's allowed actions: its carrier assigns once it has one. */
  canAssign?: boolean;
}) {
  const vehicles = useDeliveryVehicles(slug);
  const people = useDeliveryPeople(slug);
  const vehicleStatuses = useLookup('vehicleStatuses');
  const driverStatuses = useLookup('driverStatuses');
  const link = useLinkVehicleDriver(slug, delivery.uuid);
  const current = assignments.find((a) => !a.unassignedAt) ?? null;
  const [vehicleUuid, setVehicleUuid] = useState<string | null>(current?.vehicleUuid ?? null);
  const [driverUuids, setDriverUuids] = useState<string[]>(current?.driverUserUuids ?? []);
  const [errors, setErrors] = useState<{ vehicle?: string; drivers?: string }>({});

  const sizes = useLookup('vehicleSizes');
  const vehicleName = (a: VehicleDriverAssignment) => assignedVehicleName(vehicles.data, a, sizes.labelOf);
  const vehicleChoices = vehicleOptions(vehicles.data ?? [], vehicleStatuses.labelOf, vehicleUuid);
  const driverChoices = driverOptions(
    people.data,
    Object.values(people.data?.drivers ?? {}),
    driverStatuses.labelOf,
    driverUuids,
  );
  const finished = ['completed', 'cancelled', 'returned'].includes(delivery.deliveryLiveStatusTypeSlug);

  const submit = () => {
    const next: typeof errors = {};
    if (!vehicleUuid) next.vehicle = 'Choose a vehicle';
    if (driverUuids.length === 0) next.drivers = 'Choose at least one driver';
    setErrors(next);
    if (!vehicleUuid || driverUuids.length === 0) return;
    link.mutate(
      { vehicleUuid, driverUserUuids: driverUuids },
      {
        // A 422 says which vehicle or driver cannot take work and why (in maintenance, on leave…): on its field.
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          setErrors({ vehicle: fields.vehicleUuid, drivers: fields.driverUserUuids });
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <div>
        <Text size="xs" tt="uppercase" fw={800} c="dimmed">
          Now
        </Text>
        {current ? (
          <Text size="sm" data-testid="current-assignment">
            {vehicleName(current)} — {assignedDriverNames(people.data, current) || 'no driver'}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" data-testid="current-assignment">
            No vehicle or driver linked.
          </Text>
        )}
      </div>
      {finished ? null : !canAssign ? (
        <Text size="sm" c="dimmed">
          Its carrier assigns the vehicle and drivers.
        </Text>
      ) : vehicles.error || people.error ? (
        <QueryError
          error={vehicles.error ?? people.error}
          onRetry={() => {
            void vehicles.refetch();
            void people.refetch();
          }}
          title="Could not load vehicles and drivers"
        />
      ) : (
        <Stack gap="xs">
          <Select
            label="Vehicle"
            placeholder={vehicles.isPending ? 'Loading vehicles…' : 'Choose a vehicle'}
            searchable
            data={vehicleChoices}
            value={vehicleUuid}
            onChange={(value) => {
              setVehicleUuid(value);
              setErrors((e) => ({ ...e, vehicle: undefined }));
            }}
            error={errors.vehicle}
            nothingFoundMessage="No vehicle"
          />
          <MultiSelect
            label="Drivers"
            placeholder={people.isPending ? 'Loading drivers…' : 'Choose drivers'}
            searchable
            data={driverChoices}
            value={driverUuids}
            maxValues={5}
            onChange={(value) => {
              setDriverUuids(value);
              setErrors((e) => ({ ...e, drivers: undefined }));
            }}
            error={errors.drivers}
            nothingFoundMessage="No driver"
          />
          <Group justify="flex-end">
            <Button leftSection={<IconTruck size={16} />} loading={link.isPending} onClick={submit}>
              Link vehicle and drivers
            </Button>
          </Group>
        </Stack>
      )}
      <div>
        <Text size="xs" tt="uppercase" fw={800} c="dimmed" mb={6}>
          History
        </Text>
        {assignments.length === 0 ? (
          <Text size="sm" c="dimmed">
            Never assigned.
          </Text>
        ) : (
          <Timeline bulletSize={18} lineWidth={2} active={-1}>
            {assignments.map((a) => (
              <Timeline.Item key={`${a.vehicleUuid}-${a.assignedAt}`} title={vehicleName(a)}>
                <Text size="sm">{assignedDriverNames(people.data, a)}</Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(a.assignedAt)}
                  {a.unassignedAt ? ` – ${formatDateTime(a.unassignedAt)}` : ' – now'}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </div>
    </Stack>
  );
}
