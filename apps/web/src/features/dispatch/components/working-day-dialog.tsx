import {
  DriverShiftBodySchema,
  type DirectoryAddress,
  type DriverRoute,
  type DriverShiftBody,
} from '@courier/contract';
import {
  Alert,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { EditDialog } from '../../../components/dialogs/edit-dialog';
import { formatAddress } from '../../../lib/delivery-format';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { validateWith } from '../../../lib/zod-form';
import { useDispatchVehicles } from '../api/list-vehicles';
import { useDispatchPlaces } from '../api/list-places';
import { useUpdateDriverShift } from '../api/update-driver-shift';
import { minuteOfTime, timeOfMinute } from '../dispatch-format';

/** The form's fields carry the body's names, so a 422 lands on them; times as the inputs hold them ("08:30"). */
interface ShiftValues {
  shiftStartMinute: string;
  shiftEndMinute: string;
  breakMinutes: number | string;
  breakFromMinute: string;
  breakUntilMinute: string;
  shiftStartAddressUuid: string | null;
  shiftEndAddressUuid: string | null;
  usualVehicleUuid: string | null;
}

const TIME_FIELDS = ['shiftStartMinute', 'shiftEndMinute', 'breakFromMinute', 'breakUntilMinute'] as const;

function toBody(v: ShiftValues): DriverShiftBody {
  return {
    shiftStartMinute: minuteOfTime(v.shiftStartMinute) ?? -1,
    // A shift that ends at midnight ends the day: "00:00" there is 24:00.
    shiftEndMinute: minuteOfTime(v.shiftEndMinute, true) ?? -1,
    breakMinutes: typeof v.breakMinutes === 'number' ? v.breakMinutes : Number(v.breakMinutes || 0),
    breakFromMinute: minuteOfTime(v.breakFromMinute) ?? -1,
    breakUntilMinute: minuteOfTime(v.breakUntilMinute) ?? -1,
    shiftStartAddressUuid: v.shiftStartAddressUuid,
    shiftEndAddressUuid: v.shiftEndAddressUuid,
    usualVehicleUuid: v.usualVehicleUuid,
  };
}

const checkBody = validateWith(DriverShiftBodySchema, toBody);

function validate(values: ShiftValues) {
  const errors = checkBody(values);
  for (const field of TIME_FIELDS)
    if (minuteOfTime(values[field]) === null) errors[field] = 'Enter a time, such as 08:30.';
  return errors;
}

const placeLabel = (a: DirectoryAddress) => {
  const line = a.label ? `${a.label} — ${formatAddress(a)}` : formatAddress(a);
  return a.location ? line : `${line} (not on the map yet)`;
};

/** A searchable select of the company's directory addresses (the search waits for the typing to pause). */
function PlaceSelect({
  slug,
  label,
  description,
  placeholder,
  chosenLabel,
  ...input
}: {
  slug: string;
  label: string;
  description: string;
  placeholder: string;
  chosenLabel: string | null;
  value?: string | null;
  onChange: (value: string | null) => void;
  error?: unknown;
}) {
  const { search, setSearch, debouncedSearch } = useDebouncedSearch();
  const places = useDispatchPlaces(slug, debouncedSearch);
  const [picked, setPicked] = useState<string | null>(chosenLabel);
  const options = (places.data ?? []).map((a) => ({ value: a.uuid, label: placeLabel(a) }));
  const value = input.value ?? null;
  if (value && !options.some((o) => o.value === value))
    options.unshift({ value, label: picked ?? 'Chosen address' });
  return (
    <Select
      label={label}
      description={description}
      placeholder={placeholder}
      searchable
      clearable
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
      data={options}
      nothingFoundMessage={places.isFetching ? 'Searching…' : 'No address of the directory matches'}
      value={value}
      onChange={(next, option) => {
        setPicked(option?.label ?? null);
        input.onChange(next);
      }}
      error={typeof input.error === 'string' ? input.error : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function WorkingDayForm({
  slug,
  route,
  timeZone,
  vehicles,
  onClose,
}: {
  slug: string;
  route: DriverRoute;
  timeZone: string;
  vehicles: { value: string; label: string }[];
  onClose: () => void;
}) {
  const save = useUpdateDriverShift(slug);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { shift, workingDay } = route;
  const form = useForm<ShiftValues>({
    initialValues: {
      shiftStartMinute: timeOfMinute(workingDay.shiftStartMinute),
      shiftEndMinute: timeOfMinute(workingDay.shiftEndMinute),
      breakMinutes: workingDay.breakMinutes,
      breakFromMinute: timeOfMinute(workingDay.breakFromMinute),
      breakUntilMinute: timeOfMinute(workingDay.breakUntilMinute),
      shiftStartAddressUuid: workingDay.shiftStartAddressUuid,
      shiftEndAddressUuid: workingDay.shiftEndAddressUuid,
      usualVehicleUuid: workingDay.usualVehicleUuid,
    },
    validate,
  });
  const name = `${route.firstName} ${route.lastName}`;
  const submit = form.onSubmit((values) => {
    setRefusal(null);
    save.mutate(
      { driverUserUuid: route.driverUserUuid, body: DriverShiftBodySchema.parse(toBody(values)), name },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (!applyServerErrors(form, error)) setRefusal(error.message);
        },
      },
    );
  }, revealFormErrors);
  return (
    <EditDialog
      opened
      title={`Working day of ${name}`}
      submitLabel="Save working day"
      pending={save.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Text size="sm" c="dimmed">
        Routes are planned within it, every day; times are the company&apos;s ({timeZone}).
      </Text>
      {refusal ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title="Not saved"
          role="alert"
        >
          {refusal}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput type="time" label="Shift starts" required {...form.getInputProps('shiftStartMinute')} />
        <TextInput
          type="time"
          label="Shift ends"
          description="00:00 is midnight, at the end of the day."
          required
          {...form.getInputProps('shiftEndMinute')}
        />
      </SimpleGrid>
      <NumberInput
        label="Break"
        description="Minutes; 0 for none."
        min={0}
        max={240}
        step={5}
        allowDecimal={false}
        suffix=" min"
        {...form.getInputProps('breakMinutes')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          type="time"
          label="Break starts at the earliest"
          required
          {...form.getInputProps('breakFromMinute')}
        />
        <TextInput
          type="time"
          label="Break starts at the latest"
          required
          {...form.getInputProps('breakUntilMinute')}
        />
      </SimpleGrid>
      <PlaceSelect
        slug={slug}
        label="Start place"
        description="Where the day starts, from the address directory."
        placeholder="Where the driver is"
        chosenLabel={shift.startPlace?.label ?? null}
        {...form.getInputProps('shiftStartAddressUuid')}
      />
      <PlaceSelect
        slug={slug}
        label="End place"
        description="Where the day ends, from the address directory."
        placeholder="At the last stop"
        chosenLabel={shift.endPlace?.label ?? null}
        {...form.getInputProps('shiftEndAddressUuid')}
      />
      <Select
        label="Usual vehicle"
        description="What new deliveries are given with when no other vehicle is chosen."
        placeholder="No usual vehicle"
        data={vehicles}
        searchable
        clearable
        nothingFoundMessage="No vehicle of that name"
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('usualVehicleUuid')}
      />
    </EditDialog>
  );
}

/**
 * "Working day": a driver's shift, break (its length and the window it starts in), start and end places (the
 * directory's addresses) and usual vehicle, for planning, as the board says they are set. Mount it to open it.
 */
export function WorkingDayDialog({
  slug,
  route,
  timeZone,
  onClose,
}: {
  slug: string;
  route: DriverRoute;
  timeZone: string;
  onClose: () => void;
}) {
  const vehicles = useDispatchVehicles(slug);
  const ready = vehicles.data || vehicles.error;
  if (!ready) {
    return (
      <EditDialog
        opened
        title={`Working day of ${route.firstName} ${route.lastName}`}
        submitLabel="Save working day"
        pending
        onClose={onClose}
        onSubmit={(e) => e?.preventDefault()}
      >
        <Stack gap="sm" aria-busy="true" aria-label="Loading">
          <Group grow>
            <Skeleton height={56} />
            <Skeleton height={56} />
          </Group>
          <Skeleton height={56} />
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      </EditDialog>
    );
  }
  const options = (vehicles.data ?? []).map((v) => ({
    value: v.uuid,
    label: v.registrationNumber ? `${v.name} (${v.registrationNumber})` : v.name,
  }));
  const usual = route.workingDay.usualVehicleUuid;
  if (usual && !options.some((o) => o.value === usual))
    options.unshift({
      value: usual,
      label: route.vehicle?.uuid === usual ? route.vehicle.name : 'Usual vehicle',
    });
  return (
    <WorkingDayForm slug={slug} route={route} timeZone={timeZone} vehicles={options} onClose={onClose} />
  );
}
