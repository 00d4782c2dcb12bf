import type { DriverDelivery, DriverStop, LiveStatus } from '@courier/contract';
import { Button, Stack, Text } from '@mantine/core';
import { IconAlertOctagon, IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { nextStatusColor, nextStatusLabel } from '../../../lib/delivery-format';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { useChangeMyDeliveryStatus } from '../offline/use-driver-writes';
import { useOnline } from '../offline/use-write-queue';
import { liveTracker } from '../tracking/live-tracker';
import { isUnderWay } from '../tracking/under-way';
import classes from './driver-status-actions.module.css';
import { ReportFailure } from './report-failure';
import { openConfirmModal } from '../../../components/dialogs/modals';

/** Moves a driver never makes from the main buttons: failing has its own report, cancelling is the owner's. */
const SEPARATE: readonly string[] = ['failed', 'cancelled'];

/**
 * The delivery's next moves for me (`nextStatusOptions.user`: the server gives a driver only driver moves) as
 * large buttons, the first filled, kept within the thumb's reach on a phone; each asks once, since a driver cannot
 * undo a move. A failed attempt is reported apart, with its reason.
 */
export function DriverStatusActions({
  delivery,
  stop,
}: {
  delivery: DriverDelivery;
  stop: DriverStop | null;
}) {
  const change = useChangeMyDeliveryStatus(delivery);
  const online = useOnline();
  const statuses = useLookup('deliveryLiveStatuses');
  const [reporting, setReporting] = useState(false);
  const options = delivery.nextStatusOptions.user;
  const moves = options.filter((s) => !SEPARATE.includes(s));
  const canFail = options.includes('failed');

  if (options.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="no-moves" px="xs">
        {delivery.deliveryLiveStatusTypeSlug === 'delivered'
          ? 'Delivered. Your office completes it; nothing is left for you to do.'
          : 'No status change is open to you on this delivery now.'}
      </Text>
    );
  }

  const move = (status: string) =>
    openConfirmModal({
      title: `${nextStatusLabel(status)}?`,
      centered: true,
      children: (
        <Text size="sm">
          {delivery.name} will become “{statuses.labelOf(status)}”.{' '}
          {online
            ? 'Your office sees it at once.'
            : 'You are offline: it is kept on this phone and sent when you are back online.'}
        </Text>
      ),
      labels: { confirm: nextStatusLabel(status), cancel: 'Back' },
      confirmProps: { color: nextStatusColor(status), size: 'md', h: 48 },
      cancelProps: { size: 'md', h: 48 },
      onConfirm: () => {
        // Starting the work is the driver's tap that may ask the browser for the location (decision in sharing.ts).
        if (isUnderWay(status)) liveTracker.tap();
        change.mutate({ statusSlug: status as LiveStatus });
      },
    });

  // A fragment: the moves stick within the page's column, which they could not do inside a wrapper of their own.
  return (
    <>
      {moves.length > 0 ? (
        <Stack gap="xs" className={classes.moves} component="section" aria-label="Status">
          {moves.map((status, index) => (
            <Button
              key={status}
              h={56}
              size="lg"
              fullWidth
              variant={index === 0 ? 'filled' : 'light'}
              color={nextStatusColor(status)}
              rightSection={index === 0 ? <IconArrowRight size={20} /> : null}
              loading={change.isPending && change.variables.statusSlug === status}
              disabled={change.isPending}
              onClick={() => move(status)}
            >
              {nextStatusLabel(status)}
            </Button>
          ))}
        </Stack>
      ) : null}
      {canFail ? (
        <>
          <Button
            h={48}
            size="md"
            fullWidth
            variant="subtle"
            color="red"
            leftSection={<IconAlertOctagon size={18} />}
            disabled={change.isPending}
            onClick={() => setReporting(true)}
          >
            Report a problem
          </Button>
          <ReportFailure
            delivery={delivery}
            stop={stop}
            opened={reporting}
            onClose={() => setReporting(false)}
          />
        </>
      ) : null}
    </>
  );
}
