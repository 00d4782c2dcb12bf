import type { DeadJob, JobQueue } from '@courier/contract';
import {
  Badge,
  Box,
  Button,
  Card,
  Code,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PlatformGate } from '../../../components/access/platform-gate';
import { EmptyState } from '../../../components/layout/empty-state';
import { PageHeader } from '../../../components/layout/page-header';
import { QueryError } from '../../../components/list/query-error';
import { useDeadJobs } from '../api/list-dead-jobs';
import { useJobQueues } from '../api/list-job-queues';
import { useRetryDeadJob } from '../api/retry-dead-job';
import classes from './jobs-page.module.css';
import { formatDateTime } from '../../../lib/date-format';

/** What each queue does, in an operator's words (the server's queues, decision 055). */
const QUEUE_WORDS: Record<string, string> = {
  'mail.send': 'E-mail, one message a job',
  'identity.send-password-reset-link': 'Password reset links',
  'identity.purge-expired': 'Hourly: ended sessions and used links deleted',
  'notifications.send-mail': 'Notification e-mails, from the outbox',
  'notifications.sweep': 'Every minute: late deliveries, expiring documents',
  'marketplace.expire-auctions': 'Every minute: auctions past their award deadline',
  'rate-limits.purge-expired': 'Every five minutes: rate-limit counts of minutes gone by',
  'events.consume': 'Notifications made from each recorded change, after it is saved',
  'events.purge': 'Every ten minutes: live events past their 24 hours',
};

