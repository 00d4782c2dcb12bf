import type { Fleet } from '@courier/contract';
import { ActionIcon, Button, Card, Group, SimpleGrid, Skeleton, Text, Title, Tooltip } from '@mantine/core';
import { IconBuildingWarehouse, IconPencil, IconPlus, IconTrash, IconTruck } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/layout/empty-state';
import { confirmDanger } from '../../../components/list/confirm';
import { QueryError } from '../../../components/list/query-error';
import { useDeleteFleet } from '../api/delete-fleet';
import { useFleets } from '../api/list-fleets';
import { FleetFormModal } from './fleet-form-modal';
import { FleetVehiclesDrawer } from './fleet-vehicles-drawer';

/** The company's fleets: create, rename, delete, and open one to add or remove vehicles. */
export function FleetList({ slug }: { slug: string }) {
  const fleets = useFleets(slug);
  const remove = useDeleteFleet(slug);
  const [editing, setEditing] = useState<{ fleet: Fleet | null } | null>(null);
  const [openUuid, setOpenUuid] = useState<string | null>(null);
  const open = fleets.data?.find((f) => f.uuid === openUuid) ?? null;
  const askDelete = (fleet: Fleet) =>
    confirmDanger({
      title: 'Delete this fleet?',
      message: `${fleet.name} will be deleted. Its ${fleet.vehicleUuids.length} vehicles stay in your company.`,
      confirmLabel: 'Delete fleet',
      onConfirm: () => remove.mutate(fleet),
    });

  return (
    <section aria-label="Fleets">
      <Group justify="space-between" mb="md" mt="xl">
        <Title order={2} fz="xl">
          Fleets
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ fleet: null })}>
          New fleet
        </Button>
      </Group>
      {fleets.error ? (
        <QueryError error={fleets.error} onRetry={fleets.refetch} title="Could not load the fleets" />
      ) : !fleets.data ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label="Loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={120} radius="lg" />
          ))}
        </SimpleGrid>
      ) : fleets.data.length === 0 ? (
        <EmptyState
          icon={IconBuildingWarehouse}
          title="No fleets yet"
          description="Fleets group your vehicles, by depot, by client or by shift. Create one, then add vehicles to it."
          action={{ label: 'Create a fleet', onClick: () => setEditing({ fleet: null }) }}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {fleets.data.map((fleet) => (
            <Card
              key={fleet.uuid}
              withBorder
              radius="lg"
              padding="md"
              component="article"
              aria-label={fleet.name}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text fw={800} truncate>
                    {fleet.name}
                  </Text>
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {fleet.description || 'No description'}
                  </Text>
                </div>
                <Group gap={2} wrap="nowrap">
                  <Tooltip label="Rename">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Rename ${fleet.name}`}
                      onClick={() => setEditing({ fleet })}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${fleet.name}`}
                      onClick={() => askDelete(fleet)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
              <Group justify="space-between" mt="auto" pt="md">
                <Text size="sm">
                  <b>{fleet.vehicleUuids.length}</b>{' '}
                  {fleet.vehicleUuids.length === 1 ? 'vehicle' : 'vehicles'}
                </Text>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconTruck size={14} />}
                  aria-label={`Vehicles of ${fleet.name}`}
                  onClick={() => setOpenUuid(fleet.uuid)}
                >
                  Vehicles
                </Button>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <FleetFormModal
        slug={slug}
        opened={editing !== null}
        fleet={editing?.fleet ?? null}
        onClose={() => setEditing(null)}
      />
      <FleetVehiclesDrawer slug={slug} fleet={open} onClose={() => setOpenUuid(null)} />
    </section>
  );
}
