import {
  API_KEY,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  CreateApiKeyBodySchema,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@courier/contract';
import { Alert, Button, Checkbox, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { DateTimeInput } from '../../../components/date-time-input/date-time-input';
import { isDateTimeValue } from '../../../components/date-time-input/date-time-text';
import { localToIsoOrNull } from '../../../lib/delivery-format';
import { isApiError } from '../../../lib/errors';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { validateWith } from '../../../lib/zod-form';
import { useCreateApiKey } from '../api/create-api-key';

/** The form's fields carry the body's names, so a 422's field errors land on them. */
interface ApiKeyValues {
  name: string;
  scopes: ApiKeyScope[];
  ratePerSecond: number | string;
  /** A `datetime-local` value ("2026-11-21T14:00"), '' for a key that does not expire. */
  expiresAt: string;
}

/** What most shops and order systems need: read their deliveries and create them. */
const INITIAL: ApiKeyValues = {
  name: '',
  scopes: ['deliveries:read', 'deliveries:write'],
  ratePerSecond: API_KEY.defaultRatePerSecond,
  expiresAt: '',
};

const toBody = (v: ApiKeyValues) => ({
  name: v.name,
  scopes: v.scopes,
  ratePerSecond: typeof v.ratePerSecond === 'number' ? v.ratePerSecond : Number.NaN,
  expiresAt: v.expiresAt === '' ? null : (localToIsoOrNull(v.expiresAt) ?? v.expiresAt),
});

/** `scopes.0` (a scope the server does not know) is shown on the scopes' group. */
const fieldOf = (path: string) => (path.startsWith('scopes.') ? 'scopes' : path);

function validate(values: ApiKeyValues) {
  const errors = validateWith(CreateApiKeyBodySchema, toBody)(values);
  if (typeof values.ratePerSecond !== 'number')
    errors.ratePerSecond = `Give the requests per second the key may make, from 1 to ${API_KEY.maxRatePerSecond}.`;
  if (values.expiresAt !== '' && !isDateTimeValue(values.expiresAt))
    errors.expiresAt = 'Write the date and time as YYYY-MM-DD HH:mm, or leave it empty.';
  for (const path of Object.keys(errors)) {
    const field = fieldOf(path);
    if (field !== path) {
      errors[field] ??= errors[path];
      delete errors[path];
    }
  }
  return errors;
}

/** Names a new key and what it may do; on success hands the created key (with its secret) to `onCreated`. */
export function CreateApiKeyForm({
  slug,
  onCancel,
  onCreated,
}: {
  slug: string;
  onCancel: () => void;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const create = useCreateApiKey(slug);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<ApiKeyValues>({ initialValues: INITIAL, validate });
  const submit = form.onSubmit((values) => {
    setRefusal(null);
    create.mutate(CreateApiKeyBodySchema.parse(toBody(values)), {
      onSuccess: onCreated,
      onError: (error) => {
        if (!applyServerErrors(form, error, fieldOf) && isApiError(error, 409)) setRefusal(error.message);
      },
    });
  }, revealFormErrors);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {refusal ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title="No key created"
            role="alert"
          >
            {refusal}
          </Alert>
        ) : null}
        <TextInput
          label="Name"
          description="What will use it, such as “Web shop” or “Warehouse system”."
          required
          maxLength={API_KEY.nameMaxLength}
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Checkbox.Group
          label="What the key may do"
          description="Give it only what the system needs. A key never reaches the company's members or settings."
          required
          {...form.getInputProps('scopes')}
        >
          <Stack gap={6} mt={6}>
            {API_KEY_SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope} label={API_KEY_SCOPE_LABELS[scope]} />
            ))}
          </Stack>
        </Checkbox.Group>
        <NumberInput
          label="Requests per second"
          description={`Calls beyond this are refused for a moment (429). ${API_KEY.defaultRatePerSecond} suits most shops.`}
          required
          min={1}
          max={API_KEY.maxRatePerSecond}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('ratePerSecond')}
        />
        <DateTimeInput
          label="Expires"
          description="Optional: the key stops working then. Leave it empty to keep it until it is revoked."
          {...form.getInputProps('expiresAt')}
        />
        <Group justify="flex-end" gap="xs" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
