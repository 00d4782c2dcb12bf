import { Button, Card, Group, Skeleton, Stack, Tooltip } from '@mantine/core';
import { IconSparkles, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { EmptyState } from '../../../components/layout/empty-state';
import { PageHeader } from '../../../components/layout/page-header';
import { useLeaveGuard } from '../../../components/dialogs/use-leave-guard';
import { confirmDanger } from '../../../components/list/confirm';
import { QueryError } from '../../../components/list/query-error';
import { browserTimeZone } from '../../../lib/time-zone';
import { useDispatchBoard } from '../api/get-dispatch-board';
import { AutoAssignSwitch, ChangesBar, DayPicker, TravelNote } from '../components/board-toolbar';
import { DispatchBoardColumns } from '../components/dispatch-board';
import { DispatchMap } from '../components/dispatch-map';
import classes from '../components/dispatch.module.css';
import { OptimiseDialog } from '../components/optimise-dialog';
import { WorkingDayDialog } from '../components/working-day-dialog';
import { addDays, dayIn } from '../dispatch-format';
import { useBoardEditor } from '../hooks/use-board-editor';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Columns of grey while the board loads. */
function BoardSkeleton() {
  return (
    <div className={classes.board} aria-busy="true" aria-label="Loading the board">
      {[0, 1, 2].map((i) => (
        <Card key={i} withBorder radius="md" padding="sm" className={classes.column}>
          <Stack gap="xs">
            <Skeleton height={20} width="60%" />
            <Skeleton height={12} width="80%" />
            {[0, 1, 2].map((j) => (
              <Skeleton key={j} height={64} radius="sm" />
            ))}
          </Stack>
        </Card>
      ))}
    </div>
  );
}

function Dispatch() {
  const slug = useScopedCompanySlug();
  const [params, setParams] = useSearchParams();
  const asked = params.get('day');
  const day = asked && DAY.test(asked) ? asked : null;
  const [dirty, setDirty] = useState(false);
  const board = useDispatchBoard(slug, day, dirty);
  // The board of another day stays on screen while it loads; it is not edited meanwhile.
  const data = board.data && (day === null || board.data.day === day) ? board.data : undefined;
  const editor = useBoardEditor(slug, day, data);
  if (editor.dirty !== dirty) setDirty(editor.dirty);
  useLeaveGuard(
    editor.dirty,
    'The routes have unsaved changes: they are lost if you leave. Save or discard them first to keep the board as you want it.',
  );
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [optimising, setOptimising] = useState(false);
  const [workingDayOf, setWorkingDayOf] = useState<string | null>(null);

  const timeZone = board.data?.timeZone ?? browserTimeZone();
  const today = dayIn(timeZone);
  const tomorrow = addDays(today, 1);
  const shownDay = day ?? board.data?.day ?? today;
  const goTo = (next: string) => {
    const go = () => {
      editor.discard();
      setChecked(new Set());
      setParams(
        (p) => {
          const n = new URLSearchParams(p);
          if (next === today) n.delete('day');
          else n.set('day', next);
          return n;
        },
        { replace: true },
      );
    };
    if (!editor.dirty) return go();
    confirmDanger({
      title: 'Discard your changes?',
      message: 'The routes of this day have unsaved changes. Another day shows them as they are saved.',
      confirmLabel: 'Discard and change day',
      onConfirm: go,
    });
  };
  const check = (uuid: string, on: boolean) =>
    setChecked((c) => {
      const next = new Set(c);
      if (on) next.add(uuid);
      else next.delete(uuid);
      return next;
    });
  const checkAll = (uuids: string[], on: boolean) =>
    setChecked((c) => {
      const next = new Set(c);
      for (const uuid of uuids)
        if (on) next.add(uuid);
        else next.delete(uuid);
      return next;
    });
  // Ticks follow the list: a delivery placed since is no longer chosen.
  const waiting = new Set(editor.draft?.unassigned ?? []);
  const chosen = new Set([...checked].filter((uuid) => waiting.has(uuid)));

  const optimise =
    data && data.routes.length > 0 ? (
      <Tooltip
        label={
          editor.dirty ? 'Save or discard your changes first' : 'Plan the routes again with the optimiser'
        }
        withinPortal
      >
        <Button
          leftSection={<IconSparkles size={16} />}
          data-disabled={editor.dirty || undefined}
          aria-disabled={editor.dirty || undefined}
          onClick={() => {
            if (!editor.dirty) setOptimising(true);
          }}
        >
          Optimise{chosen.size > 0 ? ` (${chosen.size})` : ''}
        </Button>
      </Tooltip>
    ) : null;
  const toolbar = (
    <Card withBorder radius="md" padding="sm">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
          <DayPicker day={shownDay} today={today} tomorrow={tomorrow} onChange={goTo} />
          {optimise}
        </Group>
        {board.data ? (
          <Stack gap={4}>
            <AutoAssignSwitch slug={slug} on={board.data.autoAssign} />
            <TravelNote travel={board.data.travel} />
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );

  let body;
  if (board.error && !board.data) {
    body = (
      <QueryError error={board.error} onRetry={() => void board.refetch()} title="Could not load the board" />
    );
  } else if (!data || !editor.draft || !editor.index) {
    body = <BoardSkeleton />;
  } else if (data.routes.length === 0) {
    body = (
      <EmptyState
        icon={IconUsers}
        title="No drivers yet"
        description="Add drivers first: each active driver of the company gets a route here, to place the day's deliveries in."
        action={{ label: 'Add a driver', to: '/DriverAdd' }}
      />
    );
  } else {
    const workingDayRoute = data.routes.find((r) => r.driverUserUuid === workingDayOf) ?? null;
    body = (
      <Stack gap="md">
        {board.error ? (
          <QueryError
            error={board.error}
            onRetry={() => void board.refetch()}
            title="Could not refresh the board"
          />
        ) : null}
        <DispatchBoardColumns
          slug={slug}
          board={data}
          editor={editor}
          checked={chosen}
          onCheck={check}
          onCheckAll={checkAll}
          onWorkingDay={setWorkingDayOf}
        />
        {editor.dirty ? <ChangesBar editor={editor} /> : null}
        <DispatchMap key={data.day} board={data} draft={editor.draft} index={editor.index} />
        {optimising ? (
          <OptimiseDialog
            slug={slug}
            day={day}
            board={data}
            checked={chosen}
            onClose={() => setOptimising(false)}
            onApplied={() => setChecked(new Set())}
          />
        ) : null}
        {workingDayRoute ? (
          <WorkingDayDialog
            slug={slug}
            route={workingDayRoute}
            timeZone={data.timeZone}
            onClose={() => setWorkingDayOf(null)}
          />
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {toolbar}
      {body}
    </Stack>
  );
}

/**
 * /Dispatch (issue 35): a company admin's day of routes. The deliveries in no route, each active driver's route with
 * planned times against the windows, load against the vehicle and figures; changes made by dragging or from the
 * menus are previewed by the server before they are saved; the optimiser proposes plans to review and apply.
 */
export default function DispatchPage() {
  return (
    <>
      <PageHeader
        title="Dispatch"
        description="Place the day's deliveries in the drivers' routes: drag them, reorder the stops, or let the optimiser plan them."
      />
      <AdminGate what="plan the drivers' routes">
        <Dispatch />
      </AdminGate>
    </>
  );
}
