import type { DriverDelivery, DriverStop } from '@courier/contract';
import { Alert, Box, Button, Group, Modal, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconBarcode, IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { formatTime } from '../../../lib/date-format';
import { useMyDeliveries } from '../api/list-my-deliveries';
import { useScanMyParcel } from '../offline/use-driver-writes';
import { useMyQueuedWrites } from '../offline/use-write-queue';
import { checkScan, queuedScans, scanMessage, scannedAt, type ScanCheck } from '../scans';
import { stopKind } from '../stops';
import { useBarcodeCamera } from './use-barcode-camera';

const TONE: Record<ScanCheck['kind'], { color: string; title: string }> = {
  ok: { color: 'teal', title: 'Scanned' },
  twice: { color: 'yellow', title: 'Already scanned' },
  'wrong-stop': { color: 'red', title: 'Wrong stop' },
  'other-delivery': { color: 'red', title: 'Another delivery' },
  unknown: { color: 'red', title: 'Not on this delivery' },
};

/** A short buzz for a good read, a long one for a refusal, where the phone can. */
const buzz = (ok: boolean) => navigator.vibrate?.(ok ? 80 : [200, 100, 200]);

/**
 * The scanner of one stop: the camera reads each parcel's label (or the driver types the code under it), each read
 * is checked at once against what the phone knows and told plainly — scanned, already scanned here, another stop's,
 * another delivery's, unknown — and a good one is kept on the phone and sent (offline too). The stop's parcels show
 * which are done.
 */
function ScannerBody({
  delivery,
  stop,
  open,
}: {
  delivery: DriverDelivery;
  stop: DriverStop;
  open: boolean;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const { entries } = useMyQueuedWrites();
  const others = useMyDeliveries().data ?? [];
  const scan = useScanMyParcel(delivery);
  const [typed, setTyped] = useState('');
  const [last, setLast] = useState<{ check: ScanCheck; message: string } | null>(null);
  const waiting = queuedScans(entries, delivery.uuid);

  // The code the camera read last: seeing it again (the label back in view, or still there after the phone
  // stalled) is not news, and must not cover what the driver typed since.
  const lastSeen = useRef('');
  const record = (code: string, by: 'camera' | 'hand') => {
    const check = checkScan(delivery, stop, code, { waiting, others });
    if (by === 'camera') {
      const again = lastSeen.current === code;
      lastSeen.current = code;
      if (again && check.kind === 'twice') return;
    }
    setLast({ check, message: scanMessage(check, formatTime) });
    buzz(check.kind === 'ok');
    if (check.kind !== 'ok') return;
    scan.mutate({
      deliveryStepUuid: stop.deliveryStepUuid,
      code: check.parcel.trackingCode ?? code,
      scannedAt: new Date().toISOString(),
      parcelName: check.parcel.name,
    });
  };
  const camera = useBarcodeCamera(video, open, (code) => record(code, 'camera'));
  const done = stop.parcels.filter((p) => scannedAt(p, stop, waiting)).length;

  return (
    <Stack gap="sm">
      {/* Kept in the page while unavailable (the camera starts into it), but not shown as an empty box. */}
      <Box
        pos="relative"
        bg="dark.8"
        display={camera.phase === 'unavailable' ? 'none' : undefined}
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
      >
        <video
          ref={video}
          muted
          playsInline
          aria-label="The camera's picture"
          style={{ width: '100%', maxHeight: 260, objectFit: 'cover', display: 'block', minHeight: 120 }}
        />
      </Box>
      <Text size="sm" c="dimmed" role="status" data-testid="camera-state">
        {camera.phase === 'starting'
          ? 'Starting the camera…'
          : camera.phase === 'reading'
            ? 'Hold a label’s barcode in the picture.'
            : camera.reason}
      </Text>

      <Box aria-live="assertive" data-testid="scan-result">
        {last ? (
          <Alert
            color={TONE[last.check.kind].color}
            title={TONE[last.check.kind].title}
            icon={last.check.kind === 'ok' ? <IconCheck /> : <IconAlertTriangle />}
          >
            {last.message}
          </Alert>
        ) : null}
      </Box>

      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!typed.trim()) return;
          record(typed, 'hand');
          setTyped('');
        }}
      >
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label="Or type the code under the barcode"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="light">
            Record
          </Button>
        </Group>
      </form>

      <Text fw={700} data-testid="scan-count">
        {done} of {stop.parcels.length} scanned here
      </Text>
      <Stack
        gap={4}
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label="Parcels of this stop"
      >
        {stop.parcels.map((p) => {
          const at = scannedAt(p, stop, waiting);
          return (
            <Group key={p.uuid} component="li" gap="xs" wrap="nowrap">
              <ThemeIcon size={22} radius="xl" variant={at ? 'filled' : 'light'} color={at ? 'teal' : 'gray'}>
                {at ? <IconCheck size={14} aria-hidden /> : <IconCircleDashed size={14} aria-hidden />}
              </ThemeIcon>
              <Text size="sm" style={{ flex: 1, overflowWrap: 'anywhere' }}>
                {p.name}{' '}
                <Text span c="dimmed" size="xs">
                  {p.trackingCode}
                </Text>
              </Text>
              <Text size="xs" c="dimmed">
                {at ? 'Scanned' : 'Not yet'}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}

/** The stop's "Scan parcels" button and its scanner, for a pickup or dropoff with parcels. */
export function ParcelScanner({ delivery, stop }: { delivery: DriverDelivery; stop: DriverStop }) {
  const [open, setOpen] = useState(false);
  const phone = useMediaQuery('(max-width: 36em)');
  if (stopKind(stop) === 'other' || stop.parcels.length === 0) return null;
  const title = `Scan parcels · stop ${stop.stepOrderNo}`;
  return (
    <>
      <Button leftSection={<IconBarcode size={18} />} variant="light" onClick={() => setOpen(true)}>
        Scan parcels
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={title} fullScreen={phone} size="md">
        {open ? <ScannerBody delivery={delivery} stop={stop} open={open} /> : null}
        <Group justify="flex-end" mt="md">
          <Button onClick={() => setOpen(false)} variant="default">
            Done
          </Button>
        </Group>
      </Modal>
    </>
  );
}
