import type { DriverDelivery, DriverStop } from '@courier/contract';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { formatTime } from '../../../lib/date-format';
import { useMyQueuedWrites } from '../offline/use-write-queue';
import { ParcelScanner } from '../scanning/parcel-scanner';
import { queuedScans, scannedAt } from '../scans';
import { stopKind } from '../stops';

/**
 * What to collect (at a pickup) or hand over (at a dropoff) at one stop, with each parcel's tracking code, whether
 * its label was scanned here, and the scanner.
 */
export function StopParcels({ delivery, stop }: { delivery: DriverDelivery; stop: DriverStop }) {
  const kind = stopKind(stop);
  const waiting = queuedScans(useMyQueuedWrites().entries, delivery.uuid);
  const title =
    kind === 'pickup' ? 'To collect here' : kind === 'dropoff' ? 'To hand over here' : 'Parcels here';
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label={title}>
      <Group justify="space-between" gap="xs" mb="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <ParcelScanner delivery={delivery} stop={stop} />
      </Group>
      {stop.parcels.length === 0 ? (
        <Text size="sm" c="dimmed">
          No parcels are listed for this stop.
        </Text>
      ) : (
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {stop.parcels.map((p, i) => (
            <Group
              key={p.uuid}
              component="li"
              wrap="nowrap"
              gap="sm"
              py="sm"
              style={i ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
            >
              <IconPackage size={22} aria-hidden style={{ flexShrink: 0 }} />
              <Stack gap={2} miw={0} style={{ flex: 1 }}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={700}>
                    {p.quantity > 1 ? `${p.quantity} × ` : ''}
                    {p.name}
                  </Text>
                  {p.isFragile ? (
                    <Badge color="orange" variant="light" size="sm">
                      Fragile
                    </Badge>
                  ) : null}
                  <ScannedBadge at={scannedAt(p, stop, waiting)} />
                </Group>
                <Text size="sm" c="dimmed">
                  {[p.trackingCode ? `Code ${p.trackingCode}` : null, p.weightKg ? `${p.weightKg} kg` : null]
                    .filter(Boolean)
                    .join(' · ') || p.description}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function ScannedBadge({ at }: { at: { at: string | null } | null }) {
  if (!at) return null;
  return (
    <Badge color="teal" variant="light" size="sm" tt="none" data-testid="parcel-scanned">
      Scanned{at.at ? ` ${formatTime(at.at)}` : ''}
    </Badge>
  );
}
