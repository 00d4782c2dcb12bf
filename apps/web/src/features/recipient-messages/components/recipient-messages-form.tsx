import { UpdateRecipientMessageSettingsBodySchema, type RecipientMessageSettings } from '@courier/contract';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useLeaveGuard } from '../../../components/dialogs/use-leave-guard';
import { fieldErrorsOf } from '../../../lib/errors';
import { revealFormErrors } from '../../../lib/form-errors';
import { useUpdateRecipientMessageSettings } from '../api/update-recipient-message-settings';
import { placeErrors, toBody, toValues, validateSettings, type SettingsValues } from '../message-settings';
import { sampleValues } from '../template-preview';
import { MessageKindCard } from './message-kind-card';
import { SendingNotice } from './sending-notice';
import { TimingFields } from './timing-fields';

/**
 * The company's messages to recipients as one form with one Save: when they go out, then each kind's channel and
 * words. It checks with the body's own schema; a 422 lands on its fields (hidden words on their kind's channel), any
 * other refusal above the Save.
 */
export function RecipientMessagesForm({
  slug,
  settings,
  companyName,
}: {
  slug: string;
  settings: RecipientMessageSettings;
  companyName: string;
}) {
  const save = useUpdateRecipientMessageSettings(slug);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<SettingsValues>({ initialValues: toValues(settings), validate: validateSettings });
  const dirty = form.isDirty();
  useLeaveGuard(
    dirty,
    'Your changes to the messages to recipients are not saved: they are lost if you leave. Save them first to keep them.',
  );
  const setField = form.setFieldValue as (path: string, value: unknown) => void;
  // The errors are the schema's and the server's messages: text.
  const errorOf = (path: string) => {
    const error = form.errors[path];
    return typeof error === 'string' ? error : undefined;
  };
  const errorsOf = (index: number) => ({
    channels: errorOf(`templates.${index}.channels`),
    smsBody: errorOf(`templates.${index}.smsBody`),
    emailSubject: errorOf(`templates.${index}.emailSubject`),
    emailBody: errorOf(`templates.${index}.emailBody`),
  });
  const samples = useMemo(() => sampleValues({ companyName, origin: window.location.origin }), [companyName]);

  const submit = form.onSubmit((values) => {
    setRefusal(null);
    save.mutate(UpdateRecipientMessageSettingsBodySchema.parse(toBody(values)), {
      onSuccess: (saved) => {
        const next = toValues(saved);
        // What the server kept (trimmed words) is the new starting point: Discard and the leave guard go by it.
        form.setInitialValues(next);
        form.setValues(next);
        form.resetDirty(next);
      },
      onError: (error) => {
        const errors = placeErrors(form.getValues(), fieldErrorsOf(error));
        if (Object.keys(errors).length > 0) {
          form.setErrors(errors);
          revealFormErrors(errors);
        } else setRefusal(error.message || 'The server refused it.');
      },
    });
  }, revealFormErrors);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SendingNotice settings={settings} />
        <TimingFields form={form} />
        {form.values.templates.map((t, index) => (
          <MessageKindCard
            key={t.kind}
            index={index}
            values={t}
            errors={errorsOf(index)}
            samples={samples}
            setField={setField}
          />
        ))}
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
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" role="status">
            {dirty ? 'You have unsaved changes.' : 'Everything is saved.'}
          </Text>
          <Group gap="xs">
            <Button
              variant="default"
              disabled={!dirty || save.isPending}
              onClick={() => {
                form.reset();
                setRefusal(null);
              }}
            >
              Discard changes
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!dirty}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
