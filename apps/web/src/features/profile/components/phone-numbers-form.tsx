import { LIMITS, PHONE_NUMBER_TYPES, UpdatePhoneNumbersBodySchema, type User } from '@courier/contract';
import { ActionIcon, Button, Group, Radio, Select, Text, TextInput } from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { useUpdatePhoneNumbers } from '../api/update-phone-numbers';
import { SectionForm } from './section-form';

type PhoneType = (typeof PHONE_NUMBER_TYPES)[number];
interface PhoneRow {
  key: string;
  phoneNumber: string;
  phoneNumberType: PhoneType;
  isPrimary: boolean;
}

const TYPE_OPTIONS = PHONE_NUMBER_TYPES.map((type) => ({
  value: type,
  label: type[0]?.toUpperCase() + type.slice(1),
}));

function rowsOf(user: User): PhoneRow[] {
  return (user.phoneNumbers ?? []).map(({ phoneNumber, phoneNumberType, isPrimary }) => ({
    key: randomId(),
    phoneNumber,
    phoneNumberType,
    isPrimary,
  }));
}

const toBody = (rows: PhoneRow[]) => ({
  phoneNumbers: rows.map(({ phoneNumber, phoneNumberType, isPrimary }) => ({
    phoneNumber,
    phoneNumberType,
    isPrimary,
  })),
});

/** The whole list of phone numbers, saved at once: add and remove rows, pick a type, mark one primary. */
export function PhoneNumbersForm({ user }: { user: User }) {
  const update = useUpdatePhoneNumbers();
  const form = useForm<{ phoneNumbers: PhoneRow[] }>({
    mode: 'controlled',
    initialValues: { phoneNumbers: rowsOf(user) },
    validate: (values) =>
      schemaResolver(UpdatePhoneNumbersBodySchema, { sync: true })(toBody(values.phoneNumbers)),
  });
  const rows = form.values.phoneNumbers;

  const setPrimary = (index: number) =>
    form.setFieldValue(
      'phoneNumbers',
      rows.map((row, i) => ({ ...row, isPrimary: i === index })),
    );
  const addRow = () =>
    form.insertListItem('phoneNumbers', {
      key: randomId(),
      phoneNumber: '',
      phoneNumberType: 'mobile',
      isPrimary: rows.length === 0,
    } satisfies PhoneRow);
  const removeRow = (index: number) => {
    const wasPrimary = rows[index]?.isPrimary ?? false;
    const next = rows.filter((_, i) => i !== index);
    const first = next[0];
    if (wasPrimary && first) next[0] = { ...first, isPrimary: true };
    form.setFieldValue('phoneNumbers', next);
  };

  const submit = form.onSubmit((values) => {
    update.mutate(UpdatePhoneNumbersBodySchema.parse(toBody(values.phoneNumbers)), {
      onError: (error) => applyServerErrors(form, error),
    });
  }, revealFormErrors);

  const listError = form.errors.phoneNumbers;
  return (
    <SectionForm
      title="Phone numbers"
      description={`Up to ${LIMITS.phoneNumbersMax} numbers; the primary one is the one we call first.`}
      onSubmit={submit}
      saving={update.isPending}
    >
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No phone numbers yet.
        </Text>
      ) : null}
      {rows.map((row, index) => (
        <Group key={row.key} align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Number"
            type="tel"
            autoComplete="tel"
            style={{ flex: '1 1 180px' }}
            {...form.getInputProps(`phoneNumbers.${index}.phoneNumber`)}
          />
          <Select
            label="Type"
            data={TYPE_OPTIONS}
            allowDeselect={false}
            w={120}
            {...form.getInputProps(`phoneNumbers.${index}.phoneNumberType`)}
          />
          <Radio
            label="Primary"
            name="primary-phone"
            mt={34}
            checked={row.isPrimary}
            onChange={() => setPrimary(index)}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={28}
            size="lg"
            aria-label={`Remove phone number ${index + 1}`}
            onClick={() => removeRow(index)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      {listError ? (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      ) : null}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        onClick={addRow}
        disabled={rows.length >= LIMITS.phoneNumbersMax}
        w="fit-content"
      >
        Add a phone number
      </Button>
    </SectionForm>
  );
}
