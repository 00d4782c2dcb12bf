import type { Delivery, LiveStatus } from '@courier/contract';
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { useChangeDeliveryStatus } from '../api/change-status';
import { nextStatusColor, nextStatusLabel } from '../../../lib/delivery-format';
import { openConfirmModal } from '../../../components/dialogs/modals';

/** The moves the user may make now (`nextStatusOptions.user`) as buttons; cancelling asks for a cancel type. */
export function StatusActions({ slug, delivery }: { slug: string; delivery: Delivery }) {
  const change = useChangeDeliveryStatus(slug, delivery.uuid);
  const statuses = useLookup('deliveryLiveStatuses');
  const cancelTypes = useLookup('deliveryCancelTypes');
  const [cancelOpen, setCancelOpen] = useState(false);
  const [cancelType, setCancelType] = useState<string | null>(null);
  const [cancelMessage, setCancelMessage] = useState('');
  const [cancelError, setCancelError] = useState<string | null>(null);
  const options = delivery.nextStatusOptions.user;

  if (options.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No status change is open to you now.
      </Text>
    );
  }

  const move = (status: string) => {
    if (status === 'cancelled') {
      setCancelType(null);
      setCancelMessage('');
      setCancelError(null);
      setCancelOpen(true);
      return;
    }
    openConfirmModal({
      title: `${nextStatusLabel(status)}?`,
      centered: true,
      children: (
        <Text size="sm">
          {delivery.name} will become “{statuses.labelOf(status)}”.
        </Text>
      ),
      labels: { confirm: nextStatusLabel(status), cancel: 'Back' },
      confirmProps: { color: nextStatusColor(status) },
      onConfirm: () => change.mutate({ statusSlug: status as LiveStatus }),
    });
  };

  return (
    <>
      <Group gap="xs" wrap="wrap">
        {options.map((status) => (
          <Button
            key={status}
            size="sm"
            variant={status === 'cancelled' || status === 'failed' ? 'light' : 'filled'}
            color={nextStatusColor(status)}
            loading={change.isPending && change.variables.statusSlug === status}
            disabled={change.isPending}
            onClick={() => move(status)}
          >
            {nextStatusLabel(status)}
          </Button>
        ))}
      </Group>
      <Modal opened={cancelOpen} onClose={() => setCancelOpen(false)} title="Cancel this delivery?" centered>
        <Stack gap="sm">
          <Select
            label="Why is it cancelled?"
            withAsterisk
            data={cancelTypes.options}
            value={cancelType}
            onChange={(value) => {
              setCancelType(value);
              setCancelError(null);
            }}
            error={cancelError}
            comboboxProps={{ withinPortal: true }}
          />
          <Textarea
            label="Message (optional)"
            value={cancelMessage}
            maxLength={500}
            onChange={(event) => setCancelMessage(event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setCancelOpen(false)}>
              Back
            </Button>
            <Button
              color="red"
              loading={change.isPending}
              onClick={() => {
                if (!cancelType) {
                  setCancelError('Choose a cancel type');
                  return;
                }
                change.mutate(
                  {
                    statusSlug: 'cancelled',
                    cancelTypeSlug: cancelType,
                    ...(cancelMessage.trim() ? { statusMessage: cancelMessage.trim() } : {}),
                  },
                  { onSuccess: () => setCancelOpen(false) },
                );
              }}
            >
              Cancel delivery
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
