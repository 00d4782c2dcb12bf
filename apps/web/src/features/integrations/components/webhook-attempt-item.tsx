import type { WebhookAttempt } from '@courier/contract';
import { Accordion, Badge, Button, Code, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/date-format';
import { useResendWebhookMessage } from '../api/resend-webhook-message';
import classes from './webhook-log.module.css';

const STATES = {
  pending: { label: 'Waiting', color: 'yellow' },
  delivered: { label: 'Delivered', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
} as const;

/** The message's state now (every try of it shows the same). */
function MessageStateBadge({ status }: { status: WebhookAttempt['messageStatus'] }) {
  return (
    <Badge variant="light" color={STATES[status].color} tt="none">
      {STATES[status].label}
    </Badge>
  );
}

/** The body as sent, laid out when it is JSON (it always is, unless the log holds something older). */
export function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body) as unknown, null, 2);
  } catch {
    return body;
  }
}

function Outcome({ attempt }: { attempt: WebhookAttempt }) {
  if (attempt.statusCode !== null)
    return (
      <Text size="xs" fw={600} c={attempt.ok ? 'teal' : 'red'} span>
        {attempt.statusCode}
      </Text>
    );
  return (
    <Text size="xs" c="red" span style={{ overflowWrap: 'anywhere' }}>
      {attempt.error ?? 'No answer'}
    </Text>
  );
}

function Block({ label, text, testId }: { label: string; text: string; testId: string }) {
  return (
    <Stack gap={4}>
      <Text size="xs" fw={600}>
        {label}
      </Text>
      <ScrollArea.Autosize mah={280} type="auto" offsetScrollbars>
        <Code block className={classes.code} data-testid={testId}>
          {text}
        </Code>
      </ScrollArea.Autosize>
    </Stack>
  );
}

/**
 * One try of one message: its time, event, try number, answer (status or error), duration and the message's state;
 * opened, the body sent and the answer's first characters. "Send again" sends the message anew (same id and body).
 */
export function WebhookAttemptItem({
  slug,
  webhookUuid,
  attempt,
}: {
  slug: string;
  webhookUuid: string;
  attempt: WebhookAttempt;
}) {
  const resend = useResendWebhookMessage(slug, webhookUuid);
  const when = formatDateTime(attempt.at);
  return (
    <Accordion.Item value={attempt.uuid}>
      <div className={classes.head}>
        <Accordion.Control className={classes.control}>
          <Stack gap={2}>
            <Group gap={6} wrap="wrap">
              <Text size="sm" fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {attempt.eventType}
              </Text>
              <Text size="xs" c="dimmed">
                try {attempt.attempt}
              </Text>
              <MessageStateBadge status={attempt.messageStatus} />
            </Group>
            <Group gap={6} wrap="wrap">
              <Text size="xs">{when}</Text>
              <Outcome attempt={attempt} />
              <Text size="xs" c="dimmed">
                {attempt.durationMs} ms
              </Text>
            </Group>
          </Stack>
        </Accordion.Control>
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconRepeat size={14} />}
          loading={resend.isPending}
          onClick={() => resend.mutate({ uuid: attempt.messageUuid, eventType: attempt.eventType })}
          aria-label={`Send again the ${attempt.eventType} message of ${when}`}
          className={classes.resend}
        >
          Send again
        </Button>
      </div>
      <Accordion.Panel>
        <Stack gap="sm">
          {attempt.error && attempt.statusCode !== null ? (
            <Text size="xs" c="red">
              {attempt.error}
            </Text>
          ) : null}
          <Block label="Body sent" text={prettyBody(attempt.body)} testId="webhook-attempt-body" />
          <Block
            label="Answer (its first characters)"
            text={attempt.responseExcerpt || '(empty)'}
            testId="webhook-attempt-answer"
          />
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
