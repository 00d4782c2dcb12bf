import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { formatLongDate } from '../../../lib/date-format';
import { useUpdateDispatchSettings } from '../api/update-dispatch-settings';
import { count } from '../dispatch-format';
import type { BoardEditor } from '../hooks/use-board-editor';
import classes from './dispatch.module.css';
import { RED_TEXT } from './tones';

/** Today, tomorrow, or any day from the date picker (days in the company's time zone). */
export function DayPicker({
  day,
  today,
  tomorrow,
  onChange,
}: {
  day: string;
  today: string;
  tomorrow: string;
  onChange: (day: string) => void;
}) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SegmentedControl
        aria-label="Day"
        data={[
          { label: 'Today', value: today },
          { label: 'Tomorrow', value: tomorrow },
        ]}
        value={day === today || day === tomorrow ? day : ''}
        onChange={onChange}
      />
      <TextInput
        type="date"
        label="Day"
        value={day}
        onChange={(e) => {
          const value = e.currentTarget.value;
          if (/^\d{4}-\d{2}-\d{2}$/.test(value)) onChange(value);
        }}
        w={{ base: '100%', xs: 180 }}
      />
      <Text size="sm" c="dimmed" pb={8}>
        {formatLongDate(`${day}T12:00:00`)}
      </Text>
    </Group>
  );
}

/** The company's auto-assignment of new deliveries, with what it does. */
export function AutoAssignSwitch({ slug, on }: { slug: string; on: boolean }) {
  const update = useUpdateDispatchSettings(slug);
  return (
    <Switch
      label="Auto-assignment"
      description="New deliveries go into the best driver's route as soon as they are created; those that fit nowhere wait here with the reason."
      checked={update.isPending ? (update.variables ?? on) : on}
      disabled={update.isPending}
      onChange={(e) => update.mutate(e.currentTarget.checked)}
    />
  );
}

/**
 * The unsaved changes: what they touch, whether their preview is being worked out, a refusal that is about the board
 * (a 409), and "Save changes" / "Discard changes". It stays in view at the bottom while the routes scroll.
 */
export function ChangesBar({ editor }: { editor: BoardEditor }) {
  const unassigned = editor.body?.unassignDeliveryUuids?.length ?? 0;
  const general = editor.routeErrors.get(null) ?? [];
  const failed = editor.conflict !== null || editor.routeErrors.size > 0;
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      className={classes.changes}
      role="region"
      aria-label="Unsaved changes"
    >
      <Stack gap="xs">
        {editor.conflict ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} p="xs" role="alert">
            <Text size="sm">{editor.conflict.message}</Text>
          </Alert>
        ) : null}
        {general.map((e) => (
          <Alert
            key={e.message}
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            p="xs"
            role="alert"
          >
            <Text size="sm">{e.message}</Text>
          </Alert>
        ))}
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Stack gap={2}>
            <Text fw={700} size="sm">
              Unsaved changes: {count(editor.changed.size, 'route')}
              {unassigned > 0 ? `, ${count(unassigned, 'delivery', 'deliveries')} unassigned` : ''}
            </Text>
            <Group gap={6} wrap="nowrap" aria-live="polite">
              {editor.preview.pending ? <Loader size={12} aria-label="Working out the new times" /> : null}
              <Text size="xs" c={failed ? RED_TEXT : 'dimmed'}>
                {editor.preview.pending
                  ? 'Working out the new times…'
                  : failed
                    ? 'The server refused this change: see the message.'
                    : 'The routes show the new times and figures; the drivers see nothing until you save.'}
              </Text>
            </Group>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Button variant="default" onClick={editor.discard} disabled={editor.saving}>
              Discard changes
            </Button>
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={editor.submit}
              loading={editor.saving}
            >
              Save changes
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

/** How the board's distances and times are had: a road router, or straight lines (say so). */
export function TravelNote({ travel }: { travel: 'osrm' | 'estimate' }) {
  if (travel === 'osrm') return null;
  return (
    <Text size="xs" c="dimmed">
      <IconInfoCircle size={14} style={{ verticalAlign: -2, marginRight: 4 }} aria-hidden />
      Distances and times are estimates (straight lines with a detour factor): no road router is set up.
    </Text>
  );
}
