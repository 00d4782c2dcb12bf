import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEXTS,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@courier/contract';
import { Badge, Group, List, Popover, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/date-format';

/** The groups of events the form and the list show, by their prefix. */
export const EVENT_GROUPS = [
  { prefix: 'delivery.', title: 'Deliveries', all: 'All delivery events' },
  { prefix: 'auction.', title: 'Marketplace', all: 'All marketplace events' },
].map((group) => ({ ...group, types: WEBHOOK_EVENT_TYPES.filter((t) => t.startsWith(group.prefix)) }));

/** Badges this many events; more are counted, the list a click away. */
const BADGED_EVENTS = 3;

/** On, off (by an admin), or turned off by the server because it kept failing (in red, with its reason). */
export function WebhookStatusBadge({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (endpoint.disabledReason)
    return (
      <Badge
        color="red"
        variant="light"
        tt="none"
        radius="sm"
        h="auto"
        py={2}
        styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
      >
        {WEBHOOK_TEXTS.disabled(endpoint.disabledReason)}
      </Badge>
    );
  return endpoint.isEnabled ? (
    <Badge variant="dot" color="teal" tt="none">
      On
    </Badge>
  ) : (
    <Badge variant="dot" color="gray" tt="none">
      Off
    </Badge>
  );
}

function EventBadge({ type }: { type: WebhookEventType }) {
  return (
    <Badge variant="light" color="gray" tt="none" fw={500} title={WEBHOOK_EVENT_LABELS[type]}>
      {type}
    </Badge>
  );
}

/** A few events as badges; many as a count that opens their list (a button: a tap or a key shows it). */
export function EventBadges({ events }: { events: WebhookEndpoint['events'] }) {
  if (events.length <= BADGED_EVENTS)
    return (
      <Group gap={4}>
        {events.map((type) => (
          <EventBadge key={type} type={type} />
        ))}
      </Group>
    );
  const count =
    events.length === WEBHOOK_EVENT_TYPES.length ? `All ${events.length} events` : `${events.length} events`;
  return (
    <Popover position="bottom-start" shadow="md" width={320} withinPortal>
      <Popover.Target>
        <Badge
          component="button"
          type="button"
          variant="light"
          color="gray"
          tt="none"
          fw={500}
          style={{ cursor: 'pointer' }}
        >
          {count}
        </Badge>
      </Popover.Target>
      <Popover.Dropdown>
        <List size="sm" spacing={4}>
          {events.map((type) => (
            <List.Item key={type}>
              <Text size="xs" ff="monospace" span>
                {type}
              </Text>
              <Text size="xs" c="dimmed">
                {WEBHOOK_EVENT_LABELS[type]}
              </Text>
            </List.Item>
          ))}
        </List>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The address, whole and in monospace: a long one wraps anywhere rather than widening the page. */
export function EndpointUrl({ endpoint }: { endpoint: Pick<WebhookEndpoint, 'url'> }) {
  return (
    <Text size="sm" fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
      {endpoint.url}
    </Text>
  );
}

/** The signing secret's first characters, and until when the previous secret still signs after a rotation. */
export function SecretPrefix({ endpoint }: { endpoint: WebhookEndpoint }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" ff="monospace">
        {`${endpoint.secretPrefix}…`}
      </Text>
      {endpoint.previousSecretExpiresAt ? (
        <Text size="xs" c="dimmed">
          Previous secret signs until {formatDateTime(endpoint.previousSecretExpiresAt)}
        </Text>
      ) : null}
    </Stack>
  );
}

export const pendingOf = (endpoint: Pick<WebhookEndpoint, 'pending'>) =>
  endpoint.pending === 0 ? 'None waiting' : `${endpoint.pending} waiting`;

/** The last try: when, and its answer's status (green when accepted, red otherwise, "No answer" when none came). */
export function LastAttempt({ endpoint, size = 'sm' }: { endpoint: WebhookEndpoint; size?: 'sm' | 'xs' }) {
  const last = endpoint.lastAttempt;
  if (!last)
    return (
      <Text size={size} c="dimmed">
        Never tried
      </Text>
    );
  return (
    <Group gap={6} wrap="wrap">
      <Text size={size}>{formatDateTime(last.at)}</Text>
      <Text size={size} fw={600} c={last.ok ? 'teal' : 'red'}>
        {last.statusCode ?? 'No answer'}
      </Text>
    </Group>
  );
}
