import { LIMITS } from '@courier/contract';
import { Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { readSheetFile, SheetFileError } from '../../../../lib/csv-import/read-sheet-file';
import type { SheetTable } from '../../../../lib/csv-import/read-table';
import { deliveryKeys } from '../../../../lib/delivery-keys';
import { notifyError } from '../../../../lib/notifications';
import { importDeliveries } from '../../api/import-deliveries';
import { ChooseFileStep } from './choose-file-step';
import { ColumnMappingStep } from './column-mapping-step';
import { StepTitle } from './import-parts';
import { guessMapping, type ColumnMapping } from './order-fields';
import { OrderImportReport } from './order-import-report';
import { runOrderImport, type ColumnOf, type OrderImportProgress, type OrderOutcome } from './order-outcomes';
import { prepareOrders, problemColumn, type PreparedOrder } from './order-rows';
import { PreviewStep } from './preview-step';

interface Loaded {
  file: File;
  table: SheetTable;
  mapping: ColumnMapping;
}

type Stage =
  | { name: 'choose'; file: File | null; reading: boolean; problem: string | null }
  | ({ name: 'map' } & Loaded)
  | ({ name: 'preview'; orders: PreparedOrder[] } & Loaded)
  | ({ name: 'running'; orders: PreparedOrder[]; progress: OrderImportProgress; stopping: boolean } & Loaded)
  | ({ name: 'done'; orders: PreparedOrder[]; outcomes: OrderOutcome[]; cancelled: boolean } & Loaded);

const START: Stage = { name: 'choose', file: null, reading: false, problem: null };

const loadedOf = ({ file, table, mapping }: Loaded): Loaded => ({ file, table, mapping });

function Running({ stage, onStop }: { stage: Extract<Stage, { name: 'running' }>; onStop: () => void }) {
  const { sentRows, totalRows, created, failed } = stage.progress;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <StepTitle step={4} title="Importing" focus />
        <Text size="sm" aria-live="polite">
          {stage.stopping ? 'Stopping after the rows under way… ' : ''}
          {sentRows} of {totalRows} rows sent from {stage.file.name}.
        </Text>
        <Progress
          value={totalRows === 0 ? 100 : (sentRows / totalRows) * 100}
          size="lg"
          animated
          aria-label="Import progress"
        />
        <Text size="xs" c="dimmed">
          {created} created, {failed} not imported so far.
        </Text>
        <Group justify="flex-end">
          <Button
            variant="default"
            leftSection={<IconPlayerStop size={16} />}
            onClick={onStop}
            disabled={stage.stopping}
          >
            Stop the import
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * Orders at volume (issue 34): a CSV file or Excel workbook read in the browser, its columns matched to the fields of
 * a delivery, its rows checked by the contract's schema, then sent in chunks to the batch create, with a report of
 * every row at the end.
 */
export function OrderImport({ slug, countryCode }: { slug: string; countryCode: string }) {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>(START);
  // Headings take the focus only after the user moves between steps, not when the page opens.
  const [moved, setMoved] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const reading = useRef(0);
  useEffect(() => () => abort.current?.abort(), []);

  const go = (next: Stage) => {
    setMoved(true);
    setStage(next);
  };
  const columnOf =
    (loaded: Loaded): ColumnOf =>
    (field) =>
      problemColumn(field, loaded.mapping, loaded.table.header);

  const choose = async (file: File | null) => {
    const ticket = ++reading.current;
    if (!file) return setStage(START);
    setStage({ name: 'choose', file, reading: true, problem: null });
    try {
      const table = await readSheetFile(file, { maxBytes: LIMITS.importFileBytesMax });
      if (ticket === reading.current) go({ name: 'map', file, table, mapping: guessMapping(table.header) });
    } catch (error) {
      if (ticket !== reading.current) return;
      const problem =
        error instanceof SheetFileError
          ? error.message
          : 'The file could not be read. Save it again as .csv or .xlsx and choose it again.';
      setStage({ name: 'choose', file, reading: false, problem });
    }
  };

  const start = async (loaded: Loaded, orders: PreparedOrder[]) => {
    const controller = new AbortController();
    abort.current = controller;
    const totalRows = orders.filter((o) => o.problems.length === 0).length;
    go({
      ...loaded,
      name: 'running',
      orders,
      stopping: false,
      progress: { sentRows: 0, totalRows, created: 0, failed: orders.length - totalRows },
    });
    try {
      const { outcomes, cancelled } = await runOrderImport({
        orders,
        send: (items, signal) => importDeliveries(slug, items, signal),
        columnOf: columnOf(loaded),
        onProgress: (progress) => setStage((s) => (s.name === 'running' ? { ...s, progress } : s)),
        signal: controller.signal,
      });
      go({ ...loaded, name: 'done', orders, outcomes, cancelled });
    } catch (error) {
      // Signed out, not allowed, company gone: no chunk can get through; the rows sent so far stand.
      notifyError(error);
      go({ ...loaded, name: 'preview', orders });
    } finally {
      abort.current = null;
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.all(slug) });
    }
  };

  const stop = () => {
    abort.current?.abort();
    setStage((s) => (s.name === 'running' ? { ...s, stopping: true } : s));
  };

  switch (stage.name) {
    case 'choose':
      return (
        <ChooseFileStep
          file={stage.file}
          reading={stage.reading}
          problem={stage.problem}
          focus={moved}
          onChoose={(file) => void choose(file)}
        />
      );
    case 'map':
      return (
        <ColumnMappingStep
          fileName={stage.file.name}
          header={stage.table.header}
          sample={stage.table.rows[0]?.cells ?? []}
          mapping={stage.mapping}
          countryCode={countryCode}
          focus={moved}
          onChange={(mapping) => setStage({ ...stage, mapping })}
          onBack={() => go(START)}
          onContinue={() =>
            go({
              ...loadedOf(stage),
              name: 'preview',
              orders: prepareOrders(stage.table, stage.mapping, { countryCode }),
            })
          }
        />
      );
    case 'preview':
      return (
        <PreviewStep
          orders={stage.orders}
          columnOf={columnOf(stage)}
          focus={moved}
          onBack={() => go({ ...loadedOf(stage), name: 'map' })}
          onImport={() => void start(loadedOf(stage), stage.orders)}
        />
      );
    case 'running':
      return <Running stage={stage} onStop={stop} />;
    case 'done':
      return (
        <OrderImportReport
          fileName={stage.file.name}
          header={stage.table.header}
          orders={stage.orders}
          outcomes={stage.outcomes}
          cancelled={stage.cancelled}
          onAgain={() => go(START)}
        />
      );
  }
}
