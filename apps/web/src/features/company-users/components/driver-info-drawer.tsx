import { displayName } from '@courier/contract';
import { Divider, Drawer, ScrollArea, Stack, Text } from '@mantine/core';
import type { DriverRow } from '../hooks/use-drivers';
import { DriverDocuments } from './driver-documents';
import { DriverInfoForm } from './driver-info-form';

/** Edits one driver's licence and insurance details and documents. */
export function DriverInfoDrawer({
  slug,
  driver,
  onClose,
}: {
  slug: string;
  driver: DriverRow | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={driver !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={driver ? displayName(driver.user) : ''}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      {driver ? (
        <Stack gap="lg">
          <Text size="sm" c="dimmed">
            {driver.user.email}
          </Text>
          <DriverInfoForm
            key={driver.info?.updatedAt ?? 'none'}
            slug={slug}
            driverUserUuid={driver.user.uuid}
            info={driver.info}
          />
          <Divider />
          <DriverDocuments
            slug={slug}
            driverUserUuid={driver.user.uuid}
            documents={driver.info?.documents ?? []}
          />
        </Stack>
      ) : null}
    </Drawer>
  );
}
