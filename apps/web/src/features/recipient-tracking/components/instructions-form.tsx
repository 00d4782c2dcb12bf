import {
  RECIPIENT_INPUT,
  RecipientInstructionsBodySchema,
  type RecipientInstructions,
} from '@courier/contract';
import { Alert, Button, Card, Checkbox, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/date-format';
import { isApiError } from '../../../lib/errors';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { validateWith } from '../../../lib/zod-form';
import { useSaveInstructions } from '../api/save-instructions';

interface Values {
  doorCode: string;
  safePlace: string;
  callOnArrival: boolean;
  note: string;
}

const valuesOf = (i: RecipientInstructions | null): Values => ({
  doorCode: i?.doorCode ?? '',
  safePlace: i?.safePlace ?? '',
  callOnArrival: i?.callOnArrival ?? false,
  note: i?.note ?? '',
});

/**
 * The recipient's instructions for the driver, before delivery (issue 36): a door code, a safe place, whether to call
 * on arrival, a note. Checked by the contract's schema here and on the server; once saved they show on the driver's
 * phone at once. The form keeps what the recipient types while the page's answer refreshes around it.
 */
export function InstructionsForm({
  token,
  instructions,
}: {
  token: string;
  instructions: RecipientInstructions | null;
}) {
  const save = useSaveInstructions(token);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const form = useForm<Values>({
    initialValues: valuesOf(instructions),
    validate: validateWith(RecipientInstructionsBodySchema, (v: Values) => v),
  });
  const submit = form.onSubmit((values) => {
    setOutcome(null);
    save.mutate(RecipientInstructionsBodySchema.parse(values), {
      onSuccess: (saved) => {
        form.setValues(valuesOf(saved));
        form.resetDirty(valuesOf(saved));
        setOutcome({ ok: true, message: 'Saved: your driver will see these on their phone.' });
      },
      onError: (error) => {
        if (isApiError(error, 422) && applyServerErrors(form, error)) return;
        setOutcome({
          ok: false,
          message: isApiError(error, 409)
            ? error.message
            : 'Your instructions could not be saved. Check your connection and try again.',
        });
      },
    });
  }, revealFormErrors);

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="instructions-title">
      <form onSubmit={submit} noValidate aria-labelledby="instructions-title">
        <Stack gap="sm">
          <div>
            <Title order={2} fz="lg" id="instructions-title">
              Delivery instructions
            </Title>
            <Text size="sm" c="dimmed">
              Tell your driver how to reach you. All optional; you can change them until it is delivered.
            </Text>
          </div>
          <TextInput
            label="Door or gate code"
            autoComplete="off"
            maxLength={RECIPIENT_INPUT.doorCodeMax}
            {...form.getInputProps('doorCode')}
          />
          <TextInput
            label="Safe place"
            description="Where the driver may leave it if you are out"
            placeholder="For example: behind the blue gate"
            maxLength={RECIPIENT_INPUT.safePlaceMax}
            {...form.getInputProps('safePlace')}
          />
          <Checkbox
            label="Call me when you arrive"
            {...form.getInputProps('callOnArrival', { type: 'checkbox' })}
          />
          <Textarea
            label="Note for the driver"
            autosize
            minRows={2}
            maxLength={RECIPIENT_INPUT.noteMax}
            {...form.getInputProps('note')}
          />
          {outcome ? (
            <Alert
              color={outcome.ok ? 'green' : 'red'}
              variant="light"
              icon={outcome.ok ? <IconCheck size={18} /> : <IconAlertCircle size={18} />}
              role={outcome.ok ? 'status' : 'alert'}
              data-testid="instructions-outcome"
            >
              {outcome.message}
            </Alert>
          ) : null}
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="xs" c="dimmed">
              {instructions ? `Last saved ${formatDateTime(instructions.updatedAt)}` : 'None saved yet'}
            </Text>
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending}>
              Save instructions
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
