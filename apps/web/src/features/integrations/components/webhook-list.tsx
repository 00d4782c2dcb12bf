import type { WebhookEndpoint } from '@courier/contract';
import { Box, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ComponentProps } from 'react';
import { WebhookActions } from './webhook-actions';
import {
  EndpointUrl,
  EventBadges,
  LastAttempt,
  pendingOf,
  SecretPrefix,
  WebhookStatusBadge,
} from './webhook-fields';
import classes from './card-list.module.css';

/** What the list asks of the card, per endpoint: the dialogs (edit, log, the rotated secret) are the card's. */
export type WebhookHandlers = Pick<ComponentProps<typeof WebhookActions>, 'onEdit' | 'onLog' | 'onRotated'>;
type Props = {
  slug: string;
  endpoints: WebhookEndpoint[];
  handlersOf: (endpoint: WebhookEndpoint) => WebhookHandlers;
};

function Description({ endpoint, size = 'sm' }: { endpoint: WebhookEndpoint; size?: 'sm' | 'xs' }) {
  return endpoint.description ? (
    <Text size={size} c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {endpoint.description}
    </Text>
  ) : null;
}

function EndpointTable({ slug, endpoints, handlersOf }: Props) {
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table verticalSpacing="sm" aria-label="Webhook endpoints">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Endpoint</Table.Th>
            <Table.Th>Events</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Waiting</Table.Th>
            <Table.Th>Last try</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {endpoints.map((endpoint) => (
            <Table.Tr key={endpoint.uuid}>
              <Table.Td maw={340}>
                <EndpointUrl endpoint={endpoint} />
                <Description endpoint={endpoint} />
                <SecretPrefix endpoint={endpoint} />
              </Table.Td>
              <Table.Td maw={240}>
                <EventBadges events={endpoint.events} />
              </Table.Td>
              <Table.Td maw={220}>
                <WebhookStatusBadge endpoint={endpoint} />
              </Table.Td>
              <Table.Td>{pendingOf(endpoint)}</Table.Td>
              <Table.Td>
                <LastAttempt endpoint={endpoint} />
              </Table.Td>
              <Table.Td ta="right">
                <WebhookActions slug={slug} endpoint={endpoint} {...handlersOf(endpoint)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone: each endpoint a block, its address first (wrapping), its details in short lines. */
function EndpointCards({ slug, endpoints, handlersOf }: Props) {
  return (
    <ul className={classes.list} aria-label="Webhook endpoints">
      {endpoints.map((endpoint) => (
        <li key={endpoint.uuid} className={classes.item}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <EndpointUrl endpoint={endpoint} />
                <Description endpoint={endpoint} size="xs" />
              </div>
              <WebhookActions slug={slug} endpoint={endpoint} {...handlersOf(endpoint)} />
            </Group>
            <div>
              <WebhookStatusBadge endpoint={endpoint} />
            </div>
            <EventBadges events={endpoint.events} />
            <Text size="xs">{pendingOf(endpoint)}</Text>
            <Group gap={4} wrap="nowrap" align="baseline">
              <Text size="xs" style={{ flexShrink: 0 }}>
                Last try
              </Text>
              <LastAttempt endpoint={endpoint} size="xs" />
            </Group>
            <SecretPrefix endpoint={endpoint} />
          </Stack>
        </li>
      ))}
    </ul>
  );
}

/** The company's endpoints: a table from a tablet up, blocks on a phone, as the API keys are shown. */
export function WebhookList(props: Props) {
  return (
    <>
      <Box visibleFrom="sm">
        <EndpointTable {...props} />
      </Box>
      <Box hiddenFrom="sm">
        <EndpointCards {...props} />
      </Box>
    </>
  );
}
