import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import type { QueuedWrite } from '../offline/queued-write';
import { driverQueue, isTrack, sendQueued } from '../offline/runner';
import { positionCount } from '../tracking/positions';
import { useMyQueuedWrites, useOnline } from '../offline/use-write-queue';
import { openConfirmModal } from '../../../components/dialogs/modals';

export const changesWaiting = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'} waiting to send`;

function FailedWrite({ entry }: { entry: QueuedWrite }) {
  const discard = () =>
    openConfirmModal({
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

const pointsIn = (entries: readonly QueuedWrite[]) =>
  entries.reduce((n, e) => n + (e.write.kind === 'positions' ? e.write.body.points.length : 0), 0);

/** Refused batches of the track, as one line: the reason of the first, try all again or discard all. */
function FailedTrack({ entries }: { entries: QueuedWrite[] }) {
  const count = positionCount(pointsIn(entries));
  const discard = () =>
    openConfirmModal({
      title: 'Discard these positions?',
      centered: true,
      children: (
        <Text size="sm">
          {count} of your track are removed from this phone and never sent. Your office will not see that part
          of your route.
        </Text>
      ),
      labels: { confirm: 'Discard', cancel: 'Back' },
      confirmProps: { color: 'red', h: 48 },
      cancelProps: { h: 48 },
      onConfirm: () => void Promise.all(entries.map((e) => driverQueue.discard(e.id))),
    });
  const retry = () => void Promise.all(entries.map((e) => driverQueue.retry(e.id))).then(() => sendQueued());
  return (
    <Stack gap={6} component="li" data-testid="failed-track">
      <Text fw={600} size="sm">
        Track: {count} not accepted
      </Text>
      <Text size="sm">{entries[0]?.failure?.message}</Text>
      <Group gap="xs" grow>
        <Button variant="default" h={44} onClick={retry}>
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
 *
 * The track (position batches) is counted apart: a batch waits a moment every few seconds while a delivery is
 * under way, so its line shows only when it is held up (offline, or a try that did not get through), and refused
 * batches are one line, not one per batch.
 */
export function QueueStatus() {
  const online = useOnline();
  const { entries, sendingId } = useMyQueuedWrites();
  const changes = entries.filter((e) => !isTrack(e));
  const track = entries.filter(isTrack);
  const waiting = changes.filter((e) => e.state === 'waiting').length;
  const failed = changes.filter((e) => e.state === 'failed');
  const trackWaiting = track.filter((e) => e.state === 'waiting');
  const trackHeld = !online || trackWaiting.some((e) => e.attempts > 0 && e.id !== sendingId);
  const trackPoints = trackHeld ? pointsIn(trackWaiting) : 0;
  const trackFailed = track.filter((e) => e.state === 'failed');
  const anyFailed = failed.length + (trackFailed.length > 0 ? 1 : 0);
  if (online && waiting === 0 && anyFailed === 0 && trackPoints === 0) return null;
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
      {trackPoints > 0 ? (
        <Text size="sm" c="dimmed" px="xs" aria-live="polite" data-testid="track-waiting">
          Track: {positionCount(trackPoints)} waiting to send
        </Text>
      ) : null}
      {anyFailed > 0 ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={20} />}
          radius="lg"
          title={anyFailed === 1 ? 'A change was not accepted' : `${anyFailed} changes were not accepted`}
        >
          <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {failed.map((entry) => (
              <FailedWrite key={entry.id} entry={entry} />
            ))}
            {trackFailed.length > 0 ? <FailedTrack entries={trackFailed} /> : null}
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
