import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconMapPin } from '@tabler/icons-react';
import { usePlacesConfig } from './api/get-places-config';
import { keptPoint, type PointValues } from './address-point';

const format = (n: number) => n.toFixed(5);

/**
 * The line under an address's fields saying whether it has its point: "On the map: …" once a suggestion is picked
 * (or coordinates given), else that the server places it after saving. Polite live region: a pick is announced.
 */
export function AddressPointNote({ point }: { point: PointValues }) {
  const config = usePlacesConfig();
  const kept = keptPoint(point);
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" aria-live="polite" data-testid="address-point-note">
      {kept ? (
        <>
          <ThemeIcon size={18} radius="xl" color="teal" variant="light" aria-hidden>
            <IconCheck size={12} />
          </ThemeIcon>
          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
            On the map: {point.placeLabel || `${format(kept.lat)}, ${format(kept.lng)}`}
          </Text>
        </>
      ) : (
        <>
          <ThemeIcon size={18} radius="xl" color="gray" variant="light" aria-hidden>
            <IconMapPin size={12} />
          </ThemeIcon>
          <Text size="xs" c="dimmed">
            {config?.provider === 'none'
              ? 'Not on the map: this server does not look addresses up'
              : 'Will be placed on the map after saving'}
          </Text>
        </>
      )}
    </Group>
  );
}
