import {
  CreateWebhookEndpointBodySchema,
  WEBHOOK,
  type UpdateWebhookEndpointBody,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@courier/contract';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notifications';
import { validateWith } from '../../../lib/zod-form';
import { useCreateWebhookEndpoint } from '../api/create-webhook-endpoint';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint';
import { WebhookEventsField } from './webhook-events-field';

/** The form's fields carry the body's names, so a 422's field errors land on them. */
interface WebhookValues {
  url: string;
  description: string;
  events: WebhookEventType[];
}

/** `events.3` (an event the server does not know) is shown on the events' group. */
const fieldOf = (path: string) => (path.startsWith('events.') ? 'events' : path);

function validate(values: WebhookValues) {
  const errors = validateWith(CreateWebhookEndpointBodySchema, (v: WebhookValues) => v)(values);
  for (const path of Object.keys(errors)) {
    const field = fieldOf(path);
    if (field !== path) {
      errors[field] ??= errors[path];
      delete errors[path];
    }
  }
  return errors;
}

/** What changed of an endpoint: an unchanged address is not sent, so it is not checked again. */
function changesOf(endpoint: WebhookEndpoint, body: Required<WebhookValues>): UpdateWebhookEndpointBody {
  const changes: UpdateWebhookEndpointBody = {};
  if (body.url !== endpoint.url) changes.url = body.url;
  if (body.description !== endpoint.description) changes.description = body.description;
  if (body.events.join() !== endpoint.events.join()) changes.events = body.events;
  return changes;
}

/**
 * An endpoint's address, description and events: a new one (`endpoint` absent; on success its secret goes to
 * `onCreated`), or one to change (PATCH of what changed). A 422 lands on its fields (a private or unresolvable
 * address on `url`); any other refusal (409: too many endpoints) shows above the form.
 */
export function WebhookEndpointForm({
  slug,
  endpoint,
  onCancel,
  onCreated,
  onSaved,
}: {
  slug: string;
  endpoint?: WebhookEndpoint;
  onCancel: () => void;
  onCreated?: (endpoint: WebhookEndpointWithSecret) => void;
  onSaved?: () => void;
}) {
  const create = useCreateWebhookEndpoint(slug);
  const update = useUpdateWebhookEndpoint(slug, { silent: true });
  const pending = create.isPending || update.isPending;
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<WebhookValues>({
    initialValues: endpoint
      ? { url: endpoint.url, description: endpoint.description, events: [...endpoint.events] }
      : // A new endpoint hears what most systems want at first: new deliveries and their moves.
        { url: '', description: '', events: ['delivery.created', 'delivery.status_changed'] },
    validate,
  });
  const onError = (error: unknown) => {
    if (!applyServerErrors(form, error, fieldOf))
      setRefusal(error instanceof Error ? error.message : 'The server refused it.');
  };
  const submit = form.onSubmit((values) => {
    setRefusal(null);
    const body = CreateWebhookEndpointBodySchema.parse(values);
    if (!endpoint) {
      create.mutate(body, { onSuccess: (created) => onCreated?.(created), onError });
      return;
    }
    const changes = changesOf(endpoint, body);
    if (Object.keys(changes).length === 0) {
      onSaved?.();
      return;
    }
    update.mutate(
      { uuid: endpoint.uuid, body: changes },
      {
        onSuccess: (saved) => {
          notifySuccess('Webhook Endpoint Saved', `${saved.url} hears the events chosen now.`);
          onSaved?.();
        },
        onError,
      },
    );
  }, revealFormErrors);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {refusal ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title={endpoint ? 'Not saved' : 'No endpoint added'}
            role="alert"
          >
            {refusal}
          </Alert>
        ) : null}
        <TextInput
          label="URL"
          description="The address on your system that receives the POSTs, such as https://shop.example.com/hooks/courier. It must be reachable from the internet."
          placeholder="https://"
          type="url"
          inputMode="url"
          required
          maxLength={WEBHOOK.urlMaxLength}
          autoComplete="off"
          data-autofocus
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps('url')}
        />
        <TextInput
          label="Description"
          description="Optional: what listens there, such as “Web shop order updates”."
          maxLength={WEBHOOK.descriptionMaxLength}
          autoComplete="off"
          {...form.getInputProps('description')}
        />
        <WebhookEventsField
          value={form.values.events}
          onChange={(events) => form.setFieldValue('events', events)}
          error={form.errors.events}
          data-path="events"
        />
        <Group justify="flex-end" gap="xs" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {endpoint ? 'Save' : 'Add endpoint'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
