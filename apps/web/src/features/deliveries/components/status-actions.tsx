import { LIVE_STATUSES, type Delivery, type LiveStatus } from '@courier/contract';
import { Button, Group, Menu, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowBackUp, IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { useChangeDeliveryStatus } from '../api/change-status';
import { nextStatusColor, nextStatusLabel } from '../../../lib/delivery-format';
import { openConfirmModal } from '../../../components/dialogs/modals';

/** The order of the delivery's journey: a move to an earlier step of it goes back. */
const order = (status: string) => (LIVE_STATUSES as readonly string[]).indexOf(status);

/** Whether a move takes the delivery back along its journey (not cancelling or failing it, which end it). */
export function isBackward(from: string, to: string): boolean {
  return to !== 'cancelled' && to !== 'failed' && order(to) >= 0 && order(to) < order(from);
}

/**
 * The moves the user may make now (`nextStatusOptions.user`): forward moves as buttons, moves back along the journey
 * behind a menu (issue 33), each confirmed; cancelling asks for a cancel type.
 */
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

  const from = delivery.deliveryLiveStatusTypeSlug;
  const forward = options.filter((status) => !isBackward(from, status));
  const backward = options.filter((status) => isBackward(from, status));

  return (
    <>
      <Group gap="xs" wrap="wrap">
        {forward.map((status) => (
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
        {backward.length > 0 ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                size="sm"
                variant="default"
                rightSection={<IconChevronDown size={14} aria-hidden />}
                disabled={change.isPending}
              >
                Go back
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {backward.map((status) => (
                <Menu.Item
                  key={status}
                  leftSection={<IconArrowBackUp size={14} aria-hidden />}
                  onClick={() => move(status)}
                >
                  {nextStatusLabel(status)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : null}
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