function waited(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

function DeadBadge({
  queue,
  onDead,
  size,
}: {
  queue: JobQueue;
  onDead: (queue: string) => void;
  size?: 'xs';
}) {
  if (queue.dead === 0)
    return (
      <Text span size={size ?? 'sm'}>
        0
      </Text>
    );
  return (
    <UnstyledButton
      onClick={() => onDead(queue.queue)}
      aria-label={`Show the ${queue.dead} dead jobs of ${queue.queue}`}
    >
      <Badge color="red" variant="filled">
        {queue.dead}
      </Badge>
    </UnstyledButton>
  );
}

/** On a phone: each queue a row, its counts in one line under its name. */
function QueueList({ queues, onDead }: { queues: JobQueue[]; onDead: (queue: string) => void }) {
  return (
    <ul className={classes.list} aria-label="Job queues">
      {queues.map((q) => (
        <li key={q.queue} className={classes.item}>
          <Text size="sm" fw={600} ff="monospace" style={{ wordBreak: 'break-all' }}>
            {q.queue}
          </Text>
          <Text size="xs" c="dimmed">
            {QUEUE_WORDS[q.queue] ?? ''}
          </Text>
          <Group gap="md" mt={4}>
            <Text size="xs">Waiting {q.waiting}</Text>
            <Text size="xs">Running {q.running}</Text>
            <Text size="xs">Retrying {q.retrying}</Text>
            <Group gap={4}>
              <Text size="xs">Dead</Text>
              <DeadBadge queue={q} onDead={onDead} size="xs" />
            </Group>
            {q.oldestWaitingSeconds !== null ? (
              <Text size="xs">Oldest wait {waited(q.oldestWaitingSeconds)}</Text>
            ) : null}
          </Group>
        </li>
      ))}
    </ul>
  );
}

function QueueTable({ queues, onDead }: { queues: JobQueue[]; onDead: (queue: string) => void }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" highlightOnHover aria-label="Job queues">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Queue</Table.Th>
            <Table.Th ta="right">Waiting</Table.Th>
            <Table.Th ta="right">Running</Table.Th>
            <Table.Th ta="right">Retrying</Table.Th>
            <Table.Th ta="right">Dead</Table.Th>
            <Table.Th ta="right">Oldest wait</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {queues.map((q) => (
            <Table.Tr key={q.queue}>
              <Table.Td>
                <Text size="sm" fw={600} ff="monospace">
                  {q.queue}
                </Text>
                <Text size="xs" c="dimmed">
                  {QUEUE_WORDS[q.queue] ?? ''}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{q.waiting}</Table.Td>
              <Table.Td ta="right">{q.running}</Table.Td>
              <Table.Td ta="right">{q.retrying}</Table.Td>
              <Table.Td ta="right">
                <DeadBadge queue={q} onDead={onDead} />
              </Table.Td>
              <Table.Td ta="right">{waited(q.oldestWaitingSeconds)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DeadJobRow({ job }: { job: DeadJob }) {
  const retry = useRetryDeadJob();
  return (
    <li className={classes.item}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap="xs">
            <Text size="sm" fw={600} ff="monospace">
              {job.queue}
            </Text>
            <Text size="xs" c="dimmed">
              {job.tries} {job.tries === 1 ? 'try' : 'tries'}, last{' '}
              {job.failedAt ? formatDateTime(job.failedAt) : 'unknown'}
            </Text>
          </Group>
          <Code block className={classes.error}>
            {job.error || 'No message was recorded.'}
          </Code>
        </Stack>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          loading={retry.isPending}
          disabled={retry.isSuccess}
          onClick={() => retry.mutate({ queue: job.queue, uuid: job.uuid })}
          aria-label={`Retry the ${job.queue} job that failed ${job.tries} times`}
        >
          {retry.isSuccess ? 'Sent again' : 'Retry'}
        </Button>
      </Group>
    </li>
  );
}

function Jobs() {
  const [params, setParams] = useSearchParams();
  const queue = params.get('queue') ?? undefined;
  const queues = useJobQueues();
  const dead = useDeadJobs(queue);
  const choose = (next: string | null) => {
    const merged = new URLSearchParams(params);
    if (next) merged.set('queue', next);
    else merged.delete('queue');
    setParams(merged, { replace: true });
  };

  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="sm" component="section" aria-label="Queues">
        {queues.error ? (
          <QueryError error={queues.error} onRetry={queues.refetch} title="Could not load the queues" />
        ) : !queues.data ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={40} radius="md" />
            ))}
          </Stack>
        ) : (
          <>
            <Box visibleFrom="sm">
              <QueueTable queues={queues.data} onDead={choose} />
            </Box>
            <Box hiddenFrom="sm">
              <QueueList queues={queues.data} onDead={choose} />
            </Box>
          </>
        )}
      </Card>
      <Stack gap="xs" component="section" aria-labelledby="dead-jobs-title">
        <Group justify="space-between" align="flex-end">
          <Title order={2} fz="lg" id="dead-jobs-title">
            Dead jobs
          </Title>
          <Select
            label="Queue"
            placeholder="All queues"
            clearable
            data={(queues.data ?? []).map((q) => q.queue)}
            value={queue ?? null}
            onChange={choose}
            w={260}
            maw="100%"
          />
        </Group>
        {dead.error ? (
          <QueryError error={dead.error} onRetry={dead.refetch} title="Could not load the dead jobs" />
        ) : !dead.data ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading">
            {[0, 1].map((i) => (
              <Skeleton key={i} height={72} radius="md" />
            ))}
          </Stack>
        ) : dead.data.length === 0 ? (
          <EmptyState
            icon={IconCircleCheck}
            title="No dead jobs"
            description={
              queue
                ? `Every job of ${queue} ran, or is still being tried.`
                : 'Every job ran, or is still being tried: a job is listed here once its last try has failed, with the error, for you to retry once its cause is fixed (an SMTP server back up, for one).'
            }
            {...(queue ? { action: { label: 'Show all queues', onClick: () => choose(null) } } : {})}
          />
        ) : (
          <Card withBorder radius="lg" padding="sm">
            <ul className={classes.list} aria-label="Dead jobs">
              {dead.data.map((job) => (
                <DeadJobRow key={job.uuid} job={job} />
              ))}
            </ul>
          </Card>
        )}
      </Stack>
    </Stack>
  );
}

/** /platform/jobs: the server's job queues for platform admins (decision 055): counts, dead jobs, a retry. */
export default function JobsPage() {
  return (
    <>
      <PageHeader
        title="Jobs"
        description="The work this installation does after a request: notifications, e-mail and the scheduled sweeps. A failed try is retried with growing waits; a job every try of which failed waits here."
      />
      <PlatformGate what="see the installation's jobs">
        <Jobs />
      </PlatformGate>
    </>
  );
}
