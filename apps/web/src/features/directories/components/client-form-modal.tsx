import { ClientInputSchema, LIMITS, type Client } from '@courier/contract';
import {
  ActionIcon,
  Button,
  Card,
  Divider,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { validateWith } from '../../../lib/zod-form';
import { useSaveClient } from '../api/save-client';

interface ContactValues {
  key: string;
  firstname: string;
  lastname: string;
  email: string;
  phoneNumber: string;
  companyName: string;
}
interface ClientValues {
  companyName: string;
  email: string;
  phoneNumber: string;
  notes: string;
  contacts: ContactValues[];
}

const emptyContact = (): ContactValues => ({
  key: randomId(),
  firstname: '',
  lastname: '',
  email: '',
  phoneNumber: '',
  companyName: '',
});

function valuesOf(client: Client | null): ClientValues {
  return {
    companyName: client?.companyName ?? '',
    email: client?.email ?? '',
    phoneNumber: client?.phoneNumber ?? '',
    notes: client?.notes ?? '',
    contacts: (client?.contacts ?? []).map((c) => ({
      key: c.uuid,
      firstname: c.firstname,
      lastname: c.lastname,
      email: c.email ?? '',
      phoneNumber: c.phoneNumber,
      companyName: c.companyName,
    })),
  };
}

function ClientForm({ slug, client, onDone }: { slug: string; client: Client | null; onDone: () => void }) {
  const save = useSaveClient(slug);
  const form = useForm<ClientValues>({
    initialValues: valuesOf(client),
    validate: validateWith(ClientInputSchema, (v: ClientValues) => v),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      { body: ClientInputSchema.parse(values), clientUuid: client?.uuid },
      { onSuccess: onDone, onError: (error) => applyServerErrors(form, error) },
    ), revealFormErrors,
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Company name"
          required
          data-autofocus
          maxLength={200}
          {...form.getInputProps('companyName')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="E-mail"
            type="email"
            maxLength={LIMITS.emailMax}
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Phone number"
            type="tel"
            maxLength={LIMITS.phoneNumberMax}
            {...form.getInputProps('phoneNumber')}
          />
        </SimpleGrid>
        <Textarea
          label="Notes"
          autosize
          minRows={2}
          maxLength={LIMITS.descriptionMax}
          {...form.getInputProps('notes')}
        />
        <Divider label="Contact people" labelPosition="left" />
        {form.values.contacts.length === 0 ? (
          <Text size="sm" c="dimmed">
            No contacts yet.
          </Text>
        ) : null}
        {form.values.contacts.map((contact, index) => (
          <Card
            key={contact.key}
            withBorder
            padding="sm"
            radius="md"
            component="fieldset"
            aria-label={`Contact ${index + 1}`}
            style={{ margin: 0 }}
          >
            <Group justify="space-between" mb={6}>
              <Text size="sm" fw={700}>
                Contact {index + 1}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove contact ${index + 1}`}
                onClick={() => form.removeListItem('contacts', index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <TextInput
                label="First name"
                required
                maxLength={LIMITS.nameMax}
                {...form.getInputProps(`contacts.${index}.firstname`)}
              />
              <TextInput
                label="Last name"
                required
                maxLength={LIMITS.nameMax}
                {...form.getInputProps(`contacts.${index}.lastname`)}
              />
              <TextInput
                label="E-mail"
                type="email"
                maxLength={LIMITS.emailMax}
                {...form.getInputProps(`contacts.${index}.email`)}
              />
              <TextInput
                label="Phone number"
                type="tel"
                maxLength={LIMITS.phoneNumberMax}
                {...form.getInputProps(`contacts.${index}.phoneNumber`)}
              />
            </SimpleGrid>
          </Card>
        ))}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={form.values.contacts.length >= LIMITS.contactsPerClientMax}
            onClick={() => form.insertListItem('contacts', emptyContact())}
          >
            Add contact
          </Button>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {client ? 'Save client' : 'Add client'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Adds a client, or edits the one given, with its repeatable list of contact people. */
export function ClientFormModal({
  slug,
  state,
  onClose,
}: {
  slug: string;
  state: { client: Client | null } | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={state !== null}
      onClose={onClose}
      title={state?.client ? 'Edit client' : 'New client'}
      size="lg"
      centered
    >
      {state ? (
        <ClientForm key={state.client?.uuid ?? 'new'} slug={slug} client={state.client} onDone={onClose} />
      ) : null}
    </Modal>
  );
}
