import { LIMITS } from '@courier/contract';
import { Button, Card, FileInput, Group, Loader, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { toCsv } from '../../../../lib/csv-import/parse-csv';
import { SHEET_FILE_ACCEPT } from '../../../../lib/csv-import/read-sheet-file';
import { downloadText } from '../../../../lib/download';
import { StepTitle } from './import-parts';
import { templateRows } from './order-fields';

const MAX_MB = LIMITS.importFileBytesMax / (1024 * 1024);

function downloadTemplate() {
  const { columns, rows } = templateRows();
  downloadText('orders-template.csv', toCsv(columns, rows));
}

/** Step 1: the file, with a template to start from. */
export function ChooseFileStep({
  file,
  reading,
  problem,
  focus,
  onChoose,
}: {
  file: File | null;
  reading: boolean;
  problem: string | null;
  focus: boolean;
  onChoose: (file: File | null) => void;
}) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <StepTitle step={1} title="Choose a file" focus={focus} />
        <Text size="sm">
          Each row is one order, with a pickup and a dropoff address. The first row names the columns; you
          match them to our fields in the next step. Use a CSV file or an Excel workbook (its first sheet is
          read), up to {MAX_MB} MB.
        </Text>
        <Group>
          <Button
            variant="default"
            size="sm"
            leftSection={<IconDownload size={16} />}
            onClick={downloadTemplate}
          >
            Download the template
          </Button>
        </Group>
        <FileInput
          label="Orders file"
          placeholder="Choose a .csv or .xlsx file"
          accept={SHEET_FILE_ACCEPT}
          value={file}
          onChange={onChoose}
          leftSection={<IconFileSpreadsheet size={16} />}
          rightSection={reading ? <Loader size="xs" /> : undefined}
          clearable={!reading}
          error={problem}
        />
      </Stack>
    </Card>
  );
}
