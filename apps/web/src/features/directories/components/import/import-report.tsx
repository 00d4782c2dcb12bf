import type { ImportResult } from '@courier/contract';
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { toCsv } from '../../../../lib/csv-import/parse-csv';
import { ROW_ERROR_KEY } from '../../../../lib/csv-import/run-import';
import { downloadText } from '../../../../lib/download';

interface ReportLine {
  row: number;
  column: string;
  message: string;
}

/** One line per problem: the file's row number, the column (or "whole row") and the message. */
export function reportLines(
  failed: ImportResult['failed'],
  columnOf: (key: string) => string = (key) => key,
): ReportLine[] {
  return failed.flatMap(({ row, errors }) =>
    Object.entries(errors).flatMap(([column, messages]) =>
      // A value can break two rules with the same wording (length and letters); say it once.
      [...new Set(messages)].map((message) => ({
        row,
        column: column === ROW_ERROR_KEY ? 'whole row' : columnOf(column),
        message,
      })),
    ),
  );
}

/** What an import did: how many rows were saved, and a table of the rows that were not, with their problems. */
export function ImportReport({
  result,
  fileName,
  columnOf,
}: {
  result: ImportResult & { cancelled: boolean };
  fileName: string;
  /** The CSV column a server error key stands for, when they differ. */
  columnOf?: ((key: string) => string) | undefined;
}) {
  const lines = reportLines(result.failed, columnOf);
  const failedRows = result.failed.length;
  return (
    <Stack gap="md" aria-live="polite">
      <Alert
        color={failedRows === 0 ? 'teal' : 'orange'}
        variant="light"
        icon={failedRows === 0 ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}
        title={result.cancelled ? 'Import stopped' : 'Import finished'}
      >
        <Text size="sm" data-testid="import-summary">
          {result.created} saved, {failedRows} not imported
          {result.cancelled ? ' (stopped before the end of the file)' : ''}.
        </Text>
      </Alert>
      {failedRows > 0 ? (
        <>
          <Group justify="space-between">
            <Text fw={700} size="sm">
              Rows not imported
            </Text>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} />}
              onClick={() =>
                downloadText(
                  `${fileName.replace(/\.csv$/i, '')}-errors.csv`,
                  toCsv(
                    ['row', 'column', 'message'],
                    lines.map((l) => ({ ...l, row: String(l.row) })),
                  ),
                )
              }
            >
              Download report
            </Button>
          </Group>
          <Table.ScrollContainer minWidth={420} mah={320}>
            <Table verticalSpacing={6} striped stickyHeader aria-label="Rows not imported">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={70}>Row</Table.Th>
                  <Table.Th w={140}>Column</Table.Th>
                  <Table.Th>Problem</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line, i) => (
                  <Table.Tr key={`${line.row}-${line.column}-${i}`} data-row={line.row}>
                    <Table.Td>{line.row}</Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {line.column}
                      </Text>
                    </Table.Td>
                    <Table.Td>{line.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      ) : null}
    </Stack>
  );
}
