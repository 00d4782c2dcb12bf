import type { Parcel, ParcelScan } from '@courier/contract';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/date-format';

/** "Collected 29 Nov 2026, 14:02 by Mia (stop 1)": a parcel's label read by the driver at a stop (issue 34). */
const scanWords = (s: ParcelScan) =>
  `${s.kind === 'dropoff' ? 'Handed over' : 'Collected'} ${formatDateTime(s.scannedAt)}` +
  `${s.scannedByName ? ` by ${s.scannedByName}` : ''} (stop ${s.stepOrderNo})`;

/** The parcels on a delivery: name, quantity, weight, fragile, tracking code, contacts and scans at the stops. */
export function ParcelList({
  parcels,
  parcelActions,
  labelHref,
}: {
  parcels: Parcel[];
  /** Controls shown at the end of each parcel's row (add a contact). */
  parcelActions?: (parcel: Parcel) => ReactNode;
  /** Where each parcel's label opens (a PDF, in a new tab). */
  labelHref?: (parcel: Parcel) => string;
}) {
  if (parcels.length === 0) return <Text c="dimmed">No parcel on this delivery.</Text>;
  return (
    <Stack gap="xs">
      {parcels.map((p) => (
        <Group key={p.uuid} justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Text fw={600}>
              {p.quantity} × {p.name}
            </Text>
            <Text size="xs" c="dimmed">
              {p.weightKg} kg{p.volumeCm3 ? ` · ${p.volumeCm3} cm³` : ''}
              {p.value ? ` · ${p.value.priceString}` : ''}
            </Text>
            {p.contacts?.length ? (
              <Text size="xs" data-testid="parcel-contacts">
                Contacts:{' '}
                {p.contacts
                  .map((c) =>
                    [`${c.firstname} ${c.lastname}`.trim(), c.phoneNumber || c.email]
                      .filter(Boolean)
                      .join(' · '),
                  )
                  .join('; ')}
              </Text>
            ) : null}
            {p.scans?.map((s) => (
              <Text size="xs" c="teal" key={s.uuid} data-testid="parcel-scan">
                {scanWords(s)}
              </Text>
            ))}
          </div>
          <Group gap={4}>
            {p.isFragile ? (
              <Badge color="orange" variant="light" tt="none">
                Fragile
              </Badge>
            ) : null}
            {p.trackingCode ? (
              <Badge variant="outline" tt="none" ff="monospace" data-testid="parcel-tracking-code">
                {p.trackingCode}
              </Badge>
            ) : null}
            {labelHref ? (
              <Anchor
                href={labelHref(p)}
                target="_blank"
                rel="noopener"
                size="xs"
                aria-label={`Label of ${p.name}`}
                data-testid="parcel-label-link"
              >
                Label
              </Anchor>
            ) : null}
            {parcelActions?.(p)}
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
