import type { OptOut } from '@courier/contract';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PublicPageFrame } from '../../../components/layout/public-page-frame';
import { QueryError } from '../../../components/list/query-error';
import { isBadToken, useRecipientOptOut } from '../api/get-recipient-opt-out';
import { useOptOutRecipient } from '../api/opt-out-recipient';

function NotValid() {
  return (
    <PublicPageFrame title="Stop messages">
      <Card withBorder radius="lg" padding="lg" role="alert">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="xl" variant="light" color="gray">
            <IconLinkOff size={22} />
          </ThemeIcon>
          <div>
            <Title order={2} fz="lg">
              This link is not valid
            </Title>
            <Text size="sm" c="dimmed">
              Open the link exactly as it is in the e-mail you received. If it still does not work, reply STOP
              to a text message from the sender, or ask them to stop writing to you.
            </Text>
          </div>
        </Group>
      </Card>
    </PublicPageFrame>
  );
}

function Stopped({ answer }: { answer: OptOut }) {
  return (
    <PublicPageFrame title="Messages stopped">
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
        {answer.companyName} will send no more messages about deliveries to {answer.address}.
      </Alert>
      <Text size="sm" c="dimmed">
        You can close this page. Changed your mind? Ask {answer.companyName} to write to you again.
      </Text>
    </PublicPageFrame>
  );
}

/**
 * /stop-messages?t=<token> (issue 36): the link at the foot of a company's e-mails to a delivery's recipient. Opening
 * it changes nothing (mail scanners open links); the button stops that company's messages to that address.
 */
export default function StopMessagesPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('t') ?? '';
  const optOut = useRecipientOptOut(token);
  const stop = useOptOutRecipient(token);

  if (!token || isBadToken(optOut.error)) return <NotValid />;
  if (optOut.error)
    return (
      <PublicPageFrame title="Stop messages">
        <QueryError error={optOut.error} onRetry={optOut.refetch} title="Could not open this link" />
      </PublicPageFrame>
    );
  if (!optOut.data)
    return (
      <PublicPageFrame title="Stop messages">
        <Stack gap="sm" aria-busy="true" aria-label="Loading">
          <Skeleton height={24} width="70%" />
          <Skeleton height={44} radius="md" />
        </Stack>
      </PublicPageFrame>
    );
  const answer = optOut.data;
  if (answer.optedOut) return <Stopped answer={answer} />;
  return (
    <PublicPageFrame title={`Stop messages from ${answer.companyName} to ${answer.address}?`}>
      <Text>
        {answer.companyName} tells you by e-mail or text message when a delivery to you sets off, is about to
        arrive, and is delivered. Stop these messages if you no longer want them.
      </Text>
      {stop.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title="Not stopped"
          role="alert"
        >
          {isBadToken(stop.error) ? 'This link is not valid any more.' : stop.error.message}
        </Alert>
      ) : null}
      <Group>
        <Button color="red" size="md" loading={stop.isPending} onClick={() => stop.mutate()}>
          Stop messages
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        Your deliveries are not affected: only the messages about them stop.
      </Text>
    </PublicPageFrame>
  );
}
