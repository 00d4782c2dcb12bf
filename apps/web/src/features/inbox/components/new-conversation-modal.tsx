import { INBOX_LIMITS, StartConversationBodySchema, type StartConversationBody } from '@courier/contract';
import { Alert, Button, Group, Modal, MultiSelect, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { validateWith } from '../../../lib/zod-form';
import { useInboxPeople } from '../api/list-people';
import { useStartConversation } from '../api/start-conversation';

/** "New conversation": a subject, people of my company (its other admins), the first message. */
export function NewConversationModal({
  slug,
  opened,
  onClose,
  onStarted,
}: {
  slug: string;
  opened: boolean;
  onClose: () => void;
  onStarted: (conversationUuid: string) => void;
}) {
  const people = useInboxPeople(slug, opened);
  const start = useStartConversation(slug);
  const form = useForm<StartConversationBody>({
    initialValues: { subject: '', participantUuids: [], body: '' },
    validate: validateWith(StartConversationBodySchema, (v: StartConversationBody) => v),
  });
  const close = () => {
    form.reset();
    start.reset();
    onClose();
  };
  const submit = form.onSubmit((values) =>
    start.mutate(values, {
      onSuccess: (c) => {
        form.reset();
        onStarted(c.uuid);
      },
      onError: (error) => applyServerErrors(form, error),
    }), revealFormErrors,
  );
  const options = (people.data ?? []).map((p) => ({ value: p.uuid, label: `${p.name} (${p.email})` }));

  return (
    <Modal opened={opened} onClose={close} title="New conversation" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {people.data && options.length === 0 ? (
            <Alert color="yellow" variant="light">
              You are your company&apos;s only admin. Add an admin (Company Users, Add Admin) to write to
              them.
            </Alert>
          ) : null}
          {people.error ? (
            <Alert color="red" variant="light" role="alert">
              Could not load your company&apos;s people: {people.error.message} Close this window and try
              again.
            </Alert>
          ) : null}
          <MultiSelect
            label="To"
            placeholder={people.isPending ? 'Loading people…' : 'Choose people of your company'}
            data={options}
            searchable
            nothingFoundMessage="Nobody of your company by that name"
            withAsterisk
            {...form.getInputProps('participantUuids')}
          />
          <TextInput
            label="Subject"
            withAsterisk
            maxLength={INBOX_LIMITS.subjectMax}
            {...form.getInputProps('subject')}
          />
          <Textarea
            label="Message"
            withAsterisk
            autosize
            minRows={3}
            maxRows={8}
            maxLength={INBOX_LIMITS.bodyMax}
            {...form.getInputProps('body')}
          />
          {start.error && Object.keys(form.errors).length === 0 ? (
            <Alert color="red" variant="light" role="alert">
              {start.error.message} Try again.
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={start.isPending}>
              Start conversation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
