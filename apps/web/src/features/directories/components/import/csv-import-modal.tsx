import { LIMITS, type ImportResult } from '@courier/contract';
import { Alert, Button, Code, FileInput, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { planImport, type ImportPlan } from '../../../../lib/csv-import/chunk-rows';
import { parseCsv, toCsv, type ParsedCsv } from '../../../../lib/csv-import/parse-csv';
import { runImport, type ImportProgress } from '../../../../lib/csv-import/run-import';
import { downloadText } from '../../../../lib/download';
import { notifyError, notifySuccess } from '../../../../lib/notifications';
import { importRows } from '../../api/import-rows';
import { directoryKeys } from '../../api/keys';
import { ImportReport } from './import-report';

export interface ImportKind {
  kind: 'clients' | 'addresses';
  /** "addresses": used in texts and file names. */
  noun: string;
  columns: readonly string[];
  example: Record<string, string>;
  /** The CSV column a server error key stands for, when they differ. */
  columnOf?: (key: string) => string;
}

type Stage =
  | {
      name: 'choose';
      file: File | null;
      parsed: ParsedCsv | null;
      plan: ImportPlan | null;
      problem: string | null;
    }
  | { name: 'running'; file: File; progress: ImportProgress }
  | { name: 'done'; file: File; result: ImportResult & { cancelled: boolean } };

const START: Extract<Stage, { name: 'choose' }> = {
  name: 'choose',
  file: null,
  parsed: null,
  plan: null,
  problem: null,
};
const MAX_MB = LIMITS.importFileBytesMax / (1024 * 1024);

/**
 * CSV import: choose a file (the header row names the columns; a template is offered), see how many rows it holds,
 * then send it in chunks with a progress bar, and finish on a report of the rows saved and the rows refused.
 */
export function CsvImportModal({
  slug,
  config,
  opened,
  onClose,
}: {
  slug: string;
  config: ImportKind;
  opened: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>(START);
  const abort = useRef<AbortController | null>(null);

  const choose = async (file: File | null) => {
    if (!file) return setStage(START);
    if (file.size > LIMITS.importFileBytesMax) {
      return setStage({
        ...START,
        file,
        problem: `The file is larger than ${MAX_MB} MB. Split it into smaller files.`,
      });
    }
    const parsed = parseCsv(await file.text(), config.columns);
    const plan = planImport(parsed.records);
    const problem = parsed.records.length === 0 ? 'The file has no rows under its header row.' : null;
    setStage({ name: 'choose', file, parsed, plan, problem });
  };

  const start = async (file: File, plan: ImportPlan) => {
    const controller = new AbortController();
    abort.current = controller;
    setStage({
      name: 'running',
      file,
      progress: { sentRows: 0, totalRows: plan.rowCount, created: 0, failed: 0 },
    });
    try {
      const result = await runImport({
        chunks: plan.chunks,
        rejected: plan.rejected,
        send: (chunk, signal) => importRows(slug, config.kind, chunk, signal),
        onProgress: (progress) => setStage({ name: 'running', file, progress }),
        signal: controller.signal,
      });
      setStage({ name: 'done', file, result });
      notifySuccess(
        'Import Finished',
        `${result.created} ${config.noun} saved, ${result.failed.length} not imported.`,
      );
    } catch (error) {
      notifyError(error);
      setStage(START);
    } finally {
      abort.current = null;
      void queryClient.invalidateQueries({ queryKey: directoryKeys.all(slug) });
    }
  };

  const close = () => {
    if (stage.name === 'running') return;
    setStage(START);
    onClose();
  };
  const template = () => downloadText(`${config.kind}-template.csv`, toCsv(config.columns, [config.example]));

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Import ${config.noun} from CSV`}
      size="lg"
      centered
      closeOnClickOutside={stage.name !== 'running'}
    >
      {stage.name === 'choose' ? (
        <Stack gap="md">
          <Text size="sm">
            The first row names the columns: <Code>{config.columns.join(', ')}</Code>. Other columns are
            ignored. Each row is saved whole or not at all.
          </Text>
          <Group>
            <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} onClick={template}>
              Download template
            </Button>
          </Group>
          <FileInput
            label="CSV file"
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            value={stage.file}
            onChange={(file) => void choose(file)}
            leftSection={<IconFileTypeCsv size={16} />}
            clearable
            error={stage.problem}
          />
          {stage.parsed && stage.plan && !stage.problem ? (
            <Alert variant="light" color="indigo" title={`${stage.parsed.records.length} rows found`}>
              {stage.parsed.missingColumns.length > 0 ? (
                <Text size="sm">Columns not in the file: {stage.parsed.missingColumns.join(', ')}.</Text>
              ) : null}
              {stage.parsed.ignoredColumns.length > 0 ? (
                <Text size="sm">Ignored columns: {stage.parsed.ignoredColumns.join(', ')}.</Text>
              ) : null}
              {stage.parsed.missingColumns.length === 0 && stage.parsed.ignoredColumns.length === 0 ? (
                <Text size="sm">All columns recognised.</Text>
              ) : null}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              leftSection={<IconUpload size={16} />}
              disabled={!stage.file || !stage.plan || stage.problem !== null}
              onClick={() => stage.file && stage.plan && void start(stage.file, stage.plan)}
            >
              Import
            </Button>
          </Group>
        </Stack>
      ) : stage.name === 'running' ? (
        <Stack gap="md" aria-live="polite">
          <Text size="sm">
            Importing {stage.file.name}: {stage.progress.sentRows} of {stage.progress.totalRows} rows sent…
          </Text>
          <Progress
            value={
              stage.progress.totalRows === 0
                ? 100
                : (stage.progress.sentRows / stage.progress.totalRows) * 100
            }
            size="lg"
            animated
            aria-label="Import progress"
          />
          <Text size="xs" c="dimmed">
            {stage.progress.created} saved, {stage.progress.failed} not imported so far.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => abort.current?.abort()}>
              Stop
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <ImportReport result={stage.result} fileName={stage.file.name} columnOf={config.columnOf} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStage(START)}>
              Import another file
            </Button>
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
