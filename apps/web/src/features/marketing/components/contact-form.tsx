import { CONTACT, ContactMessageBodySchema } from '@courier/contract';
import { Alert, Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../lib/errors';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { useSendContactMessage } from '../api/send-contact-message';

/** /ContactUs's form (issue 14): name, e-mail, company and message, kept and mailed to the team. */
export function ContactForm() {
  const send = useSendContactMessage();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: '', email: '', company: '', message: '' },
    validate: schemaResolver(ContactMessageBodySchema, { sync: true }),
  });
  const submit = form.onSubmit((values) => {
    setFailure(null);
    send.mutate(ContactMessageBodySchema.parse(values), {
      onSuccess: () => {
        setSentTo(values.email);
        form.reset();
      },
      onError: (error) => {
        if (isApiError(error, 429))
          setFailure('Too many messages from here just now: try again in a minute.');
        else if (!applyServerErrors(form, error))
          setFailure(isApiError(error) ? error.message : 'The message could not be sent: try again.');
      },
    });
  }, revealFormErrors);

  if (sentTo) {
    return (
      <Alert
        variant="light"
        color="teal"
        icon={<IconCircleCheck size={18} />}
        role="status"
        title="Message sent"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Thank you: your message has reached the team. We answer at {sentTo}.</Text>
          <Button variant="subtle" size="xs" onClick={() => setSentTo(null)}>
            Write another message
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Contact form">
      <Stack gap="md">
        {failure ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {failure}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Your name"
            required
            autoComplete="name"
            maxLength={CONTACT.nameMax}
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <TextInput
            label="E-mail"
            type="email"
            required
            autoComplete="email"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
        </SimpleGrid>
        <TextInput
          label="Company (optional)"
          autoComplete="organization"
          maxLength={CONTACT.companyMax}
          key={form.key('company')}
          {...form.getInputProps('company')}
        />
        <Textarea
          label="Message"
          required
          autosize
          minRows={5}
          maxLength={CONTACT.messageMax}
          key={form.key('message')}
          {...form.getInputProps('message')}
        />
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
            Send message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
