import type { CreateDeliveryBody } from '@courier/contract';
import { Alert, Badge, Button, Card, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconCircleCheck, IconUpload } from '@tabler/icons-react';
import { formatWindowRange } from '../../../../lib/date-format';
import { ScrollRegion, StepTitle } from './import-parts';
import type { ColumnOf } from './order-outcomes';
import type { PreparedOrder } from './order-rows';

/** Rows shown as they will be sent. */
export const PREVIEW_ROWS = 10;
/** Problems listed before the import; the report lists them all. */
const PROBLEM_ROWS_SHOWN = 50;

type Step = CreateDeliveryBody['steps'][number];

function placeText(step: Step | undefined): string {
  const a = step?.address;
  if (!a) return '';
  return [a.line1, a.line2, [a.city, a.postcode].filter(Boolean).join(' '), a.countryCode]
    .filter(Boolean)
    .join(', ');
}

function contactText(step: Step | undefined): string {
  const c = step?.contacts?.[0];
  return c ? [`${c.firstname} ${c.lastname}`, c.phoneNumber].filter(Boolean).join(', ') : '';
}

function parcelText(item: CreateDeliveryBody): string {
  const p = item.parcels?.[0];
  if (!p) return '';
  const quantity = typeof p.quantity === 'number' ? p.quantity : 1;
  return `${quantity} × ${p.name}${typeof p.weightKg === 'number' ? `, ${p.weightKg} kg` : ''}`;
}

function Place({ step }: { step: Step | undefined }) {
  const contact = contactText(step);
  return (
    <>
      <Text size="sm">{placeText(step)}</Text>
      {contact ? (
        <Text size="xs" c="dimmed">
          {contact}
        </Text>
      ) : null}
    </>
  );
}

/** Step 3: the first rows as they will be sent, what is wrong with the others, and the import's start. */
export function PreviewStep({
  orders,
  columnOf,
  focus,
  onBack,
  onImport,
}: {
  orders: readonly PreparedOrder[];
  columnOf: ColumnOf;
  focus: boolean;
  onBack: () => void;
  onImport: () => void;
}) {
  const withProblems = orders.filter((order) => order.problems.length > 0);
  const ready = orders.length - withProblems.length;
  const allProblems = withProblems.flatMap((order) =>
    order.problems.map((p) => ({ row: order.row, column: columnOf(p.field), message: p.message })),
  );
  const problemLines = allProblems.slice(0, PROBLEM_ROWS_SHOWN);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <StepTitle step={3} title="Check the rows" focus={focus} />
        <Alert
          variant="light"
          color={withProblems.length === 0 ? 'teal' : 'orange'}
          icon={withProblems.length === 0 ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}
          title={`${orders.length} ${orders.length === 1 ? 'row' : 'rows'}: ${ready} ready, ${withProblems.length} with problems`}
        >
          <Text size="sm" data-testid="preview-summary">
            {withProblems.length === 0
              ? 'Every row can be sent.'
              : 'Rows with problems are not sent: they are listed in the report with what to fix, and in the file of failed rows you can download, correct and import again.'}
          </Text>
        </Alert>
        <Title order={3} fz="md">
          {orders.length > PREVIEW_ROWS ? `The first ${PREVIEW_ROWS} rows` : 'The rows'}, as they will be sent
        </Title>
        <ScrollRegion label="Rows as they will be sent" minWidth={900}>
          <Table verticalSpacing={6} striped aria-label="Rows as they will be sent">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={56}>Row</Table.Th>
                <Table.Th>Delivery</Table.Th>
                <Table.Th>Pickup</Table.Th>
                <Table.Th>Dropoff</Table.Th>
                <Table.Th>Parcel and window</Table.Th>
                <Table.Th w={220}>Check</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.slice(0, PREVIEW_ROWS).map(({ row, item, externalId, problems }) => {
                const window = item.scheduleWindows?.[0];
                return (
                  <Table.Tr key={row} data-row={row}>
                    <Table.Td>{row}</Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {item.name}
                      </Text>
                      {externalId ? (
                        <Text size="xs" c="dimmed">
                          Order {externalId}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Place step={item.steps[0]} />
                    </Table.Td>
                    <Table.Td>
                      <Place step={item.steps[1]} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{parcelText(item)}</Text>
                      {window ? (
                        <Text size="xs" c="dimmed">
                          {formatWindowRange(window.startAt, window.endAt)}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {problems.length === 0 ? (
                        <Badge color="teal" variant="light" tt="none">
                          Ready
                        </Badge>
                      ) : (
                        <List size="xs" spacing={2}>
                          {problems.map((p, i) => (
                            <List.Item key={i}>
                              <Text span size="xs" fw={700}>
                                {columnOf(p.field)}:
                              </Text>{' '}
                              <Text span size="xs" c="red">
                                {p.message}
                              </Text>
                            </List.Item>
                          ))}
                        </List>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
        {problemLines.length > 0 ? (
          <>
            <Title order={3} fz="md">
              Problems to fix
            </Title>
            <ScrollRegion label="Problems to fix" minWidth={420}>
              <Table verticalSpacing={4} aria-label="Problems to fix">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={56}>Row</Table.Th>
                    <Table.Th w={160}>Column</Table.Th>
                    <Table.Th>Problem</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {problemLines.map((line, i) => (
                    <Table.Tr key={`${line.row}-${i}`}>
                      <Table.Td>{line.row}</Table.Td>
                      <Table.Td>{line.column}</Table.Td>
                      <Table.Td>{line.message}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollRegion>
            {allProblems.length > PROBLEM_ROWS_SHOWN ? (
              <Text size="xs" c="dimmed">
                The first {PROBLEM_ROWS_SHOWN} problems are shown; the report after the import lists them all.
              </Text>
            ) : null}
          </>
        ) : null}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
            Back to the columns
          </Button>
          <Button leftSection={<IconUpload size={16} />} onClick={onImport} disabled={ready === 0}>
            {ready === 0 ? 'No row can be imported' : `Import ${ready} ${ready === 1 ? 'order' : 'orders'}`}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
