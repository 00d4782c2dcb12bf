import { EmailJoinBodySchema } from '@courier/contract';
import { Alert, Button, Group, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { applyServerErrors, revealFormErrors } from '../../../lib/form-errors';
import { useJoinMailingList } from '../api/join-mailing-list';

/** "Join our mailing list": posts to /email/join and shows the server's answer. */
export function MailingListForm() {
  const join = useJoinMailingList();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(EmailJoinBodySchema, { sync: true }),
  });
  const submit = form.onSubmit(({ email }) => {
    join.mutate(EmailJoinBodySchema.parse({ email }).email, {
      onSuccess: (answer) => {
        if (answer.success) form.reset();
      },
      onError: (error) => applyServerErrors(form, error),
    });
  }, revealFormErrors);
  const answer = join.data;
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          placeholder="you@company.com"
          aria-label="E-mail address"
          type="email"
          autoComplete="email"
          style={{ flex: '1 1 220px' }}
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={join.isPending}>
          Join our mailing list
        </Button>
      </Group>
      {answer ? (
        <Alert
          mt="sm"
          variant="light"
          color={answer.success ? 'teal' : 'orange'}
          icon={answer.success ? <IconCircleCheck size={18} /> : <IconInfoCircle size={18} />}
          role="status"
        >
          {answer.message}
        </Alert>
      ) : null}
    </form>
  );
}
