import { CalendarEventBodySchema, COMPANY_EVENT_COLOUR, DELIVERY_CALENDAR_COLOURS } from '@courier/contract';
import {
  Button,
  ColorInput,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { DateTimeInput } from '../../../components/date-time-input/date-time-input';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { validateWith } from '../../../lib/zod-form';
import { bodyOf, withAllDay, type EventFormValues } from './event-form-values';

const SWATCHES = [COMPANY_EVENT_COLOUR, ...new Set(Object.values(DELIVERY_CALENDAR_COLOURS))];
/** The server names its fields startDate and endDate; the form calls them start and end. */
const FIELD_NAMES: Record<string, string> = { startDate: 'start', endDate: 'end' };

export interface EventFormTarget {
  /** Absent for a new event. */
  uuid?: string | undefined;
  values: EventFormValues;
}

function EventForm({
  target,
  pending,
  onSave,
  onDelete,
  onCancel,
}: {
  target: EventFormTarget;
  pending: boolean;
  onSave: (body: ReturnType<typeof bodyOf>) => Promise<unknown>;
  onDelete?: (() => void) | undefined;
  onCancel: () => void;
}) {
  const form = useForm<EventFormValues>({
    initialValues: target.values,
    validate: (values) => {
      const errors = validateWith(CalendarEventBodySchema, bodyOf)(values);
      return Object.fromEntries(Object.entries(errors).map(([k, v]) => [FIELD_NAMES[k] ?? k, v]));
    },
  });
  const { allDay } = form.values;
  const submit = form.onSubmit((values) => {
    onSave(bodyOf(values)).catch((error: unknown) => {
      if (!applyServerErrors(form, error, (path) => FIELD_NAMES[path] ?? path))
        form.setFieldError('title', error instanceof Error ? error.message : 'Could not save the event.');
    });
  }, revealFormErrors);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Title" required data-autofocus {...form.getInputProps('title')} />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('description')}
        />
        <Switch
          label="All day"
          checked={allDay}
          onChange={(e) => form.setValues(withAllDay(form.values, e.currentTarget.checked))}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {allDay ? (
            <>
              <TextInput label="First day" type="date" required {...form.getInputProps('start')} />
              <TextInput label="Last day" type="date" required {...form.getInputProps('end')} />
            </>
          ) : (
            <>
              <DateTimeInput label="Starts" required {...form.getInputProps('start')} />
              <DateTimeInput label="Ends" required {...form.getInputProps('end')} />
            </>
          )}
        </SimpleGrid>
        <ColorInput
          label="Colour"
          format="hex"
          swatches={SWATCHES}
          swatchesPerRow={7}
          {...form.getInputProps('color')}
        />
        <Group justify="space-between" mt="xs">
          {onDelete ? (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
              Delete
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {target.uuid ? 'Save' : 'Add event'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** Add a company event over a selected range, or edit or delete one. */
export function EventFormModal({
  target,
  pending,
  onSave,
  onDelete,
  onClose,
}: {
  target: EventFormTarget | null;
  pending: boolean;
  onSave: (body: ReturnType<typeof bodyOf>, uuid?: string) => Promise<unknown>;
  onDelete: (uuid: string, title: string) => void;
  onClose: () => void;
}) {
  const uuid = target?.uuid;
  return (
    <Modal opened={target !== null} onClose={onClose} title={uuid ? 'Edit event' : 'New event'} centered>
      {target ? (
        <EventForm
          key={uuid ?? `${target.values.start}-${target.values.end}`}
          target={target}
          pending={pending}
          onSave={(body) => onSave(body, uuid)}
          onDelete={uuid ? () => onDelete(uuid, target.values.title) : undefined}
          onCancel={onClose}
        />
      ) : null}
    </Modal>
  );
}
