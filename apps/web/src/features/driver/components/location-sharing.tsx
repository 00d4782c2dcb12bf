import { Alert, Button, Card, Group, Stack, Switch, Text } from '@mantine/core';
import { IconAlertTriangle, IconMapPin, IconMapPinOff } from '@tabler/icons-react';
import { useMe } from '../../../lib/session/get-me';
import { liveTracker } from '../tracking/live-tracker';
import { phaseOf, type Phase } from '../tracking/sharing';
import { useOnline } from '../offline/use-write-queue';
import { setSharing, useSharingState } from '../tracking/use-location-sharing';
import { WhereAmI } from './where-am-i';
import { formatTime } from '../../../lib/date-format';

const insecure = () => typeof window !== 'undefined' && !window.isSecureContext;

/** What to tell the driver in each phase, plainly, with what to do about it. */
const MESSAGES: Record<Phase, () => string> = {
  off: () => 'Paused: your office does not see where you are. Turn it on when you drive.',
  idle: () => 'Starts when you start a delivery.',
  unsupported: () =>
    insecure()
      ? "Location needs Courier's secure (https) address: ask your office for it."
      : 'This browser cannot share your location: open Courier in Chrome or Safari.',
  blocked: () =>
    "Location is blocked for this site: allow it in the browser's settings (the icon beside the address, then Location), then tap Try again.",
  'needs-tap': () => 'Your delivery is under way: tap Share my location so your office sees you on the map.',
  locating: () => 'Looking for your position…',
  unavailable: () =>
    "Your position is unavailable: turn on the phone's location (GPS), and move away from tall buildings if you can.",
  sharing: () => 'Your office sees where you are while Courier is open on screen.',
};

const TROUBLE: readonly Phase[] = ['unsupported', 'blocked', 'unavailable'];

/**
 * "Sharing my location": the driver's switch (remembered on the phone), what the phone does now, a button when a
 * tap is needed, and the gap left while the app was in the background. A web app tracks only while it is open.
 */
export function LocationSharing() {
  const me = useMe().data?.uuid;
  const { sharing, wakeLock } = useSharingState();
  const phase = phaseOf(sharing);
  const online = useOnline();
  const trouble = TROUBLE.includes(phase);
  const action =
    phase === 'needs-tap'
      ? 'Share my location'
      : phase === 'blocked' || phase === 'unavailable'
        ? 'Try again'
        : null;
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      component="section"
      aria-label="Location"
      data-testid="location-sharing"
    >
      <Stack gap="sm">
        <Switch
          size="lg"
          checked={sharing.enabled}
          onChange={(event) => setSharing(me, event.currentTarget.checked)}
          label={
            <Group gap={8} wrap="nowrap" component="span">
              {sharing.enabled ? (
                <IconMapPin size={22} aria-hidden color="var(--mantine-color-teal-6)" />
              ) : (
                <IconMapPinOff size={22} aria-hidden color="var(--mantine-color-dimmed)" />
              )}
              <Text fw={700} fz="lg" component="span">
                Sharing my location
              </Text>
            </Group>
          }
          labelPosition="left"
          styles={{
            body: { justifyContent: 'space-between', alignItems: 'center', minHeight: 48 },
            labelWrapper: { flex: 1 },
          }}
        />
        <Group gap={8} wrap="nowrap" align="flex-start">
          {trouble ? <IconAlertTriangle size={20} aria-hidden color="var(--mantine-color-red-6)" /> : null}
          <Text
            size="sm"
            c={trouble ? undefined : 'dimmed'}
            role="status"
            data-testid="sharing-state"
            data-phase={phase}
            data-last-fix={sharing.lastFixAt ?? ''}
          >
            {phase === 'sharing' && !online
              ? 'You are offline: your positions are kept on this phone and sent when the signal returns.'
              : MESSAGES[phase]()}
            {phase === 'sharing' && wakeLock === 'unavailable'
              ? ' Keep the screen on: tracking stops when the phone locks.'
              : ''}
          </Text>
        </Group>
        {phase === 'sharing' ? <WhereAmI point={sharing.lastFix} /> : null}
        {action ? (
          <Button
            h={48}
            size="md"
            fullWidth
            variant={phase === 'needs-tap' ? 'filled' : 'light'}
            onClick={liveTracker.tap}
          >
            {action}
          </Button>
        ) : null}
        {sharing.gap ? (
          <Alert
            color="yellow"
            variant="light"
            radius="md"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={liveTracker.dismissGap}
            data-testid="tracking-gap"
          >
            <Text size="sm" fw={600}>
              Tracking paused while Courier was in the background ({formatTime(sharing.gap.from)}–
              {formatTime(sharing.gap.to)}).
            </Text>
            <Text size="sm">
              Keep Courier open on screen while you drive: a web app tracks only while it is open.
            </Text>
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
