import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { downloadText } from '../../../../lib/download';
import { ScrollRegion, StepTitle } from './import-parts';
import { failedRowsCsv, reportCsv, type OrderOutcome } from './order-outcomes';
import type { PreparedOrder } from './order-rows';

/** Rows drawn at once; the downloads hold them all. */
const ROWS_SHOWN = 200;

type Filter = 'failed' | 'created' | 'all';

function Result({ outcome }: { outcome: OrderOutcome }) {
  if (outcome.status === 'created') {
    return (
      <Group gap={6} wrap="wrap">
        <Badge color="teal" variant="light" tt="none">
          Created
        </Badge>
        <Anchor component={Link} to={`/DeliveryDetail/${outcome.uuid}`} size="sm">
          {outcome.trackingCode}
        </Anchor>
      </Group>
    );
  }
  return (
    <Stack gap={4}>
      <Badge color="red" variant="light" tt="none">
        Not imported
      </Badge>
      <List size="sm" spacing={2}>
        {outcome.problems.map((p, i) => (
          <List.Item key={i}>
            <Text span size="sm" fw={700}>
              {p.column}:
            </Text>{' '}
            {p.message}
          </List.Item>
        ))}
      </List>
      {outcome.existingUuid ? (
        <Anchor component={Link} to={`/DeliveryDetail/${outcome.existingUuid}`} size="sm">
          Open the delivery of order {outcome.externalId}
        </Anchor>
      ) : null}
    </Stack>
  );
}

/** Step 4: what became of every row, with the failed rows to download, fix and import again. */
export function OrderImportReport({
  fileName,
  header,
  orders,
  outcomes,
  cancelled,
  onAgain,
}: {
  fileName: string;
  header: readonly string[];
  orders: readonly PreparedOrder[];
  outcomes: readonly OrderOutcome[];
  cancelled: boolean;
  onAgain: () => void;
}) {
  const created = outcomes.filter((o) => o.status === 'created').length;
  const failed = outcomes.length - created;
  const [filter, setFilter] = useState<Filter>(failed > 0 ? 'failed' : 'all');
  const shown = outcomes.filter((o) => filter === 'all' || o.status === filter);
  const base = fileName.replace(/\.(csv|txt|xlsx)$/i, '');
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <StepTitle step={4} title={cancelled ? 'Import stopped' : 'Import finished'} focus />
        <Alert
          color={failed === 0 ? 'teal' : 'orange'}
          variant="light"
          icon={failed === 0 ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}
        >
          <Text size="sm" data-testid="import-summary">
            {created} {created === 1 ? 'delivery' : 'deliveries'} created, {failed}{' '}
            {failed === 1 ? 'row' : 'rows'} not imported
            {cancelled ? ' (stopped before the end of the file)' : ''}.
          </Text>
          {failed > 0 ? (
            <Text size="sm" mt={4}>
              Download the failed rows, fix them in your spreadsheet app and import that file: it holds only
              them.
            </Text>
          ) : null}
        </Alert>
        <Group gap="xs" wrap="wrap">
          {failed > 0 ? (
            <Button
              size="sm"
              leftSection={<IconDownload size={16} />}
              onClick={() => downloadText(`${base}-failed-rows.csv`, failedRowsCsv(header, orders, outcomes))}
            >
              Download the failed rows
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => downloadText(`${base}-report.csv`, reportCsv(outcomes))}
          >
            Download the report
          </Button>
        </Group>
        <SegmentedControl
          aria-label="Rows to show"
          value={filter}
          onChange={setFilter}
          fullWidth
          size="xs"
          data={[
            { value: 'failed', label: `Not imported (${failed})` },
            { value: 'created', label: `Created (${created})` },
            { value: 'all', label: `All (${outcomes.length})` },
          ]}
        />
        <ScrollRegion label="Result of each row" minWidth={320}>
          <Table verticalSpacing={6} striped aria-label="Result of each row">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={56}>Row</Table.Th>
                <Table.Th w="30%">Order number</Table.Th>
                <Table.Th>Result</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.slice(0, ROWS_SHOWN).map((outcome) => (
                <Table.Tr key={outcome.row} data-row={outcome.row}>
                  <Table.Td>{outcome.row}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{outcome.externalId || '—'}</Table.Td>
                  <Table.Td>
                    <Result outcome={outcome} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed">
            No row to show here.
          </Text>
        ) : null}
        {shown.length > ROWS_SHOWN ? (
          <Text size="xs" c="dimmed">
            The first {ROWS_SHOWN} of {shown.length} rows are shown; the report holds them all.
          </Text>
        ) : null}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onAgain}>
            Import another file
          </Button>
          <Button component={Link} to="/ShipperDashboard">
            See the deliveries
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
