import type { Parcel } from '@courier/contract';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The parcels on a delivery: name, quantity, weight, fragile, tracking code and contacts. */
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
