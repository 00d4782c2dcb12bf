import { WEBHOOK, type WebhookEndpoint } from '@courier/contract';
import { Accordion, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHistory, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/layout/empty-state';
import { ListPagination } from '../../../components/list/list-pagination';
import { QueryError } from '../../../components/list/query-error';
import { TableSkeleton } from '../../../components/list/table-skeleton';
import { useWebhookAttempts } from '../api/list-webhook-attempts';
import { WebhookAttemptItem } from './webhook-attempt-item';

function Attempts({ slug, endpoint }: { slug: string; endpoint: WebhookEndpoint }) {
  const [page, setPage] = useState(1);
  const attempts = useWebhookAttempts(slug, endpoint.uuid, page, endpoint.pending > 0);
  const data = attempts.data;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {endpoint.url}
        </Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} />}
          loading={attempts.isFetching && !attempts.isPending}
          onClick={() => void attempts.refetch()}
          style={{ flexShrink: 0 }}
        >
          Refresh
        </Button>
      </Group>
      {attempts.error && !data ? (
        <QueryError error={attempts.error} onRetry={attempts.refetch} title="Could not load the log" />
      ) : !data ? (
        <TableSkeleton rows={5} height={52} />
      ) : data.meta.total === 0 ? (
        <EmptyState
          icon={IconHistory}
          title="Nothing sent yet"
          description={`Each try at sending a message to this endpoint shows here, newest first, for ${WEBHOOK.logDays} days. Send it a test event to see one.`}
        />
      ) : (
        <>
          <Accordion multiple chevronPosition="left" variant="contained">
            {data.data.map((attempt) => (
              <WebhookAttemptItem
                key={attempt.uuid}
                slug={slug}
                webhookUuid={endpoint.uuid}
                attempt={attempt}
              />
            ))}
          </Accordion>
          <ListPagination meta={data.meta} onPage={setPage} />
        </>
      )}
    </Stack>
  );
}

/** An endpoint's log: each try at sending it a message, newest first, a page at a time; full screen on a phone. */
export function WebhookLogModal({
  slug,
  endpoint,
  onClose,
}: {
  slug: string;
  endpoint: WebhookEndpoint;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened
      onClose={onClose}
      title="Webhook log"
      fullScreen={phone}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Attempts slug={slug} endpoint={endpoint} />
    </Modal>
  );
}
