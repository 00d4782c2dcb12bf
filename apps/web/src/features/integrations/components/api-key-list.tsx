import type { ApiKey } from '@courier/contract';
import { Box, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatDate } from '../../../lib/date-format';
import { useNow } from '../../../lib/use-now';
import {
  ApiKeyStatusBadge,
  createdOf,
  expiryOf,
  lastUseOf,
  rateOf,
  ScopeBadges,
  shownPrefix,
  statusOf,
} from './api-key-fields';
import classes from './card-list.module.css';
import { RevokeApiKeyButton } from './revoke-api-key-button';

function Prefix({ apiKey }: { apiKey: ApiKey }) {
  return (
    <Text size="xs" c="dimmed" ff="monospace">
      {shownPrefix(apiKey)}
    </Text>
  );
}

function LastUse({ apiKey }: { apiKey: ApiKey }) {
  const use = lastUseOf(apiKey);
  if (!use)
    return (
      <Text size="sm" c="dimmed">
        Never used
      </Text>
    );
  return (
    <>
      <Text size="sm">{use.when}</Text>
      {use.from ? (
        <Text size="xs" c="dimmed" ff="monospace">
          {use.from}
        </Text>
      ) : null}
    </>
  );
}

function KeyTable({ slug, keys, now }: { slug: string; keys: ApiKey[]; now: number }) {
  return (
    <Table.ScrollContainer minWidth={920}>
      <Table verticalSpacing="sm" aria-label="API keys">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Key</Table.Th>
            <Table.Th>Scopes</Table.Th>
            <Table.Th>Rate</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key.uuid}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {key.name}
                </Text>
                <Prefix apiKey={key} />
              </Table.Td>
              <Table.Td maw={260}>
                <ScopeBadges scopes={key.scopes} />
              </Table.Td>
              <Table.Td>{rateOf(key)}</Table.Td>
              <Table.Td>{createdOf(key)}</Table.Td>
              <Table.Td>
                <LastUse apiKey={key} />
              </Table.Td>
              <Table.Td>{expiryOf(key)}</Table.Td>
              <Table.Td>
                <ApiKeyStatusBadge status={statusOf(key, now)} />
                {key.revokedAt ? (
                  <Text size="xs" c="dimmed" mt={4}>
                    {formatDate(key.revokedAt)}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td ta="right">
                {key.revokedAt ? null : <RevokeApiKeyButton slug={slug} apiKey={key} />}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone: each key a block, its details in short lines under its name. */
function KeyCards({ slug, keys, now }: { slug: string; keys: ApiKey[]; now: number }) {
  return (
    <ul className={classes.list} aria-label="API keys">
      {keys.map((key) => (
        <li key={key.uuid} className={classes.item}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {key.name}
                </Text>
                <Prefix apiKey={key} />
              </div>
              <ApiKeyStatusBadge status={statusOf(key, now)} />
            </Group>
            <ScopeBadges scopes={key.scopes} />
            <Text size="xs">
              {rateOf(key)} · {key.expiresAt ? `Expires ${expiryOf(key)}` : 'Never expires'}
            </Text>
            <Text size="xs">Created {createdOf(key)}</Text>
            <LastUseLine apiKey={key} />
            {key.revokedAt ? (
              <Text size="xs">Revoked {formatDate(key.revokedAt)}</Text>
            ) : (
              <Group justify="flex-end">
                <RevokeApiKeyButton slug={slug} apiKey={key} />
              </Group>
            )}
          </Stack>
        </li>
      ))}
    </ul>
  );
}

function LastUseLine({ apiKey }: { apiKey: ApiKey }) {
  const use = lastUseOf(apiKey);
  if (!use)
    return (
      <Text size="xs" c="dimmed">
        Never used
      </Text>
    );
  return <Text size="xs">Last used {use.from ? `${use.when} from ${use.from}` : use.when}</Text>;
}

/**
 * The company's keys in the server's order (unrevoked first): a table from a tablet up, blocks on a phone, the way
 * the jobs screen shows its queues.
 */
export function ApiKeyList({ slug, keys }: { slug: string; keys: ApiKey[] }) {
  // A key may expire while the screen is open.
  const now = useNow(60_000);
  return (
    <>
      <Box visibleFrom="sm">
        <KeyTable slug={slug} keys={keys} now={now} />
      </Box>
      <Box hiddenFrom="sm">
        <KeyCards slug={slug} keys={keys} now={now} />
      </Box>
    </>
  );
}
