import type { OutboxMail } from '@courier/contract';
import { Alert, Badge, Box, Code, Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { QueryError } from '../../../components/list/query-error';
import { useOutboxMail } from '../api/get-outbox-mail';

/** When a message left, and how: kept here for want of an SMTP server, or handed to the SMTP server. */
export function SentWhenHow({ mail, size, format }: { mail: OutboxMail; size: 'xs' | 'sm'; format: string }) {
  return (
    <>
      <Text size={size} c="dimmed" component="time" dateTime={mail.createdAt}>
        {dayjs(mail.createdAt).format(format)}
      </Text>
      <TransportBadge transport={mail.transport} />
    </>
  );
}

function TransportBadge({ transport }: { transport: OutboxMail['transport'] }) {
  return transport === 'outbox' ? (
    <Badge variant="light" color="blue" tt="none">
      Kept here
    </Badge>
  ) : (
    <Badge variant="light" color="teal" tt="none">
      Sent by SMTP
    </Badge>
  );
}

/**
 * One message: who, when, how, and its text and HTML. The HTML is the mail as a mail client would show it, drawn in a
 * sandboxed frame (`sandbox=""`: no scripts, no forms, no navigation of this page, its own origin), never put into
 * this page's DOM.
 */
function MailBody({ mail }: { mail: OutboxMail }) {
  if (mail.text === null && mail.html === null) {
    return (
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} title="Body not kept">
        This message went to the SMTP server: only who it was for and when are kept, so this list never holds
        a live link that left by mail.
      </Alert>
    );
  }
  return (
    <Tabs defaultValue={mail.html !== null ? 'html' : 'text'} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="html" disabled={mail.html === null}>
          HTML
        </Tabs.Tab>
        <Tabs.Tab value="text" disabled={mail.text === null}>
          Text
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="html" pt="sm">
        <Box
          component="iframe"
          sandbox=""
          srcDoc={mail.html ?? ''}
          title={`The message "${mail.subject}" as HTML`}
          w="100%"
          h={520}
          style={{
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 8,
            background: '#fff',
          }}
        />
      </Tabs.Panel>
      <Tabs.Panel value="text" pt="sm">
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="mail-text">
          {mail.text}
        </Code>
      </Tabs.Panel>
    </Tabs>
  );
}

/** The drawer's content for the message in the address (`?mail=`). */
export function MailDetail({ uuid }: { uuid: string }) {
  const mail = useOutboxMail(uuid);
  if (mail.error)
    return <QueryError error={mail.error} onRetry={mail.refetch} title="Could not load the message" />;
  if (!mail.data) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading">
        <Skeleton height={20} width="60%" />
        <Skeleton height={300} />
      </Stack>
    );
  }
  const m = mail.data;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text fw={700} size="lg">
          {m.subject}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Text size="sm">
            To <strong>{m.to}</strong>
          </Text>
          <SentWhenHow mail={m} size="sm" format="D MMM YYYY, HH:mm:ss" />
        </Group>
      </Stack>
      <MailBody mail={m} />
    </Stack>
  );
}
