import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import type { QueuedWrite } from '../offline/queued-write';
import { driverQueue, sendQueued } from '../offline/runner';
import { useMyQueuedWrites, useOnline } from '../offline/use-write-queue';

export const changesWaiting = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'} waiting to send`;

function FailedWrite({ entry }: { entry: QueuedWrite }) {
  const discard = () =>
    modals.openConfirmModal({
      title: 'Discard this change?',
      centered: true,
      children: (
        <Text size="sm">
          “{entry.label}” is removed from this phone and never sent. Your office will not see it.
        </Text>
      ),
      labels: { confirm: 'Discard', cancel: 'Back' },
      confirmProps: { color: 'red', h: 48 },
      cancelProps: { h: 48 },
      onConfirm: () => void driverQueue.discard(entry.id),
    });
  return (
    <Stack gap={6} component="li" data-testid="failed-write">
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {entry.label}
      </Text>
      <Text size="sm">{Object.values(entry.failure?.fieldErrors ?? {})[0] ?? entry.failure?.message}</Text>
      <Group gap="xs" grow>
        <Button
          variant="default"
          h={44}
          onClick={() => void driverQueue.retry(entry.id).then(() => sendQueued())}
        >
          Try again
        </Button>
        <Button color="red" h={44} onClick={discard}>
          Discard
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * What the queue holds, on the driver's screens: offline state, how many changes wait to be sent, and every change
 * the server refused, with its reason, to try again or discard. Nothing leaves the queue unseen.
 */
export function QueueStatus() {
  const online = useOnline();
  const { entries, sendingId } = useMyQueuedWrites();
  const waiting = entries.filter((e) => e.state === 'waiting').length;
  const failed = entries.filter((e) => e.state === 'failed');
  if (online && waiting === 0 && failed.length === 0) return null;
  return (
    <Stack gap="sm" mb="md" data-testid="queue-status">
      {!online ? (
        <Alert color="gray" variant="light" icon={<IconCloudOff size={20} />} role="status" radius="lg">
          <Text fw={600} size="sm">
            You are offline — changes are kept on this phone
          </Text>
        </Alert>
      ) : null}
      {waiting > 0 ? (
        <Alert color="blue" variant="light" icon={<IconCloudUpload size={20} />} radius="lg">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text fw={600} size="sm" aria-live="polite" data-testid="waiting-count">
              {changesWaiting(waiting)}
            </Text>
            {online ? (
              sendingId !== null ? (
                <Loader size="sm" aria-label="Sending" />
              ) : (
                <Button size="compact-md" h={40} variant="light" onClick={() => void sendQueued()}>
                  Send now
                </Button>
              )
            ) : null}
          </Group>
        </Alert>
      ) : null}
      {failed.length > 0 ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={20} />}
          radius="lg"
          title={
            failed.length === 1 ? 'A change was not accepted' : `${failed.length} changes were not accepted`
          }
        >
          <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {failed.map((entry) => (
              <FailedWrite key={entry.id} entry={entry} />
            ))}
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
